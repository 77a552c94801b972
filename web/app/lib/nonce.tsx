// The nonce of the document being rendered (app/entry.server.tsx makes one per response): the
// inline scripts Remix writes carry it, so the Content-Security-Policy can refuse every other
// inline script. In the browser it is "": browsers hide nonce attributes from the page, and React
// then sees the same empty value when it hydrates.
import { createContext, type ReactNode, useContext } from "react";

const NonceContext = createContext("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);

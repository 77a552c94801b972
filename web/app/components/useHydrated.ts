import { useEffect, useState } from "react";

/**
 * False on the server and in the first client render, true once React runs in the browser.
 * Controls that need JavaScript (a slide-over, an auto-submitting select) start from their
 * no-JavaScript form and switch after hydration, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

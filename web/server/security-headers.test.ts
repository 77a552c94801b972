import { describe, expect, it } from "vitest";
import { DEV_SERVER_CONNECT, documentCsp } from "./security-headers.ts";

const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("a page's Content-Security-Policy", () => {
  it("connects to its own origin only, and to Vite's hot-reload socket only in development", () => {
    expect(directive(documentCsp({ nonce: "n", stripe: false }), "connect-src")).toEqual([
      "'self'",
    ]);
    expect(
      directive(documentCsp({ nonce: "n", stripe: false, devServer: true }), "connect-src"),
    ).toEqual(["'self'", ...DEV_SERVER_CONNECT]);
  });
});

import { describe, expect, it } from "vitest";
import { isCrossOriginWrite } from "./cross-origin.ts";

const headers = (values: Record<string, string>) => new Headers(values);

describe("isCrossOriginWrite", () => {
  it("lets same-origin writes and every read through", () => {
    const same = headers({ origin: "http://localhost:3000", host: "localhost:3000" });
    expect(isCrossOriginWrite("POST", same)).toBe(false);
    expect(isCrossOriginWrite("GET", headers({ origin: "https://evil.example", host: "a" }))).toBe(
      false,
    );
  });

  it("lets a write without Origin through (no browser, so no victim's cookies)", () => {
    expect(isCrossOriginWrite("POST", headers({ host: "localhost:3000" }))).toBe(false);
  });

  it("refuses another site's Origin, a null Origin and a malformed one", () => {
    for (const origin of ["https://evil.example", "null", "not a url", "http://localhost:3001"]) {
      expect(isCrossOriginWrite("POST", headers({ origin, host: "localhost:3000" }))).toBe(true);
    }
    expect(
      isCrossOriginWrite("delete", headers({ origin: "https://evil.example", host: "x" })),
    ).toBe(true);
  });

  it("compares with the first X-Forwarded-Host entry when a proxy sets one", () => {
    const proxied = headers({
      origin: "https://shop.example",
      host: "abc.lambda-url.aws",
      "x-forwarded-host": "shop.example, cdn.internal",
    });
    expect(isCrossOriginWrite("POST", proxied)).toBe(false);
  });

  it("refuses when no host is known at all", () => {
    expect(isCrossOriginWrite("POST", headers({ origin: "https://shop.example" }))).toBe(true);
  });
});

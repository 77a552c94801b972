// safeRedirectTo: a return path ("redirectTo") sent back as a Location header must stay on the
// shop (docs/design.md §5). The corpus gathers the well-known open-redirect bypass forms; each
// must fall back, never throw, and never yield a Location a browser resolves off-site.
import { describe, expect, it } from "vitest";
import { safeRedirectTo } from "./session.server.ts";

const FALLBACK = "/fallback";

/** How a browser resolves a Location header on the shop's page (tabs and newlines dropped). */
const resolvedByBrowser = (location: string) =>
  new URL(location.replace(/[\t\n\r]/g, ""), "https://shop.example/here");

const BYPASSES: string[] = [
  // Protocol-relative and scheme forms.
  "//evil.example",
  "///evil.example",
  "////evil.example/",
  "https://evil.example",
  "http:/evil.example",
  "https:evil.example",
  "HTTPS://evil.example",
  "//evil.example:443/path",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "cart/checkout",
  "",
  // Backslashes, which browsers read as slashes.
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "/.\\\\evil.example",
  "/.\\evil.example",
  "/\\\\evil.example",
  // Whitespace and control characters inside "//" (browsers drop tabs and newlines).
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/ /evil.example",
  "/\u0000/evil.example",
  "/\u000b/evil.example",
  "/\u007f/evil.example",
  "/\u0085/evil.example",
  "/\u00a0/evil.example",
  "/\u2028/evil.example",
  "/\u3000/evil.example",
  "/\u200b/evil.example",
  "/\u202e/evil.example",
  "/\ufeff/evil.example",
  // Percent-encoded slashes, backslashes, whitespace and controls, single and double encoded.
  "/%2f%2fevil.example",
  "%2f%2fevil.example",
  "/%2Fevil.example",
  "/%2f/evil.example",
  "/%252f%252fevil.example",
  "/%25252f%25252fevil.example",
  "/%5cevil.example",
  "/%5C%5Cevil.example",
  "/%255cevil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0a/evil.example",
  "/%00/evil.example",
  "/%2509/evil.example",
  "/%20/evil.example",
  "/%7f/evil.example",
  "/%C2%85/evil.example",
  "/%85/evil.example",
  "/%C2%A0/evil.example",
  "/%E2%80%A8/evil.example",
  "/%E2%80%8B/evil.example",
  "/%0d%0aSet-Cookie:%20sid=x",
  "/\r\nSet-Cookie: sid=x",
  // Dot segments that fold into "//" once resolved.
  "/..//evil.example",
  "/.//evil.example",
  "/a/../..//evil.example",
  "/%2e%2e//evil.example",
  "/%2e//evil.example",
  // Full-width and other look-alike slashes and at signs (U+FF0F, U+2215, U+2044, U+FF3C…).
  "/\uff0f/evil.example",
  "/\uff0fevil.example",
  "\uff0f\uff0fevil.example",
  "/\u2215evil.example",
  "/\u2215/evil.example",
  "/\u2044evil.example",
  "/\u29f8evil.example",
  "/\uff3cevil.example",
  "/\ufe68evil.example",
  "/%EF%BC%8F/evil.example",
  "/%E2%88%95evil.example",
  "/%EF%BC%BCevil.example",
  // Credentials ("@") forms.
  "@evil.example",
  "//shop.example@evil.example",
  "https://shop.example@evil.example",
  "/@evil.example",
  "/\\@evil.example",
  "/%40evil.example",
  "/\uff20evil.example",
  "//%40evil.example",
  // Very long input, and encoding deeper than any real path.
  `/${"a".repeat(5000)}`,
  `/${"%2f".repeat(2000)}evil.example`,
  "/%2525252525252f%2525252525252fevil.example",
];

describe("safeRedirectTo", () => {
  it.each(BYPASSES.map((value) => [JSON.stringify(value), value]))(
    "falls back for %s",
    (_, value) => {
      expect(safeRedirectTo(value, FALLBACK)).toBe(FALLBACK);
    },
  );

  it("falls back for anything but a string", () => {
    for (const value of [undefined, null, 42, {}, ["/cart"], new URL("https://evil.example")]) {
      expect(safeRedirectTo(value, FALLBACK)).toBe(FALLBACK);
    }
    expect(safeRedirectTo(null)).toBe("/");
  });

  it("keeps the shop's own paths, with their query and fragment", () => {
    for (const path of [
      "/",
      "/cart/checkout?x=1",
      "/product/some-slug#reviews",
      "/user/profile",
      "/admin/list-products?search=blue+shirt&category=men&page=2",
      "/order/confirm-order?id=0b6c0a52-7f6e-4c3a-9d0e-2f1b9c8d7e6a",
      "/product?search=100%25",
      "/product?search=caf%C3%A9",
      "/product?next=%2Fcart",
    ]) {
      expect(safeRedirectTo(path, FALLBACK)).toBe(path);
    }
  });

  it("returns the path normalised: dot segments resolved, other characters encoded", () => {
    expect(safeRedirectTo("/a/./b/../c?x=1#y", FALLBACK)).toBe("/a/c?x=1#y");
    expect(safeRedirectTo("/product/café", FALLBACK)).toBe("/product/caf%C3%A9");
    expect(safeRedirectTo("/product?q=<script>", FALLBACK)).toBe("/product?q=%3Cscript%3E");
  });

  it("never throws, and whatever it returns stays on the shop and is a valid header value", () => {
    const samples = [
      ...BYPASSES,
      "/cart",
      "/\ud800",
      "/%",
      "/%zz",
      "/%E0%A4%A",
      "/?a=%ff",
      "/\u{1F600}",
      ...Array.from({ length: 300 }, (_, i) => `/${String.fromCharCode(i)}/evil.example`),
      ...Array.from({ length: 300 }, (_, i) => `/%${i.toString(16).padStart(2, "0")}/evil.example`),
    ];
    for (const value of samples) {
      const path = safeRedirectTo(value, FALLBACK);
      expect(resolvedByBrowser(path).origin, JSON.stringify(value)).toBe("https://shop.example");
      expect(() => new Headers({ Location: path }), JSON.stringify(value)).not.toThrow();
      expect(path.length).toBeLessThanOrEqual(2048);
    }
  });
});

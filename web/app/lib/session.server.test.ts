// safeRedirectTo: a return path ("redirectTo") sent back as a Location header must stay on the
// shop (docs/architecture.md §5). The corpus gathers the well-known open-redirect bypass forms; each
// must fall back, never throw, and never yield a Location a browser resolves off-site.
import { describe, expect, it } from "vitest";
import { REDIRECT_BYPASSES as BYPASSES } from "./redirect-bypasses.test-data.ts";
import { safeRedirectTo } from "./session.server.ts";

const FALLBACK = "/fallback";

/** How a browser resolves a Location header on the shop's page (tabs and newlines dropped). */
const resolvedByBrowser = (location: string) =>
  new URL(location.replace(/[\t\n\r]/g, ""), "https://shop.example/here");

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

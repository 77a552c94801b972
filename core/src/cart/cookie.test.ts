// The cart a browser without JavaScript keeps in a cookie: what the server writes reads back the
// same, a hostile or broken value gives only the valid lines, and a full cart fits one cookie.
import { describe, expect, it } from "vitest";
import type { CartLine } from "./cart.ts";
import { cartCookieValue, decodeCartCookie, encodeCartCookie } from "./cookie.ts";
import { MAX_CART_LINES } from "./line.ts";

const id = "7d3c1a52-6a3e-4f7e-9a43-2b1d0c9e8f10";

describe("the cart cookie", () => {
  it("reads back the lines it was written with, colourless lines included", () => {
    const lines: CartLine[] = [
      { productId: id, colour: "navy", size: "M", quantity: 2 },
      { productId: id, colour: "heather-grey", size: "3-4y", quantity: 1 },
      { productId: "old-product", size: "L", quantity: 9 },
    ];
    const value = encodeCartCookie(lines);
    expect(value).toMatch(/^[A-Za-z0-9*.-]+$/);
    expect(decodeCartCookie(value)).toEqual(lines);
  });

  it("keeps only valid lines of a hostile value, quantities clamped and duplicates merged", () => {
    const value = [
      `${id}*navy*M*4`,
      `${id}*navy*M*7`,
      `${id}*not-a-colour*M*1`,
      `${id}*navy*XXXL*1`,
      `<script>*navy*M*1`,
      `${id}*forest*L*-3`,
      "garbage",
    ].join(".");
    expect(decodeCartCookie(value)).toEqual([
      { productId: id, colour: "navy", size: "M", quantity: 9 },
      { productId: id, colour: "forest", size: "L", quantity: 1 },
    ]);
    expect(decodeCartCookie("")).toEqual([]);
    expect(decodeCartCookie(undefined)).toEqual([]);
    expect(decodeCartCookie("x".repeat(10_000))).toEqual([]);
  });

  it("fits a full cart in one cookie (browsers keep 4096 bytes)", () => {
    const lines: CartLine[] = Array.from({ length: MAX_CART_LINES }, (_, i) => ({
      productId: crypto.randomUUID(),
      colour: "heather-grey",
      size: i % 2 ? "3-4y" : "39-42",
      quantity: 9,
    }));
    expect(`cart=${encodeCartCookie(lines)}`.length).toBeLessThan(4096);
  });

  it("is found among the request's other cookies", () => {
    expect(cartCookieValue(`sid=abc; cart=${id}*navy*M*1; toast=x`)).toBe(`${id}*navy*M*1`);
    expect(cartCookieValue("sid=abc; mycart=1")).toBeUndefined();
    expect(cartCookieValue(null)).toBeUndefined();
  });
});

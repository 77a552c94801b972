import { describe, expect, it } from "vitest";
import { checkoutLinesJson } from "./checkout";

describe("the cart's lines as the checkout sends them", () => {
  it("names the product, its colour when it has one, the size and the quantity, and nothing else", () => {
    const sent = JSON.parse(
      checkoutLinesJson([
        { productId: "p1", colour: "navy", size: "M", quantity: 2 },
        { productId: "p2", size: "one-size", quantity: 1 },
      ]),
    );
    expect(sent).toEqual([
      { productId: "p1", colour: "navy", size: "M", quantity: 2 },
      { productId: "p2", size: "one-size", quantity: 1 },
    ]);
  });

  it("is an empty list for an empty cart (no quote is asked for)", () => {
    expect(checkoutLinesJson([])).toBe("[]");
  });
});

// The cart's head script (lib/cart.ts), run as the browser runs it before the first paint, on a
// stand-in of the document, its storage and its location.
import { describe, expect, it } from "vitest";
import { CART_LINES_ATTRIBUTE, CART_PAGE, cartLinesScript } from "./cart";

function run(script: string, stored: string | null) {
  const attributes = new Map<string, string>();
  const style: Record<string, string> = {};
  const replaced: string[] = [];
  const documentElement = {
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    getAttribute: (name: string) => attributes.get(name) ?? null,
    style,
  };
  const localStorage = { getItem: () => stored };
  const location = { replace: (url: string) => replaced.push(url) };
  new Function("document", "localStorage", "location", script)(
    { documentElement },
    localStorage,
    location,
  );
  return { lines: attributes.get(CART_LINES_ATTRIBUTE), hidden: style.visibility, replaced };
}

const TWO_LINES = JSON.stringify([
  { productId: "a", size: "M", quantity: 1 },
  { productId: "b", size: "L", quantity: 2 },
]);

describe("cartLinesScript", () => {
  it("marks the number of stored lines, and stays on the page", () => {
    expect(run(cartLinesScript(), TWO_LINES)).toEqual({
      lines: "2",
      hidden: undefined,
      replaced: [],
    });
    expect(run(cartLinesScript(), null)).toEqual({ lines: "0", hidden: undefined, replaced: [] });
  });

  it("for the checkout, replaces an empty cart's document with the cart's page, hidden meanwhile", () => {
    for (const stored of [null, "[]", "not json"]) {
      expect(run(cartLinesScript(CART_PAGE), stored)).toEqual({
        lines: "0",
        hidden: "hidden",
        replaced: [CART_PAGE],
      });
    }
    expect(run(cartLinesScript(CART_PAGE), TWO_LINES)).toEqual({
      lines: "2",
      hidden: undefined,
      replaced: [],
    });
  });

  it("cannot close its script element", () => {
    expect(cartLinesScript("/cart</script><script>alert(1)")).not.toContain("</script");
  });
});

// "Add to cart" without JavaScript against DynamoDB Local: the variant must be offered and have a
// unit left (another colour's stock does not count), and a full cart refuses a new line.
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { COLOUR_NOT_OFFERED, SIZE_NOT_OFFERED } from "../inventory/schemas.ts";
import { saveStock } from "../inventory/stock.server.ts";
import { addLineToCart } from "./add.server.ts";
import type { CartLine } from "./cart.ts";
import { CART_FULL, MAX_CART_LINES, SIZE_SOLD_OUT } from "./line.ts";

const product = {
  id: "p-add-to-cart",
  sizes: ["S", "M"],
  colourways: [{ colour: { id: "navy" } }, { colour: { id: "forest" } }],
};

describe("add to cart without JavaScript", () => {
  it("adds a variant in stock, grows its line, and refuses what cannot be bought", async () => {
    const { ctx } = await createTestContext();
    await saveStock(ctx, product.id, [
      { key: "navy/M", shown: 0, typed: 2 },
      { key: "navy/S", shown: 0, typed: 0 },
      { key: "forest/S", shown: 0, typed: 5 },
    ]);
    const once = await addLineToCart(ctx, [], product, { colour: "navy", size: "M" });
    const twice = await addLineToCart(ctx, once.lines, product, { colour: "navy", size: "M" });
    expect(twice.lines).toEqual([
      { productId: product.id, colour: "navy", size: "M", quantity: 2 },
    ]);
    // No colour: the first colourway (a product page from before colourways).
    expect(await addLineToCart(ctx, [], product, { size: "M" })).toEqual(once);
    expect(once.added).toEqual({ productId: product.id, colour: "navy", size: "M" });

    // Forest has S in stock; navy S has none.
    const refusal = (input: { colour?: string; size: string }, lines: CartLine[] = []) =>
      addLineToCart(ctx, lines, product, input).then(
        () => null,
        (error: { message: string; field: string; status: number }) => ({
          message: error.message,
          field: error.field,
          status: error.status,
        }),
      );
    expect(await refusal({ colour: "navy", size: "S" })).toEqual({
      message: SIZE_SOLD_OUT,
      field: "size",
      status: 409,
    });
    expect(await refusal({ colour: "red", size: "S" })).toMatchObject({
      message: COLOUR_NOT_OFFERED,
      field: "colour",
    });
    expect(await refusal({ colour: "forest", size: "XL" })).toMatchObject({
      message: SIZE_NOT_OFFERED,
      field: "size",
    });
    expect(await refusal({ colour: "forest", size: "S" })).toBeNull();

    const full: CartLine[] = Array.from({ length: MAX_CART_LINES }, (_, i) => ({
      productId: `other-${i}`,
      size: "M",
      quantity: 1,
    }));
    expect(await refusal({ colour: "forest", size: "S" }, full)).toMatchObject({
      message: CART_FULL,
      field: "cart",
    });
    // A line already in a full cart still grows.
    const fullWithNavy = [...full.slice(1), ...once.lines];
    expect(await refusal({ colour: "navy", size: "M" }, fullWithNavy)).toBeNull();
  });
});

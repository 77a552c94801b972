// A cart line is a variant (docs/product.md §9 "Colours"): the checkout prices each line in its
// colour, a line without one (a cart saved before colourways) in the product's first, and refuses
// a colour the product does not come in with the field "cart", a 4xx, and nothing stored.

import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { priceCart } from "./priced-cart.server.ts";
import { domainError, placeAsAna, productInput, testShop } from "./test-fixtures.ts";

async function shop() {
  const test = await testShop(await createTestContext(), {
    products: {
      polo: productInput("pique-polo-shirt", {
        name: "Piqué Polo Shirt",
        sizes: ["M", "L"],
        colours: ["forest", "navy"],
        stock: { "forest/M": 5, "forest/L": 5, "navy/M": 5, "navy/L": 5 },
      }),
    },
  });
  return { ...test, polo: test.products.polo };
}

describe("the checkout's lines and their colours", () => {
  it("prices the same product in two colours as two lines, each keeping its colour", async () => {
    const { ctx, polo } = await shop();
    const priced = await priceCart(
      ctx,
      [
        { productId: polo.id, colour: "navy", size: "M", quantity: 1 },
        { productId: polo.id, colour: "forest", size: "M", quantity: 2 },
      ],
      "STANDARD",
    );
    expect(priced.lines.map((l) => [l.colour, l.size, l.quantity])).toEqual([
      ["navy", "M", 1],
      ["forest", "M", 2],
    ]);
  });

  it("a line without a colour is the first colourway, and adds up with a line naming it", async () => {
    const { ctx, polo } = await shop();
    const priced = await priceCart(
      ctx,
      [
        { productId: polo.id, size: "M", quantity: 2 },
        { productId: polo.id, colour: "forest", size: "M", quantity: 3 },
      ],
      "STANDARD",
    );
    expect(priced.lines).toMatchObject([{ colour: "forest", size: "M", quantity: 5 }]);
    const over = await domainError(
      priceCart(
        ctx,
        [
          { productId: polo.id, size: "M", quantity: 5 },
          { productId: polo.id, colour: "forest", size: "M", quantity: 5 },
        ],
        "STANDARD",
      ),
    );
    expect(over).toMatchObject({ field: "cart", status: 400 });
  });

  it("refuses a colour the product lacks, or no palette colour, on 'cart' with a 4xx; nothing stored", async () => {
    const { ctx, polo } = await shop();
    const red = await domainError(
      placeAsAna(ctx, [{ productId: polo.id, colour: "red", size: "M", quantity: 1 }]),
    );
    expect(red).toMatchObject({
      field: "cart",
      status: 409,
      message: "Piqué Polo Shirt is not available in Red",
    });
    for (const colour of ["mauve-ish", 42, "", null]) {
      const error = await domainError(
        placeAsAna(ctx, [{ productId: polo.id, colour, size: "M", quantity: 1 }]),
      );
      expect(error.field).toBe("cart");
      expect(error.status).toBeGreaterThanOrEqual(400);
      expect(error.status).toBeLessThan(500);
    }
    const size = await domainError(
      placeAsAna(ctx, [{ productId: polo.id, colour: "navy", size: "XL", quantity: 1 }]),
    );
    expect(size).toMatchObject({
      field: "cart",
      status: 409,
      message: "Piqué Polo Shirt is not available in size Extra Large",
    });
    const { Items = [] } = await ctx.db.send(
      new ScanCommand({
        TableName: ctx.tableName,
        FilterExpression: "entity = :e",
        ExpressionAttributeValues: { ":e": "order" },
      }),
    );
    expect(Items).toHaveLength(0);
  });
});

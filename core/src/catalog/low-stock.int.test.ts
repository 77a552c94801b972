// The admin's low-stock list (docs/product.md §10 "Low stock"): a row per variant at or under the
// threshold, with its colour, size and SKU, lowest first; counts read by variant key.
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { listLowStock } from "./availability.server.ts";
import { createProduct } from "./product-saves.server.ts";

describe("listLowStock", () => {
  it("lists each low variant (product, colour, size, SKU, units left), lowest first", async () => {
    const test = await createTestContext();
    const threshold = test.ctx.config.lowStockThreshold;
    const product = await createProduct(test.ctx, {
      slug: "two-tone-tee",
      name: "Two-tone Tee",
      category: "Kid",
      priceCents: 1500,
      description: "Two colours.",
      sizeScale: "kids",
      sizes: ["3-4y", "4-5y"],
      colours: ["navy", "forest"],
      variants: { "forest/3-4y": { sku: "TT-F-34" } },
      images: [
        { key: "products/x/1.png", alt: "Navy", colour: "navy" },
        { key: "products/x/2.png", alt: "Forest", colour: "forest" },
      ],
      stock: {
        "navy/3-4y": threshold + 10,
        "navy/4-5y": threshold,
        "forest/3-4y": 0,
        "forest/4-5y": threshold + 1,
      },
    });
    const rows = (await listLowStock(test.ctx)).filter((row) => row.productId === product.id);
    expect(rows).toEqual([
      {
        productId: product.id,
        name: "Two-tone Tee",
        slug: "two-tone-tee",
        key: "forest/3-4y",
        colour: "forest",
        colourName: "Forest",
        size: "3-4y",
        sizeLabel: "3–4 Y",
        sizeName: "3–4 years (104 cm)",
        sku: "TT-F-34",
        left: 0,
      },
      expect.objectContaining({
        key: "navy/4-5y",
        colourName: "Navy",
        sku: "TWO-TONE-TEE-NAVY-4-5Y",
        left: threshold,
      }),
    ]);
  });
});

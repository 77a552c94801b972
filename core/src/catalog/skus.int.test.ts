// SKUs against DynamoDB Local (docs/product.md §9 "Colours, sizes and variants"): each is unique
// across the shop, held by a claim written in the same transaction as its product. A SKU another
// product holds, or one repeated in a form, is refused on its variant's field and nothing is
// stored; a SKU a product gives up (changed, or the product deleted) is free again.
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import type { Context } from "../context/index.server.ts";
import { deleteProduct } from "./product-deletion.server.ts";
import { createProduct, updateProduct } from "./product-saves.server.ts";
import { getProductById, type NewProduct } from "./products.server.ts";
import { skuField, skuTaken } from "./sku-claims.server.ts";

const polo = (slug: string, variants: NewProduct["variants"] = {}): NewProduct => ({
  slug,
  name: "Polo",
  category: "Men",
  priceCents: 4500,
  description: "A polo",
  sizes: ["S", "M"],
  colours: ["navy", "forest"],
  images: [{ key: `${slug}.svg`, alt: "Polo", colour: "navy" }],
  variants,
});

const create = (ctx: Context, product: NewProduct) => createProduct(ctx, { ...product, stock: {} });

describe("SKUs", () => {
  it("suggests one per variant, and refuses one another product holds, on its field, storing nothing", async () => {
    const { ctx } = await createTestContext();
    const first = await create(ctx, polo("polo-a", { "navy/M": { sku: "POLO-NAVY-M" } }));
    expect(first.variants.map((v) => v.sku)).toEqual([
      "POLO-A-NAVY-S",
      "POLO-NAVY-M",
      "POLO-A-FOREST-S",
      "POLO-A-FOREST-M",
    ]);
    await expect(
      create(ctx, polo("polo-b", { "forest/S": { sku: "POLO-NAVY-M" } })),
    ).rejects.toMatchObject({
      message: skuTaken("POLO-NAVY-M"),
      field: skuField("forest/S"),
      status: 409,
    });
    // Nothing of the refused product was stored: its slug is free.
    expect((await create(ctx, polo("polo-b"))).slug).toBe("polo-b");
  });

  it("refuses a SKU repeated within one product on the second variant's field", async () => {
    const { ctx } = await createTestContext();
    await expect(
      create(ctx, polo("polo-c", { "navy/S": { sku: "X-1" }, "navy/M": { sku: "X-1" } })),
    ).rejects.toMatchObject({ message: skuTaken("X-1"), field: skuField("navy/M"), status: 400 });
  });

  it("frees a SKU its product changes or is deleted with", async () => {
    const { ctx } = await createTestContext();
    const a = await create(ctx, polo("polo-d", { "navy/S": { sku: "KEEP-ME" } }));
    // Changing the SKU frees the old one for another product.
    await updateProduct(ctx, a.id, polo("polo-d", { "navy/S": { sku: "NEW-ONE" } }));
    expect((await getProductById(ctx, a.id))?.variants[0]?.sku).toBe("NEW-ONE");
    const b = await create(ctx, polo("polo-e", { "navy/S": { sku: "KEEP-ME" } }));
    await expect(
      updateProduct(ctx, b.id, polo("polo-e", { "navy/S": { sku: "NEW-ONE" } })),
    ).rejects.toMatchObject({ field: skuField("navy/S"), status: 409 });
    await deleteProduct(ctx, a.id);
    await updateProduct(ctx, b.id, polo("polo-e", { "navy/S": { sku: "NEW-ONE" } }));
    expect((await getProductById(ctx, b.id))?.variants[0]?.sku).toBe("NEW-ONE");
  });
});

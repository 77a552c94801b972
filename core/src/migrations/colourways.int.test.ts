// Migration 005 against DynamoDB Local, on products as the shop wrote them before colourways: no
// colours, scale or variants on the product, stock counted per size. 30 of them, so the migration
// reads more than one page. It gives each product its colourways from its photos' alt texts, its
// stock to the first colourway's variants and a claimed SKU per variant; run twice, it gives the
// same result and touches nothing the second time.
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { getProductById } from "../catalog/products.server.ts";
import { productIndexes, productKey, skuKey, slugKey, stockIndex, stockKey } from "../db/keys.ts";
import { getStock } from "../inventory/stock.server.ts";
import migration from "./005-colourways.server.ts";

let test: TestContext;

/** A product item and its stock item as the shop wrote them before colourways. */
async function oldProduct(
  id: string,
  images: Array<{ key: string; alt: string }>,
  counts: Record<string, number>,
) {
  const { ctx } = test;
  const slug = `old-${id}`;
  const now = new Date().toISOString();
  for (const Item of [
    { ...slugKey(slug), entity: "slugClaim", productId: id },
    {
      ...productKey(id),
      ...productIndexes(id, slug),
      entity: "product",
      id,
      slug,
      name: `Old ${id}`,
      category: "Men",
      priceCents: 4500,
      description: "Written before colourways.",
      sizes: ["S", "M", "L"],
      images,
      imageVariants: {},
      soldOut: false,
      createdAt: now,
      updatedAt: now,
    },
    { ...stockKey(id), ...stockIndex(id), entity: "stock", productId: id, slug, counts },
  ]) {
    await ctx.db.send(new PutCommand({ TableName: ctx.tableName, Item }));
  }
}

/** Every page of the migration, from the start, as the runner would; returns items touched. */
async function runAll(): Promise<{ touched: number; pages: number }> {
  let cursor: Record<string, unknown> | undefined;
  let touched = 0;
  let pages = 0;
  do {
    const result = await migration.page(test.ctx, cursor);
    touched += result.touched;
    pages++;
    cursor = result.cursor;
  } while (cursor);
  return { touched, pages };
}

async function snapshot() {
  const { ctx } = test;
  const items = [];
  for (const id of ["polo", "plain", ...Array.from({ length: 28 }, (_, i) => `tee-${i}`)]) {
    const product = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: productKey(id), ConsistentRead: true }),
    );
    const { updatedAt: _, ...rest } = product.Item ?? {};
    items.push([rest, await getStock(ctx, id)]);
  }
  return items;
}

beforeAll(async () => {
  test = await createTestContext();
  await oldProduct(
    "polo",
    [
      { key: "products/polo/1.svg", alt: "Forest Piqué Polo Shirt, front view" },
      { key: "products/polo/2.svg", alt: "Navy Piqué Polo Shirt, front view" },
      { key: "products/polo/3.svg", alt: "Forest Piqué Polo Shirt, back view" },
    ],
    { S: 3, M: 7, L: 0 },
  );
  await oldProduct("plain", [{ key: "products/plain/1.svg", alt: "Linen shirt" }], { M: 2 });
  for (let i = 0; i < 28; i++) {
    await oldProduct(`tee-${i}`, [{ key: `products/tee-${i}/1.svg`, alt: "Navy tee" }], { S: i });
  }
});

describe("migration 005: products get colourways", () => {
  it("splits the photos by the colour their alt texts name and moves the stock to the first colourway", async () => {
    const { touched, pages } = await runAll();
    expect(touched).toBe(30);
    expect(pages).toBeGreaterThan(1);

    const polo = await getProductById(test.ctx, "polo");
    expect(polo?.colourways.map((c) => [c.colour.id, c.images.map((i) => i.key)])).toEqual([
      ["forest", ["products/polo/1.svg", "products/polo/3.svg"]],
      ["navy", ["products/polo/2.svg"]],
    ]);
    expect(polo?.sizeScale).toBe("adult");
    expect(await getStock(test.ctx, "polo")).toEqual({
      "forest/S": 3,
      "forest/M": 7,
      "forest/L": 0,
    });
    expect(polo?.variants.map((v) => v.sku)).toContain("OLD-POLO-NAVY-M");

    // Each SKU is claimed for its product and variant.
    const { Item: claim } = await test.ctx.db.send(
      new GetCommand({ TableName: test.ctx.tableName, Key: skuKey("OLD-POLO-NAVY-M") }),
    );
    expect(claim).toMatchObject({ productId: "polo", variant: "navy/M" });

    // No colour named: one "As shown" colourway.
    const plain = await getProductById(test.ctx, "plain");
    expect(plain?.colourways.map((c) => c.colour.id)).toEqual(["as-shown"]);
    expect(await getStock(test.ctx, "plain")).toEqual({ "as-shown/M": 2 });
  });

  it("run again, changes nothing and touches nothing", async () => {
    const before = await snapshot();
    expect((await runAll()).touched).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});

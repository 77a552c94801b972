// A product's stock spread over shards for a sale (docs/decisions/043-stock-shards.md), against
// DynamoDB Local: the spread keeps every count's sum and writes each shard on a partition key of
// its own; every reader shows the sum (the product page, the cart's and the admin's reads, the
// low-stock view, the sold-out flag); an admin's save shares the new count out; the edge purge
// reads a shard's record; a rename and a deletion reach every shard.
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { listLowStock, syncSoldOut } from "../catalog/availability.server.ts";
import { deleteProduct } from "../catalog/product-deletion.server.ts";
import { getProductPage } from "../catalog/product-page.server.ts";
import { createProduct, updateProduct } from "../catalog/product-saves.server.ts";
import { getProductById, type NewProduct } from "../catalog/products.server.ts";
import { settleCatalog } from "../catalog/test-fixtures.ts";
import type { Context } from "../context/index.server.ts";
import { stockShardKey } from "../db/keys.ts";
import { transact } from "../db/transact.server.ts";
import { pathsToPurge, productPaths } from "../edge-cache/purge.ts";
import {
  getStock,
  getStockShards,
  STOCK_CHANGED,
  saveStock,
  spreadStock,
  stockItems,
} from "./stock.server.ts";

const M = "as-shown/M";
const S = "as-shown/S";

const COAT = {
  slug: "shard-coat",
  name: "Shard Coat",
  category: "Women",
  priceCents: 9900,
  description: "A coat.",
  sizes: ["S", "M"],
  images: [{ key: "products/shard-coat/1.svg", alt: "Front" }],
} satisfies Omit<NewProduct, "stock">;

async function coat(units: { S: number; M: number }) {
  const test = await createTestContext();
  const product = await createProduct(test.ctx, { ...COAT, stock: units });
  return { ...test, product };
}

const shardItem = async (ctx: Context, productId: string, shard: number) =>
  (
    await ctx.db.send(
      new GetCommand({
        TableName: ctx.tableName,
        Key: stockShardKey(productId, shard),
        ConsistentRead: true,
      }),
    )
  ).Item;

/** The stream's record of a shard as it now is: MODIFY, new image only. */
const streamed = async (ctx: Context, productId: string, shard: number) => ({
  eventName: "MODIFY",
  dynamodb: {
    NewImage: marshall((await shardItem(ctx, productId, shard)) ?? {}, {
      removeUndefinedValues: true,
    }),
  },
});

describe("stock spread over shards", () => {
  it("keeps every sum, each shard on a key of its own with the slug; spreading again never shrinks", async () => {
    const { ctx, product } = await coat({ S: 3, M: 10 });
    expect(await spreadStock(ctx, product.id, 4)).toBe(4);
    const shards = (await getStockShards(ctx, [product.id])).get(product.id);
    expect(shards?.map((counts) => counts[M])).toEqual([3, 3, 2, 2]);
    expect(shards?.map((counts) => counts[S])).toEqual([1, 1, 1, 0]);
    expect(await getStock(ctx, product.id)).toEqual({ [S]: 3, [M]: 10 });
    const third = await shardItem(ctx, product.id, 3);
    expect(third).toMatchObject({
      pk: `PRODUCT#${product.id}#STOCK#3`,
      sk: "STOCK",
      entity: "stock",
      productId: product.id,
      shard: 3,
      slug: "shard-coat",
    });
    expect(await shardItem(ctx, product.id, 0)).toMatchObject({ shards: 4 });

    expect(await spreadStock(ctx, product.id, 2)).toBe(4);
    expect(await spreadStock(ctx, product.id, 6)).toBe(6);
    const six = (await getStockShards(ctx, [product.id])).get(product.id);
    expect(six?.map((counts) => counts[M])).toEqual([2, 2, 2, 2, 1, 1]);
    expect(await getStock(ctx, product.id)).toEqual({ [S]: 3, [M]: 10 });
  });

  it("every reader shows the sum: the product page, the low-stock view, the sold-out flag", async () => {
    const test = await coat({ S: 0, M: 8 });
    const { ctx, product } = test;
    await spreadStock(ctx, product.id, 4);
    await settleCatalog(ctx);
    expect((await getProductPage(ctx, "shard-coat"))?.stock).toEqual({ [S]: 0, [M]: 8 });
    // Warm: the stock item with the catalogue's version, then the other shards.
    test.resetTableCalls();
    expect((await getProductPage(ctx, "shard-coat"))?.stock).toEqual({ [S]: 0, [M]: 8 });
    expect(test.tableCalls()).toBe(2);

    // An order of 3 takes from shards that have 2 each: the sum is what every reader sees.
    await transact(
      ctx,
      stockItems(
        ctx,
        [{ productId: product.id, colour: "as-shown", size: "M", quantity: 3 }],
        "reserve",
        new Date(),
        new Map([
          [
            product.id,
            new Map([
              [1, new Map([[M, 2]])],
              [2, new Map([[M, 1]])],
            ]),
          ],
        ]),
      ),
    );
    expect(await getStock(ctx, product.id)).toEqual({ [S]: 0, [M]: 5 });
    expect((await getProductPage(ctx, "shard-coat"))?.stock[M]).toBe(5);
    const low = (await listLowStock(ctx)).filter((row) => row.productId === product.id);
    // 5 in all (2, 0, 1, 2 on the shards): at the threshold, shown as the sum.
    expect(low.map((row) => [row.key, row.left]).sort()).toEqual([
      [M, 5],
      [S, 0],
    ]);

    // The admin's form shows 5 and they type 1: shared out over the shards, sum 1.
    await saveStock(ctx, product.id, [{ key: M, shown: 5, typed: 1 }]);
    expect(await getStock(ctx, product.id)).toEqual({ [S]: 0, [M]: 1 });
    const rows = (await listLowStock(ctx)).filter((row) => row.productId === product.id);
    expect(rows.map((row) => [row.key, row.left]).sort()).toEqual([
      [M, 1],
      [S, 0],
    ]);

    // The last unit sold, wherever it is: the product is sold out, then restocked.
    await saveStock(ctx, product.id, [{ key: M, shown: 1, typed: 0 }]);
    const changed = () => ({
      id: crypto.randomUUID(),
      type: STOCK_CHANGED,
      payload: { productIds: [product.id] },
      occurredAt: new Date().toISOString(),
    });
    expect(await syncSoldOut(ctx, changed())).toEqual([product.id]);
    expect((await getProductById(ctx, product.id))?.soldOut).toBe(true);
    await saveStock(ctx, product.id, [{ key: M, shown: 0, typed: 40 }]);
    expect(await syncSoldOut(ctx, changed())).toEqual([product.id]);
    expect((await getProductById(ctx, product.id))?.soldOut).toBe(false);
    expect((await getStockShards(ctx, [product.id])).get(product.id)?.map((c) => c[M])).toEqual([
      10, 10, 10, 10,
    ]);
  });

  it("the edge purge: a sale with plenty on the shard purges nothing, one near the end purges the page", async () => {
    const { ctx, product } = await coat({ S: 0, M: 40 });
    await spreadStock(ctx, product.id, 4);
    const options = { lowStockThreshold: 5 };
    const sell = (shard: number, quantity: number) =>
      transact(
        ctx,
        stockItems(
          ctx,
          [{ productId: product.id, colour: "as-shown", size: "M", quantity }],
          "reserve",
          new Date(),
          new Map([[product.id, new Map([[shard, new Map([[M, quantity]])]])]]),
        ),
      );
    await sell(2, 1); // 10 → 9 on shard 2: the sum (39) shows no count
    expect(pathsToPurge([await streamed(ctx, product.id, 2)], options).paths).toEqual([]);
    await sell(2, 5); // 9 → 4: the sum might now be low
    expect(pathsToPurge([await streamed(ctx, product.id, 2)], options)).toEqual({
      paths: productPaths("shard-coat").sort(),
      unresolved: [],
    });
    // A release goes to shard 0, which says how many shards there are: the same rule.
    await transact(
      ctx,
      stockItems(
        ctx,
        [{ productId: product.id, colour: "as-shown", size: "M", quantity: 1 }],
        "release",
      ),
    );
    expect(await getStock(ctx, product.id)).toEqual({ [S]: 0, [M]: 35 });
    expect(pathsToPurge([await streamed(ctx, product.id, 0)], options).paths).toEqual([]);
  });

  it("a rename reaches every shard's slug (the purge names the page from it)", async () => {
    const { ctx, product } = await coat({ S: 1, M: 1 });
    await spreadStock(ctx, product.id, 3);
    await updateProduct(ctx, product.id, { ...COAT, slug: "renamed-coat" });
    for (const shard of [0, 1, 2]) {
      expect(await shardItem(ctx, product.id, shard)).toMatchObject({ slug: "renamed-coat" });
    }
  });

  it("a deletion removes every shard", async () => {
    const { ctx, product } = await coat({ S: 1, M: 1 });
    await spreadStock(ctx, product.id, 3);
    await deleteProduct(ctx, product.id);
    for (const shard of [0, 1, 2]) expect(await shardItem(ctx, product.id, shard)).toBeUndefined();
  });
});

// Stock items are in no index (docs/decisions/041-flash-sale-stock.md): a new product's stock
// item has no index keys, and an item written before (on gsi1 STOCK) leaves the index at its next
// update, by an order or an admin's save, so the index's one partition is written no more.
import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { createShirt, placeAsAna } from "../checkout/test-fixtures.ts";
import { stockKey } from "../db/keys.ts";
import { listAllStock, saveStock } from "./stock.server.ts";

/** The stock item's gsi1 keys, as stored. */
async function indexKeys(test: TestContext, productId: string) {
  const { Item } = await test.ctx.db.send(
    new GetCommand({ TableName: test.ctx.tableName, Key: stockKey(productId) }),
  );
  return { gsi1pk: Item?.gsi1pk, gsi1sk: Item?.gsi1sk };
}

/** Puts the stock item back on gsi1 STOCK, as the shop wrote stock items before. */
async function asWrittenBefore(test: TestContext, productId: string) {
  await test.ctx.db.send(
    new UpdateCommand({
      TableName: test.ctx.tableName,
      Key: stockKey(productId),
      UpdateExpression: "SET gsi1pk = :pk, gsi1sk = :sk",
      ExpressionAttributeValues: { ":pk": "STOCK", ":sk": productId },
    }),
  );
}

/** The stock items still on gsi1 STOCK. */
async function onStockIndex(test: TestContext) {
  const { Items } = await test.ctx.db.send(
    new QueryCommand({
      TableName: test.ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": "STOCK" },
    }),
  );
  return (Items ?? []).map((item) => item.productId);
}

/** Each product of the list of all stock, with its units. */
async function unitsListed(test: TestContext) {
  return [...(await listAllStock(test.ctx))].map(([id, counts]) => [
    id,
    Object.values(counts).reduce((sum, n) => sum + n, 0),
  ]);
}

describe("stock items and the index", () => {
  it("a new product's stock is in no index, and is listed through the catalogue", async () => {
    const test = await createTestContext();
    const shirt = await createShirt(test.ctx, "M", 5);
    expect(await indexKeys(test, shirt.id)).toEqual({ gsi1pk: undefined, gsi1sk: undefined });
    expect(await onStockIndex(test)).toEqual([]);
    expect(await unitsListed(test)).toEqual([[shirt.id, 5]]);
  });

  it("an older stock item leaves gsi1 STOCK when an order takes its units", async () => {
    const test = await createTestContext();
    const shirt = await createShirt(test.ctx, "M", 5);
    await asWrittenBefore(test, shirt.id);
    expect(await onStockIndex(test)).toEqual([shirt.id]);

    await placeAsAna(test.ctx, [{ productId: shirt.id, size: "M", quantity: 1 }]);
    expect(await indexKeys(test, shirt.id)).toEqual({ gsi1pk: undefined, gsi1sk: undefined });
    expect(await onStockIndex(test)).toEqual([]);
    expect(await unitsListed(test)).toEqual([[shirt.id, 4]]);
  });

  it("an older stock item leaves gsi1 STOCK when an admin saves its counts", async () => {
    const test = await createTestContext();
    const shirt = await createShirt(test.ctx, "M", 5);
    await asWrittenBefore(test, shirt.id);

    await saveStock(test.ctx, shirt.id, [{ key: "M", shown: 5, typed: 7 }]);
    expect(await indexKeys(test, shirt.id)).toEqual({ gsi1pk: undefined, gsi1sk: undefined });
    expect(await onStockIndex(test)).toEqual([]);
  });
});

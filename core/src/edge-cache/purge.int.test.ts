// The stock item as the inventory writes it to DynamoDB Local, read by the purge as the table's
// stream delivers it (a new image only): each change of the counts keeps the counts it changed,
// so a restock from "Only 2 left" to plenty purges the product page, and a sale that changes no
// label purges nothing.
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import type { Context } from "../context/index.server.ts";
import { stockKey } from "../db/keys.ts";
import { transact } from "../db/transact.server.ts";
import { saveStock, stockItems } from "../inventory/stock.server.ts";
import { pathsToPurge, productPaths } from "./purge.ts";

const options = { lowStockThreshold: 5 };

/** The stream's record of the stock item as it now is: MODIFY, new image only. */
async function streamed(ctx: Context, productId: string) {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: stockKey(productId), ConsistentRead: true }),
  );
  const withSlug = { ...Item, slug: "rain-jacket" };
  return {
    item: withSlug,
    record: {
      eventName: "MODIFY",
      dynamodb: { NewImage: marshall(withSlug, { removeUndefinedValues: true }) },
    },
  };
}

describe("stock changes on the stream", () => {
  it("keep the counts they changed, so the purge sees a restock from low to plenty", async () => {
    const { ctx } = await createTestContext();
    const productId = `p-purge-${crypto.randomUUID()}`;
    await saveStock(ctx, productId, [
      { key: "as-shown/S", shown: 0, typed: 2 },
      { key: "as-shown/M", shown: 0, typed: 40 },
    ]);

    await saveStock(ctx, productId, [{ key: "as-shown/S", shown: 2, typed: 50 }]);
    const restocked = await streamed(ctx, productId);
    expect(restocked.item).toMatchObject({
      counts: { "as-shown/S": 50, "as-shown/M": 40 },
      previousCounts: { "as-shown/S": 2, "as-shown/M": 40 },
    });
    expect(pathsToPurge([restocked.record], options).paths).toEqual(
      productPaths("rain-jacket").sort(),
    );

    // An order's units, taken in the order's transaction: 40 → 39 of M changes no label.
    await transact(
      ctx,
      stockItems(ctx, [{ productId, colour: "as-shown", size: "M", quantity: 1 }], "reserve"),
    );
    const sold = await streamed(ctx, productId);
    expect(sold.item).toMatchObject({
      counts: { "as-shown/S": 50, "as-shown/M": 39 },
      previousCounts: { "as-shown/S": 50, "as-shown/M": 40 },
    });
    expect(pathsToPurge([sold.record], options).paths).toEqual([]);

    // Given back down to a low count: the page's label changes.
    await saveStock(ctx, productId, [{ key: "as-shown/M", shown: 39, typed: 3 }]);
    const low = await streamed(ctx, productId);
    expect(low.item).toMatchObject({
      counts: { "as-shown/M": 3 },
      previousCounts: { "as-shown/M": 39 },
    });
    expect(pathsToPurge([low.record], options).paths).toEqual(productPaths("rain-jacket").sort());
  });
});

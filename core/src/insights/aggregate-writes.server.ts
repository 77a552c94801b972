// Writing the sales aggregates in bulk (the rebuild, ./rebuild.server.ts, and the migrations): a
// day's items in the aggregates' layout, a partition replaced by a set of items, and batches of
// writes retried while DynamoDB leaves some unprocessed.
import { BatchWriteCommand, paginateQuery } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { salesDayKey, salesProductDayKey, salesPromotionDayKey } from "../db/keys.ts";
import { COLOUR_ATTRIBUTE_PREFIX, INSIGHTS_ENTITIES } from "./aggregates.server.ts";
import type { SalesDay } from "./figures.ts";

/**
 * A day's items in the aggregates' layout (docs/decisions/039-sales-summed-per-batch.md): its
 * totals, and one item per product sold with its units per colour.
 */
export function salesDayItems(d: SalesDay): Array<Record<string, unknown> & { sk: string }> {
  const colours = new Map<string, Record<string, number>>();
  for (const [key, n] of Object.entries(d.colours ?? {})) {
    const slash = key.indexOf("/");
    const productId = key.slice(0, slash);
    const own = colours.get(productId) ?? {};
    own[`${COLOUR_ATTRIBUTE_PREFIX}${key.slice(slash + 1)}`] = n;
    colours.set(productId, own);
  }
  return [
    {
      ...salesDayKey(d.day),
      entity: INSIGHTS_ENTITIES.day,
      day: d.day,
      revenueCents: d.revenueCents,
      orders: d.orders,
      items: d.items,
    },
    ...Object.entries(d.products).map(([productId, units]) => ({
      ...salesProductDayKey(d.day, productId),
      entity: INSIGHTS_ENTITIES.productDay,
      day: d.day,
      productId,
      units,
      ...colours.get(productId),
    })),
    ...Object.entries(d.promotions ?? {}).map(([promotionId, p]) => ({
      ...salesPromotionDayKey(d.day, promotionId),
      entity: INSIGHTS_ENTITIES.promotionDay,
      day: d.day,
      promotionId,
      ...p,
    })),
  ];
}

export type WriteRequest =
  | { PutRequest: { Item: Record<string, unknown> } }
  | { DeleteRequest: { Key: Record<string, unknown> } };

/** Puts `items` into the partition `pk` and deletes every other item found there. */
export async function replacePartition(
  ctx: Context,
  pk: string,
  items: Array<Record<string, unknown> & { sk: string }>,
): Promise<void> {
  const keep = new Set(items.map((item) => item.sk));
  const stale: WriteRequest[] = [];
  const pages = paginateQuery(
    { client: ctx.db, pageSize: 500 },
    {
      TableName: ctx.tableName,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": pk },
      ProjectionExpression: "pk, sk",
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      if (!keep.has(String(item.sk))) stale.push({ DeleteRequest: { Key: { pk, sk: item.sk } } });
    }
  }
  await writeAll(ctx, [...stale, ...items.map((Item) => ({ PutRequest: { Item } }))]);
}

/** Rounds of retries of items DynamoDB left unprocessed (throttling) before giving up. */
const UNPROCESSED_RETRIES = 5;

/** Writes `requests` 25 at a time, retrying what DynamoDB leaves unprocessed. */
export async function writeAll(ctx: Context, requests: WriteRequest[]): Promise<void> {
  for (let start = 0; start < requests.length; start += 25) {
    let batch = requests.slice(start, start + 25);
    for (let attempt = 0; batch.length > 0; attempt++) {
      if (attempt > UNPROCESSED_RETRIES) throw new Error("BatchWriteItem left items unprocessed");
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const { UnprocessedItems } = await ctx.db.send(
        new BatchWriteCommand({ RequestItems: { [ctx.tableName]: batch } }),
      );
      batch = (UnprocessedItems?.[ctx.tableName] ?? []) as WriteRequest[];
    }
  }
}

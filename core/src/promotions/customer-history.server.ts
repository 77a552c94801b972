// A customer's history, for the promotions' customer conditions "once per customer" and "first
// order" (docs/product.md §9 "Promotions"): their claims (pk USER#<id> sk PROMOUSE#<promotion id>,
// written by ./redemptions.server.ts) and their orders that count.
import { paginateQuery, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { FIRST_ORDER_CLAIM, PROMOTION_USE_PREFIX, userOrdersIndex } from "../db/keys.ts";

/** What a customer's history says to the promotions' customer conditions. */
export interface CustomerHistory {
  /** Their orders placed before, a failed or cancelled one not counted. */
  ordersBefore: number;
  /** The once-per-customer promotions they have used. */
  usedPromotionIds: Set<string>;
}

/**
 * A customer's history for the conditions "once per customer" and "first order": their claims
 * (one Query of their partition) and how many of their orders count (one Query of gsi1, Select
 * COUNT), in parallel. Read only when a promotion in play has such a condition.
 */
export async function customerHistory(ctx: Context, userId: string): Promise<CustomerHistory> {
  const [claims, orders] = await Promise.all([
    ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :use)",
        ExpressionAttributeValues: { ":pk": `USER#${userId}`, ":use": PROMOTION_USE_PREFIX },
        ProjectionExpression: "sk",
        ConsistentRead: true,
      }),
    ),
    countLiveOrders(ctx, userId),
  ]);
  const used = new Set(
    (claims.Items ?? []).map((item) => String(item.sk).slice(PROMOTION_USE_PREFIX.length)),
  );
  const firstClaimed = used.delete(FIRST_ORDER_CLAIM);
  return { ordersBefore: Math.max(orders, firstClaimed ? 1 : 0), usedPromotionIds: used };
}

async function countLiveOrders(ctx: Context, userId: string): Promise<number> {
  let count = 0;
  const pages = paginateQuery(
    { client: ctx.db },
    {
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      FilterExpression: "payment <> :failed AND #state <> :canceled",
      ExpressionAttributeNames: { "#state": "state" },
      ExpressionAttributeValues: {
        ":pk": userOrdersIndex(userId).gsi1pk,
        ":failed": "failed",
        ":canceled": "CANCELED",
      },
      Select: "COUNT",
    },
  );
  for await (const page of pages) count += page.Count ?? 0;
  return count;
}

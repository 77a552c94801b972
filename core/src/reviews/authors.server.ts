// How many reviews one customer wrote (the admin's customer page, docs/product.md §10
// "Customers"). Reviews live in their product's partition and no index lists them by author, but
// a customer may review only a product they paid for (docs/product.md §6 "Customer"), and paying
// writes a purchase mark in their own partition. So their reviews are found from their purchase
// marks: one Query of `USER#<id>` begins_with `PURCHASE#`, then one BatchGetItem of the review
// keys per 100 products bought. The cost follows what the customer bought, never the number of
// reviews in the shop, and the write path of a review stays as it is.
import { BatchGetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { purchaseKey, reviewKey } from "../db/keys.ts";

const BATCH_GET_MAX = 100;
const PURCHASE_PREFIX = purchaseKey("", "").sk;

/** The number of reviews this customer wrote (on products they bought that still exist). */
export async function countReviewsByAuthor(ctx: Context, userId: string): Promise<number> {
  const productIds: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :purchase)",
        ExpressionAttributeValues: {
          ":pk": purchaseKey(userId, "").pk,
          ":purchase": PURCHASE_PREFIX,
        },
        ProjectionExpression: "sk",
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      productIds.push(String(item.sk).slice(PURCHASE_PREFIX.length));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);

  let count = 0;
  for (let i = 0; i < productIds.length; i += BATCH_GET_MAX) {
    let keys: Record<string, unknown>[] = productIds
      .slice(i, i + BATCH_GET_MAX)
      .map((productId) => reviewKey(productId, userId));
    while (keys.length > 0) {
      const { Responses, UnprocessedKeys } = await ctx.db.send(
        new BatchGetCommand({
          RequestItems: { [ctx.tableName]: { Keys: keys, ProjectionExpression: "pk" } },
        }),
      );
      count += Responses?.[ctx.tableName]?.length ?? 0;
      keys = UnprocessedKeys?.[ctx.tableName]?.Keys ?? [];
    }
  }
  return count;
}

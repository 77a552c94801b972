// Accounts made before the customers list existed lack its index key (gsi1 CUSTOMERS, written
// at sign-up since: core/src/db/keys.ts customerIndex). This one-off backfill gives it to them.
// It is maintenance, never on a request path: the one Scan of the shop's code, filtered to user
// items without the key, each updated under a condition (a concurrent deletion is not revived,
// a key already there is kept). Once done it leaves a mark, so running it again (the seed runs it
// on every `npm start`) costs one GetItem.
import { GetCommand, PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { conditionalUpdate } from "../db/conditional.server.ts";
import { customerIndex, migrationKey } from "../db/keys.ts";

export const CUSTOMER_INDEX_MIGRATION = "customer-index";

/** Items a page of the backfill examines (Scan's Limit: before the filter). */
const PAGE_ITEMS = 500;

/**
 * One page of the backfill from `startKey`: gives the accounts found there the customers list's
 * key (each under a condition, so a page done twice changes nothing). Returns how many it updated
 * and where the next page starts (undefined: the table is done).
 */
export async function backfillCustomerIndexPage(
  ctx: Context,
  startKey: Record<string, unknown> | undefined,
): Promise<{ updated: number; next?: Record<string, unknown> }> {
  const page = await ctx.db.send(
    new ScanCommand({
      TableName: ctx.tableName,
      FilterExpression: "entity = :user AND sk = :profile AND attribute_not_exists(gsi1pk)",
      ExpressionAttributeValues: { ":user": "user", ":profile": "PROFILE" },
      ProjectionExpression: "pk, sk, id, createdAt",
      Limit: PAGE_ITEMS,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  let updated = 0;
  for (const item of page.Items ?? []) {
    const keys = customerIndex(String(item.createdAt), String(item.id));
    const { ok } = await conditionalUpdate(ctx, {
      TableName: ctx.tableName,
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: "SET gsi1pk = :pk, gsi1sk = :sk",
      ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(gsi1pk)",
      ExpressionAttributeValues: { ":pk": keys.gsi1pk, ":sk": keys.gsi1sk },
    });
    if (ok) updated++;
  }
  return { updated, ...(page.LastEvaluatedKey ? { next: page.LastEvaluatedKey } : {}) };
}

/**
 * Gives every account the customers list's key; returns how many it updated (0 once done). The
 * deploy's migration 001 (core/src/migrations) does the same page by page; this whole-table form
 * is `npm run customers:backfill`'s.
 */
export async function backfillCustomerIndex(ctx: Context, now = new Date()): Promise<number> {
  const mark = migrationKey(CUSTOMER_INDEX_MIGRATION);
  const { Item } = await ctx.db.send(new GetCommand({ TableName: ctx.tableName, Key: mark }));
  if (Item) return 0;
  let updated = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await backfillCustomerIndexPage(ctx, startKey);
    updated += page.updated;
    startKey = page.next;
  } while (startKey);
  await ctx.db.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: { ...mark, entity: "migration", doneAt: now.toISOString(), updated },
    }),
  );
  return updated;
}

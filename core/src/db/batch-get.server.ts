// BatchGetItem of any number of keys: 100 keys a call (DynamoDB's limit), and the keys it leaves
// unprocessed (the table's throughput) asked again after a growing pause, a bounded number of
// times, then an error: never a tight loop against a throttled table.
import { BatchGetCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";

/** DynamoDB's most keys in one BatchGetItem. */
export const BATCH_GET_LIMIT = 100;
/** Calls again for unprocessed keys before giving up. */
const UNPROCESSED_RETRIES = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The items of these keys that exist, in no particular order. */
export async function batchGetItems(
  ctx: Context,
  keys: ReadonlyArray<Record<string, unknown>>,
  options: { consistent?: boolean; projection?: string } = {},
): Promise<Array<Record<string, unknown>>> {
  const found: Array<Record<string, unknown>> = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
    let pending = keys.slice(start, start + BATCH_GET_LIMIT);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > UNPROCESSED_RETRIES) throw new Error("BatchGetItem left keys unprocessed");
      if (attempt > 0) await sleep(25 * 2 ** attempt);
      const { Responses, UnprocessedKeys } = await ctx.db.send(
        new BatchGetCommand({
          RequestItems: {
            [ctx.tableName]: {
              Keys: pending,
              ...(options.consistent ? { ConsistentRead: true } : {}),
              ...(options.projection ? { ProjectionExpression: options.projection } : {}),
            },
          },
        }),
      );
      found.push(...(Responses?.[ctx.tableName] ?? []));
      pending = UnprocessedKeys?.[ctx.tableName]?.Keys ?? [];
    }
  }
  return found;
}

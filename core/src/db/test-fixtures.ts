// What integration tests share to write many fixtures at once, when a test is about reading them
// and not about how they are written: BatchWriteItem, 25 items a request, a few requests at once.
import { BatchWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";

type PutRequests = NonNullable<
  ConstructorParameters<typeof BatchWriteCommand>[0]["RequestItems"]
>[string];

/** Writes `items` (whole items, keys from ./keys.ts) unconditionally, unprocessed ones again. */
export async function putItems(
  ctx: Pick<Context, "db" | "tableName">,
  items: Array<Record<string, unknown>>,
  concurrency = 4,
): Promise<void> {
  const chunks: PutRequests[] = [];
  for (let i = 0; i < items.length; i += 25) {
    chunks.push(items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })));
  }
  const write = async (chunk: PutRequests) => {
    let requests = chunk;
    while (requests.length > 0) {
      const { UnprocessedItems } = await ctx.db.send(
        new BatchWriteCommand({ RequestItems: { [ctx.tableName]: requests } }),
      );
      requests = UnprocessedItems?.[ctx.tableName] ?? [];
    }
  };
  for (let i = 0; i < chunks.length; i += concurrency) {
    await Promise.all(chunks.slice(i, i + concurrency).map(write));
  }
}

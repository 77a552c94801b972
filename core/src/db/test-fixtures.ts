// What integration tests share to write many fixtures at once, when a test is about reading them
// and not about how they are written: BatchWriteItem, 25 items a request, a few requests at once.
import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
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

/** The writes a piece of domain code made, kept instead of sent (see `recordWrites`). */
export interface RecordedWrites {
  puts: Array<Record<string, unknown>>;
  updates: Array<{ Key: Record<string, unknown> }>;
}

/**
 * Runs `work` against a copy of `ctx` whose table client keeps each write instead of sending
 * it (a TransactWriteItems' items, a PutItem's item, an UpdateItem's key) and answers a GetItem
 * with nothing there: the items exactly as the code writes them, for `putItems` to write many at
 * once. Any other call fails, so a change in what the code asks shows here first.
 */
export async function recordWrites(
  ctx: Context,
  work: (recording: Context) => Promise<unknown>,
): Promise<RecordedWrites> {
  const writes: RecordedWrites = { puts: [], updates: [] };
  const keep = (write: { Put?: { Item?: object }; Update?: { Key?: object } }) => {
    if (write.Put?.Item) writes.puts.push(write.Put.Item as Record<string, unknown>);
    else if (write.Update?.Key)
      writes.updates.push({ Key: write.Update.Key as Record<string, unknown> });
    else throw new Error(`recordWrites: a write of another kind: ${JSON.stringify(write)}`);
  };
  const send = async (command: unknown) => {
    if (command instanceof TransactWriteCommand) {
      for (const write of command.input.TransactItems ?? []) keep(write);
    } else if (command instanceof PutCommand) {
      keep({ Put: { Item: command.input.Item } });
    } else if (command instanceof UpdateCommand) {
      keep({ Update: { Key: command.input.Key } });
    } else if (!(command instanceof GetCommand)) {
      throw new Error(`recordWrites: the code called ${String(command?.constructor.name)}`);
    }
    return {};
  };
  await work({ ...ctx, db: { send } as unknown as Context["db"] });
  return writes;
}

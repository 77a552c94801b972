// A stand-in for DynamoDB's point-in-time recovery, which DynamoDB Local lacks
// (docs/decisions/036-restore.md "Rehearsed"): a snapshot is a consistent Scan of the table's
// items at a moment; restoring it makes a new table of the same shape and writes them back.
// Like AWS's RestoreTableToPointInTime, the new table has no stream and no TTL: what the restore
// turns on afterwards is the same code path as on AWS (scripts/lib/restore-aws.ts).
import { CreateTableCommand, DynamoDBClient, waitUntilTableExists } from "@aws-sdk/client-dynamodb";
import { BatchWriteCommand, DynamoDBDocumentClient, paginateScan } from "@aws-sdk/lib-dynamodb";
import { createTableInput } from "@shop/core/db";

export interface TableSnapshot {
  table: string;
  /** When it was taken (ISO-8601): the point in time it restores to. */
  takenAt: string;
  items: Array<Record<string, unknown>>;
}

const client = (endpoint: string) =>
  new DynamoDBClient({
    endpoint,
    region: "eu-west-1",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });

/** Every item of `table` now, as the point in time a restore can go back to. */
export async function snapshotTable(endpoint: string, table: string): Promise<TableSnapshot> {
  const db = DynamoDBDocumentClient.from(client(endpoint));
  try {
    const takenAt = new Date().toISOString();
    const items: Array<Record<string, unknown>> = [];
    for await (const page of paginateScan(
      { client: db },
      { TableName: table, ConsistentRead: true },
    )) {
      items.push(...(page.Items ?? []));
    }
    return { table, takenAt, items };
  } finally {
    db.destroy();
  }
}

/** The snapshot as a new table `newTable`: same keys and indexes, no stream, no TTL. */
export async function restoreSnapshot(
  endpoint: string,
  snapshot: TableSnapshot,
  newTable: string,
): Promise<void> {
  const raw = client(endpoint);
  const db = DynamoDBDocumentClient.from(raw);
  try {
    const { StreamSpecification: _stream, ...input } = createTableInput(newTable);
    await raw.send(new CreateTableCommand(input));
    await waitUntilTableExists({ client: raw, maxWaitTime: 60 }, { TableName: newTable });
    for (let i = 0; i < snapshot.items.length; i += 25) {
      let pending = snapshot.items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
      while (pending.length > 0) {
        const { UnprocessedItems } = await db.send(
          new BatchWriteCommand({ RequestItems: { [newTable]: pending } }),
        );
        pending = (UnprocessedItems?.[newTable] ?? []) as typeof pending;
      }
    }
  } finally {
    db.destroy();
  }
}

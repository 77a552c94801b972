// The capacity recorder (./capacity.ts) in front of DynamoDB Local, with the shop's own table
// (core/src/db/table.ts: pk/sk, gsi1 and gsi2): each request's read and write units land on the
// partition keys they cost, of the table and of the index an item is in, as AWS would count
// them (docs/decisions/040-capacity-model.md); an answer keeps its consumed capacity only when the
// caller asked for it; transactions on one item at once are counted.
import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { createContext, loadConfig } from "@shop/core/server/context";
import { afterEach, describe, expect, it } from "vitest";
import {
  type CapacityRecorder,
  itemSize,
  type KeyUsage,
  startCapacityRecorder,
} from "./capacity.ts";
import { createTestContext } from "./testing.ts";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

/** A fresh table behind a recorder, and a client of it through the recorder. */
async function recorded(): Promise<{
  recorder: CapacityRecorder;
  db: ReturnType<typeof createContext>["db"];
  table: string;
  env: Record<string, string>;
}> {
  const test = await createTestContext();
  const recorder = await startCapacityRecorder(test.env.DYNAMODB_ENDPOINT as string);
  closers.push(() => recorder.close());
  const ctx = createContext(loadConfig({ ...test.env, DYNAMODB_ENDPOINT: recorder.url }));
  return { recorder, db: ctx.db, table: ctx.tableName, env: test.env };
}

/** The units one key took (of the table, or of `index`). */
function on(usage: KeyUsage[], key: string, index?: string) {
  const rows = usage.filter((u) => u.key === key && u.index === index);
  return {
    read: rows.reduce((n, u) => n + u.read, 0),
    write: rows.reduce((n, u) => n + u.write, 0),
  };
}

const KB = "x".repeat(1000);

describe("the capacity recorder", () => {
  it("puts single-item reads and writes on the item's partition key, and index writes on its index keys", async () => {
    const { recorder, db, table } = await recorded();
    // About 3 KB: 3 write units on the table and on gsi1 (whose key it has); not in gsi2.
    await db.send(
      new PutCommand({
        TableName: table,
        Item: { pk: "P#1", sk: "A", gsi1pk: "HOT", gsi1sk: "1", body: KB.repeat(3) },
      }),
    );
    // The update keeps the item's index key: its index write lands on HOT, read back.
    await db.send(
      new UpdateCommand({
        TableName: table,
        Key: { pk: "P#1", sk: "A" },
        UpdateExpression: "ADD n :one",
        ExpressionAttributeValues: { ":one": 1 },
      }),
    );
    const got = await db.send(
      new GetCommand({ TableName: table, Key: { pk: "P#1", sk: "A" }, ConsistentRead: true }),
    );
    expect(got.Item?.n).toBe(1);
    // Not asked for: the answer carries no consumed capacity.
    expect(got.ConsumedCapacity).toBeUndefined();
    const asked = await db.send(
      new GetCommand({
        TableName: table,
        Key: { pk: "P#1", sk: "A" },
        ReturnConsumedCapacity: "TOTAL",
      }),
    );
    expect(asked.ConsumedCapacity?.CapacityUnits).toBe(0.5);
    // Asked for the total: the total alone, as AWS answers it.
    expect(asked.ConsumedCapacity?.Table).toBeUndefined();

    const usage = recorder.usage();
    expect(on(usage, "P#1")).toEqual({ read: 1 + 0.5, write: 3 + 3 });
    expect(on(usage, "HOT", "gsi1")).toEqual({ read: 0, write: 3 + 3 });
    expect(usage.filter((u) => u.index === "gsi2")).toEqual([]);
  });

  it("puts a Query's units on the queried partition, of the table or of the index", async () => {
    const { recorder, db, table } = await recorded();
    for (let i = 0; i < 3; i++) {
      await db.send(
        new PutCommand({
          TableName: table,
          Item: { pk: `ITEM#${i}`, sk: "A", gsi2pk: "LIST", gsi2sk: String(i), body: KB.repeat(2) },
        }),
      );
    }
    recorder.reset();
    await db.send(
      new QueryCommand({
        TableName: table,
        IndexName: "gsi2",
        KeyConditionExpression: "#p = :p",
        ExpressionAttributeNames: { "#p": "gsi2pk" },
        ExpressionAttributeValues: { ":p": "LIST" },
      }),
    );
    await db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: "pk = :p AND begins_with(sk, :a)",
        ExpressionAttributeValues: { ":p": "ITEM#1", ":a": "A" },
        ConsistentRead: true,
      }),
    );
    const usage = recorder.usage();
    // 3 items of about 2 KB read together: 6 KB, 2 units of 4 KB, halved (eventually consistent).
    expect(on(usage, "LIST", "gsi2").read).toBe(1);
    expect(on(usage, "ITEM#1").read).toBe(1);
    expect(usage.every((u) => u.write === 0)).toBe(true);
  });

  it("counts a TransactWrite's and a BatchWrite's items each on its key, from its size", async () => {
    const { recorder, db, table } = await recorded();
    await db.send(
      new PutCommand({
        TableName: table,
        Item: { pk: "COUNTER", sk: "C", gsi1pk: "HOT", gsi1sk: "c", n: 0 },
      }),
    );
    recorder.reset();
    const big = { pk: "ORDER#1", sk: "ORDER", gsi2pk: "ORDERS", gsi2sk: "1", body: KB.repeat(2) };
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table, Item: big } },
          {
            Update: {
              TableName: table,
              Key: { pk: "COUNTER", sk: "C" },
              UpdateExpression: "ADD n :one",
              ExpressionAttributeValues: { ":one": 1 },
            },
          },
        ],
      }),
    );
    await db.send(
      new BatchWriteCommand({
        RequestItems: {
          [table]: [
            { PutRequest: { Item: { pk: "EVENT#1", sk: "E", body: KB.repeat(5) } } },
            { PutRequest: { Item: { pk: "EVENT#2", sk: "E", gsi1pk: "HOT", gsi1sk: "e" } } },
          ],
        },
      }),
    );
    const usage = recorder.usage();
    const bigUnits = Math.ceil(itemSize(toAttributes(big)) / 1024);
    expect(bigUnits).toBe(2);
    // A transaction's writes cost twice: the order on its partition and on gsi2's ORDERS.
    expect(on(usage, "ORDER#1")).toEqual({ read: 0, write: 2 * bigUnits });
    expect(on(usage, "ORDERS", "gsi2")).toEqual({ read: 0, write: 2 * bigUnits });
    // The counter (under 1 KB) on its key, and on its index key HOT, read back after the write.
    expect(on(usage, "COUNTER")).toEqual({ read: 0, write: 2 });
    expect(on(usage, "HOT", "gsi1")).toEqual({ read: 0, write: 2 + 1 });
    // The batch: each item on its own key.
    expect(on(usage, "EVENT#1")).toEqual({ read: 0, write: 5 });
    expect(on(usage, "EVENT#2")).toEqual({ read: 0, write: 1 });
  });

  it("counts the transactions that touched one item while another was under way", async () => {
    const { recorder, db, table } = await recorded();
    await db.send(new PutCommand({ TableName: table, Item: { pk: "STOCK#1", sk: "S", n: 100 } }));
    const take = (i: number) =>
      db
        .send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: table, Item: { pk: `ORDER#${i}`, sk: "O" } } },
              {
                Update: {
                  TableName: table,
                  Key: { pk: "STOCK#1", sk: "S" },
                  UpdateExpression: "ADD n :minus",
                  ExpressionAttributeValues: { ":minus": -1 },
                },
              },
            ],
          }),
        )
        .catch(() => undefined);
    await Promise.all(Array.from({ length: 20 }, (_, i) => take(i)));
    const overlaps = recorder.overlaps();
    const onStock = overlaps
      .filter((o) => o.pk === "STOCK#1")
      .reduce((n, o) => n + o.transactions, 0);
    expect(onStock).toBeGreaterThan(0);
    // Each order is an item of its own: none of them overlapped.
    expect(overlaps.filter((o) => o.pk.startsWith("ORDER#"))).toEqual([]);
    // One after another, none overlaps.
    recorder.reset();
    for (let i = 20; i < 25; i++) await take(i);
    expect(recorder.overlaps()).toEqual([]);
  });

  it("labels what comes through each door", async () => {
    const { recorder, table, env } = await recorded();
    const door = await recorder.door("site");
    const site = createContext(loadConfig({ ...env, DYNAMODB_ENDPOINT: door }));
    await site.db.send(new PutCommand({ TableName: table, Item: { pk: "S#1", sk: "S" } }));
    expect(recorder.usage().map((u) => [u.source, u.key, u.write])).toEqual([["site", "S#1", 1]]);
  });
});

/** A plain item as DynamoDB's JSON (strings and numbers only). */
function toAttributes(item: Record<string, string | number>) {
  return Object.fromEntries(
    Object.entries(item).map(([name, value]) => [
      name,
      typeof value === "number" ? { N: String(value) } : { S: value },
    ]),
  );
}

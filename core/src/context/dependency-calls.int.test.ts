// The table's client under a fault, against DynamoDB Local behind a proxy that stops answering:
// a read fails within its worst case as DependencyUnavailable, retried once; a write that is not
// idempotent is sent once; each failure is one structured log line; after the resume the same
// client works again. A kept-alive connection that the table closed just as a write came on it
// (the write never reached the table) is not a failure: the write goes again on a new connection.
import { randomUUID } from "node:crypto";
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { startStallProxy } from "@shop/local-cloud";
import { createTestContext } from "@shop/local-cloud/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DependencyUnavailable } from "../common/errors.ts";
import { createContext, loadConfig, POLICIES, worstCaseMs } from "./index.server.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A counter's ADD: a write that is not idempotent. */
const addOne = (TableName: string, Key: Record<string, string>) =>
  new UpdateCommand({
    TableName,
    Key,
    UpdateExpression: "ADD #n :one",
    ExpressionAttributeNames: { "#n": "n" },
    ExpressionAttributeValues: { ":one": 1 },
    ReturnValues: "UPDATED_NEW",
  });

/** A context whose table is DynamoDB Local behind a stall proxy, with AWS's deadlines. */
async function tableBehindProxy() {
  const { env } = await createTestContext();
  const proxy = await startStallProxy(env.DYNAMODB_ENDPOINT as string);
  const ctx = createContext(
    loadConfig({ ...env, DYNAMODB_ENDPOINT: proxy.url, DEPENDENCY_DEADLINES: "aws" }),
  );
  return { proxy, ctx };
}

describe("a stalled table", () => {
  it("fails each call in time, retries only what may be repeated, logs one line, and recovers", async () => {
    const { proxy, ctx } = await tableBehindProxy();
    const key = { pk: "FAULT#1", sk: "FAULT" };
    try {
      await ctx.db.send(new GetCommand({ TableName: ctx.tableName, Key: key }));
      const lines: string[] = [];
      vi.spyOn(console, "error").mockImplementation((line: unknown) => {
        lines.push(String(line));
      });
      proxy.stall();

      const started = Date.now();
      const read = await ctx.db
        .send(new GetCommand({ TableName: ctx.tableName, Key: key }))
        .catch((e: unknown) => e);
      const readMs = Date.now() - started;
      expect(read).toBeInstanceOf(DependencyUnavailable);
      expect(read).toMatchObject({ dependency: "dynamodb", operation: "GetItem" });
      expect(readMs).toBeLessThanOrEqual(worstCaseMs(POLICIES.dynamodb) + 250);

      const write = await ctx.db.send(addOne(ctx.tableName, key)).catch((e: unknown) => e);
      expect(write).toMatchObject({ dependency: "dynamodb", operation: "UpdateItem" });

      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged).toEqual([
        expect.objectContaining({
          event: "dependency.unavailable",
          dependency: "dynamodb",
          operation: "GetItem",
          attempts: POLICIES.dynamodb.maxAttempts,
        }),
        expect.objectContaining({
          event: "dependency.unavailable",
          dependency: "dynamodb",
          operation: "UpdateItem",
          attempts: 1,
        }),
      ]);

      proxy.resume();
      const { Item } = await ctx.db.send(
        new GetCommand({ TableName: ctx.tableName, Key: key, ConsistentRead: true }),
      );
      // The write may or may not have landed before the stall; it was never sent twice.
      expect(Number(Item?.n ?? 0)).toBeLessThanOrEqual(1);
    } finally {
      await proxy.close();
    }
  }, 30_000);
});

describe("kept-alive connections the table closed as idle", () => {
  it("send a write that met one again, once, on a new connection", async () => {
    const { proxy, ctx } = await tableBehindProxy();
    const key = { pk: `KEPT#${randomUUID()}`, sk: "KEPT" };
    const read = () => ctx.db.send(new GetCommand({ TableName: ctx.tableName, Key: key }));
    try {
      // Two connections the client keeps alive (two reads at once), both closed by the table as
      // a request comes on them: the retry must not take the second.
      await Promise.all([read(), read()]);
      proxy.dropOnKeptConnections();
      const { Attributes } = await ctx.db.send(addOne(ctx.tableName, key));
      expect(Attributes).toEqual({ n: 1 });
      expect(proxy.dropped).toBe(1);
      const { Item } = await ctx.db.send(
        new GetCommand({ TableName: ctx.tableName, Key: key, ConsistentRead: true }),
      );
      expect(Item?.n).toBe(1);
    } finally {
      await proxy.close();
    }
  }, 30_000);
});

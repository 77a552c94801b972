import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { TransactionCancelled, transact } from "./transact.server.ts";

describe("transactions on DynamoDB Local", () => {
  it("a cancelled transaction leaves nothing written", async () => {
    const { ctx } = await createTestContext();
    const T = ctx.tableName;
    await ctx.db.send(new PutCommand({ TableName: T, Item: { pk: "TAKEN", sk: "X" } }));

    const attempt = transact(ctx, [
      { Put: { TableName: T, Item: { pk: "NEW", sk: "A", n: 1 } } },
      {
        Update: {
          TableName: T,
          Key: { pk: "COUNTER", sk: "C" },
          UpdateExpression: "ADD n :one",
          ExpressionAttributeValues: { ":one": 1 },
        },
      },
      {
        Put: {
          TableName: T,
          Item: { pk: "TAKEN", sk: "X", overwritten: true },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
    ]);

    const error = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionCancelled);
    expect((error as TransactionCancelled).failedAt(2)).toBe(true);
    expect((error as TransactionCancelled).failedAt(0)).toBe(false);
    const get = (pk: string, sk: string) =>
      ctx.db.send(new GetCommand({ TableName: T, Key: { pk, sk }, ConsistentRead: true }));
    expect((await get("NEW", "A")).Item).toBeUndefined();
    expect((await get("COUNTER", "C")).Item).toBeUndefined();
    expect((await get("TAKEN", "X")).Item).toEqual({ pk: "TAKEN", sk: "X" });
  });

  it("a transaction whose conditions hold writes every item", async () => {
    const { ctx } = await createTestContext();
    const T = ctx.tableName;
    await transact(ctx, [
      {
        Put: {
          TableName: T,
          Item: { pk: "A", sk: "1" },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      { Put: { TableName: T, Item: { pk: "B", sk: "1" } } },
    ]);
    const a = await ctx.db.send(new GetCommand({ TableName: T, Key: { pk: "A", sk: "1" } }));
    const b = await ctx.db.send(new GetCommand({ TableName: T, Key: { pk: "B", sk: "1" } }));
    expect(a.Item).toBeDefined();
    expect(b.Item).toBeDefined();
  });
});

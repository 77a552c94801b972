// The conditional write against DynamoDB Local: a condition that holds writes and says so, one
// that fails writes nothing and says so (with the item as it was when asked), and a failed
// condition is recognised whether a single write or a transaction met it.
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import {
  conditionalDelete,
  conditionalPut,
  conditionalUpdate,
  isConditionFailed,
} from "./conditional.server.ts";
import { transact } from "./transact.server.ts";

describe("conditional writes on DynamoDB Local", () => {
  it("an update says whether its condition held, writing only when it did", async () => {
    const { ctx } = await createTestContext();
    const T = ctx.tableName;
    const Key = { pk: "COND", sk: "U" };
    await ctx.db.send(new PutCommand({ TableName: T, Item: { ...Key, n: 1 } }));
    const bump = (from: number) =>
      conditionalUpdate(ctx, {
        TableName: T,
        Key,
        UpdateExpression: "SET n = :next",
        ConditionExpression: "n = :from",
        ExpressionAttributeValues: { ":from": from, ":next": from + 1 },
        ReturnValues: "ALL_NEW",
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
      });

    expect(await bump(1)).toEqual({ ok: true, item: { ...Key, n: 2 } });
    expect(await bump(1)).toEqual({ ok: false, old: { ...Key, n: 2 } });
    const { Item } = await ctx.db.send(new GetCommand({ TableName: T, Key, ConsistentRead: true }));
    expect(Item).toEqual({ ...Key, n: 2 });
  });

  it("a put and a delete answer the same way; other errors still throw", async () => {
    const { ctx } = await createTestContext();
    const T = ctx.tableName;
    const Item = { pk: "COND", sk: "P", v: "first" };
    const claim = (v: string) =>
      conditionalPut(ctx, {
        TableName: T,
        Item: { ...Item, v },
        ConditionExpression: "attribute_not_exists(pk)",
      });
    expect(await claim("first")).toEqual({ ok: true });
    expect(await claim("second")).toEqual({ ok: false });
    const remove = (v: string) =>
      conditionalDelete(ctx, {
        TableName: T,
        Key: { pk: Item.pk, sk: Item.sk },
        ConditionExpression: "v = :v",
        ExpressionAttributeValues: { ":v": v },
      });
    expect(await remove("second")).toEqual({ ok: false });
    expect(await remove("first")).toEqual({ ok: true });
    // Not a failed condition (an invalid expression): thrown as it was.
    await expect(
      conditionalUpdate(ctx, {
        TableName: T,
        Key: { pk: "COND", sk: "X" },
        UpdateExpression: "SET",
        ConditionExpression: "attribute_exists(pk)",
      }),
    ).rejects.toThrow();
  });

  it("recognises a failed condition in a transaction, and nothing else", async () => {
    const { ctx } = await createTestContext();
    const T = ctx.tableName;
    await ctx.db.send(new PutCommand({ TableName: T, Item: { pk: "COND", sk: "T" } }));
    const error = await transact(ctx, [
      {
        Put: {
          TableName: T,
          Item: { pk: "COND", sk: "T" },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
    ]).catch((e: unknown) => e);
    expect(isConditionFailed(error)).toBe(true);
    expect(isConditionFailed(new Error("other"))).toBe(false);
    expect(
      isConditionFailed({ name: "TransactionCancelled", reasons: ["TransactionConflict"] }),
    ).toBe(false);
    expect(isConditionFailed(undefined)).toBe(false);
  });
});

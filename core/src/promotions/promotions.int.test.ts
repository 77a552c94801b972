import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { DomainError } from "../shared/errors.ts";
import {
  checkPromotion,
  createPromotion,
  getPromotion,
  PROMOTION_EXPIRED,
  PROMOTION_NOT_FOUND,
  PROMOTION_USED_UP,
} from "./promotions.server.ts";

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return [(error as DomainError).field, (error as DomainError).message];
};

describe("checking a promotion code (Apply)", () => {
  it("finds a code trimmed, case as stored, without marking it used", async () => {
    const { ctx, tableCalls, resetTableCalls } = await createTestContext();
    await createPromotion(ctx, {
      code: "ONCE5",
      label: "5 € off",
      amountCents: 500,
      usageLimit: 1,
    });
    resetTableCalls();
    expect(await checkPromotion(ctx, "  ONCE5 ")).toEqual({
      code: "ONCE5",
      label: "5 € off",
      amountCents: 500,
    });
    expect(tableCalls()).toBe(1);
    await checkPromotion(ctx, "ONCE5");
    expect((await getPromotion(ctx, "ONCE5"))?.usedCount).toBe(0);
    expect(await refusal(checkPromotion(ctx, "once5"))).toEqual(["code", PROMOTION_NOT_FOUND]);
    expect(await refusal(checkPromotion(ctx, "   "))).toEqual([
      "code",
      "Promotion code is required",
    ]);
    expect(await refusal(checkPromotion(ctx, "X".repeat(500)))).toEqual([
      "code",
      PROMOTION_NOT_FOUND,
    ]);
  });

  it("refuses an expired code and a used-up one with clear messages", async () => {
    const { ctx } = await createTestContext();
    const now = new Date("2026-11-22T12:00:00Z");
    await createPromotion(ctx, {
      code: "OLD",
      label: "Old",
      amountCents: 100,
      expiresAt: "2026-11-21",
    });
    await createPromotion(ctx, {
      code: "TODAY",
      label: "Last day",
      amountCents: 100,
      expiresAt: "2026-11-22",
    });
    await createPromotion(ctx, { code: "GONE", label: "Gone", amountCents: 100, usageLimit: 1 });
    expect(await refusal(checkPromotion(ctx, "OLD", now))).toEqual(["code", PROMOTION_EXPIRED]);
    await expect(checkPromotion(ctx, "TODAY", now)).resolves.toMatchObject({ code: "TODAY" });
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: { pk: "PROMO#GONE", sk: "PROMO" },
        UpdateExpression: "SET usedCount = :one",
        ExpressionAttributeValues: { ":one": 1 },
      }),
    );
    expect(await refusal(checkPromotion(ctx, "GONE", now))).toEqual(["code", PROMOTION_USED_UP]);
  });
});

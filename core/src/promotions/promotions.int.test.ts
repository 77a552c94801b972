import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { DomainError } from "../common/errors.ts";
import { transact } from "../db/transact.server.ts";
import {
  checkPromotion,
  PROMOTION_EXPIRED,
  PROMOTION_NOT_FOUND,
  PROMOTION_USED_UP,
} from "./codes.server.ts";
import {
  createPromotion,
  deletePromotion,
  PROMOTION_CODE_RETIRED,
  PROMOTION_CODE_TAKEN,
  PROMOTION_GONE,
  USAGE_LIMIT_BELOW_USE,
  updatePromotion,
} from "./promotion-admin.server.ts";
import { getPromotion, listPromotions, promotionCodeUsed } from "./promotions.server.ts";
import { redeemPromotionItem, releasePromotionItem } from "./redemptions.server.ts";

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
      limited: true,
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

describe("the admin's promotions: list, create, edit, delete", () => {
  it("lists live promotions by code with their usage, in one query", async () => {
    const { ctx, tableCalls, resetTableCalls } = await createTestContext();
    await createPromotion(ctx, { code: "ZED", label: "Zed", amountCents: 100 });
    await createPromotion(ctx, {
      code: "Alpha",
      label: "Alpha",
      amountCents: 250,
      usageLimit: 3,
      expiresAt: "2027-01-31",
    });
    resetTableCalls();
    const list = await listPromotions(ctx);
    expect(tableCalls()).toBe(1);
    expect(list).toEqual([
      expect.objectContaining({
        code: "Alpha",
        label: "Alpha",
        amountCents: 250,
        usageLimit: 3,
        usedCount: 0,
        expiresAt: "2027-01-31",
      }),
      expect.objectContaining({ code: "ZED", usedCount: 0, usageLimit: undefined }),
    ]);
  });

  it("refuses a code that exists, whatever else differs", async () => {
    const { ctx } = await createTestContext();
    await createPromotion(ctx, { code: "TAKEN", label: "First", amountCents: 100 });
    expect(
      await refusal(createPromotion(ctx, { code: "TAKEN", label: "Second", amountCents: 999 })),
    ).toEqual(["code", PROMOTION_CODE_TAKEN]);
    expect(await getPromotion(ctx, "TAKEN")).toMatchObject({ label: "First", amountCents: 100 });
  });

  it("edits label, amount, expiry and limit; clearing expiry and limit removes them", async () => {
    const { ctx } = await createTestContext();
    await createPromotion(ctx, { code: "EDIT", label: "Old", amountCents: 100, usageLimit: 2 });
    const edited = await updatePromotion(ctx, "EDIT", {
      label: "New",
      amountCents: 1500,
      expiresAt: "2027-06-30",
      usageLimit: 10,
    });
    expect(edited).toMatchObject({ code: "EDIT", label: "New", amountCents: 1500, usageLimit: 10 });
    expect(await getPromotion(ctx, "EDIT")).toMatchObject({
      label: "New",
      amountCents: 1500,
      expiresAt: "2027-06-30",
      usageLimit: 10,
      usedCount: 0,
    });
    await updatePromotion(ctx, "EDIT", { label: "New", amountCents: 1500 });
    const cleared = await getPromotion(ctx, "EDIT");
    expect(cleared?.expiresAt).toBeUndefined();
    expect(cleared?.usageLimit).toBeUndefined();
    expect(await refusal(updatePromotion(ctx, "NOPE", { label: "x", amountCents: 1 }))).toEqual([
      "code",
      PROMOTION_GONE,
    ]);
  });

  it("refuses a usage limit below the times already used, and keeps the promotion", async () => {
    const { ctx } = await createTestContext();
    await createPromotion(ctx, { code: "USED2", label: "Used", amountCents: 100, usageLimit: 5 });
    await transact(ctx, [redeemPromotionItem(ctx, "USED2")]);
    await transact(ctx, [redeemPromotionItem(ctx, "USED2")]);
    const [field, message] = await refusal(
      updatePromotion(ctx, "USED2", { label: "Cut", amountCents: 100, usageLimit: 1 }),
    );
    expect(field).toBe("usageLimit");
    expect(message).toContain(USAGE_LIMIT_BELOW_USE);
    expect(await getPromotion(ctx, "USED2")).toMatchObject({ label: "Used", usageLimit: 5 });
    await updatePromotion(ctx, "USED2", { label: "Exact", amountCents: 100, usageLimit: 2 });
    expect(await getPromotion(ctx, "USED2")).toMatchObject({ usageLimit: 2, usedCount: 2 });
  });

  it("deletes: gone from the list, from Apply and from checkout; its code is retired", async () => {
    const { ctx } = await createTestContext();
    await createPromotion(ctx, { code: "BYE", label: "Bye", amountCents: 100 });
    await createPromotion(ctx, { code: "STAY", label: "Stay", amountCents: 100 });
    // An order placed before the delete still holds a redemption.
    await transact(ctx, [redeemPromotionItem(ctx, "BYE")]);
    await deletePromotion(ctx, "BYE");

    expect((await listPromotions(ctx)).map((p) => p.code)).toEqual(["STAY"]);
    expect(await getPromotion(ctx, "BYE")).toBeNull();
    expect(await refusal(checkPromotion(ctx, "BYE"))).toEqual(["code", PROMOTION_NOT_FOUND]);
    await expect(transact(ctx, [redeemPromotionItem(ctx, "BYE")])).rejects.toThrow(
      /ConditionalCheckFailed/,
    );
    // That order can still give its redemption back (payment failed, order cancelled).
    await transact(ctx, [releasePromotionItem(ctx, "BYE")]);

    expect(await refusal(deletePromotion(ctx, "BYE"))).toEqual(["code", PROMOTION_GONE]);
    expect(await refusal(deletePromotion(ctx, "NEVER"))).toEqual(["code", PROMOTION_GONE]);
    expect(await refusal(updatePromotion(ctx, "BYE", { label: "Back", amountCents: 100 }))).toEqual(
      ["code", PROMOTION_GONE],
    );
    expect(
      await refusal(createPromotion(ctx, { code: "BYE", label: "Again", amountCents: 100 })),
    ).toEqual(["code", PROMOTION_CODE_RETIRED]);
    expect(await promotionCodeUsed(ctx, "BYE")).toBe(true);
    expect(await promotionCodeUsed(ctx, "NEVER")).toBe(false);
  });
});

// Abandoned payments give their promotion back (docs/product.md §4 "Promotion"), found without a Scan, exactly once.

import { DeleteCommand, PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { getOrder } from "../orders/orders.server.ts";
import { PROMOTION_USED_UP } from "../promotions/codes.server.ts";
import { getPromotion } from "../promotions/promotions.server.ts";
import {
  expireAbandonedOrders,
  PAYMENT_EXPIRED_MESSAGE,
  PAYMENT_TIMEOUT_MS,
} from "./abandoned.server.ts";
import { confirmCardPayment } from "./card-payment.server.ts";
import { markOrderPaid } from "./payment-state.server.ts";
import { ONCE5, orderingOf, shirtInput, testShop, VISA } from "./test-fixtures.ts";

const PLACED_AT = new Date("2026-11-22T10:00:00.000Z");
const minutesAfter = (minutes: number) => new Date(PLACED_AT.getTime() + minutes * 60_000);

async function shop() {
  const test = await testShop(await createTestContext(), {
    products: { shirt: shirtInput("S") },
    promotions: [ONCE5],
  });
  const order = orderingOf(test.ctx, test.products.shirt, "S");
  const place = (userId: string, at: Date, promotionCode?: string) =>
    order(userId, { at, ...(promotionCode ? { promotionCode } : {}) });
  return { ...test, place };
}

/** Every payment deadline item, whatever its partition (a Scan: only in a test). */
async function deadlines(ctx: Context) {
  const { Items = [] } = await ctx.db.send(
    new ScanCommand({
      TableName: ctx.tableName,
      FilterExpression: "entity = :e",
      ExpressionAttributeValues: { ":e": "paymentDeadline" },
    }),
  );
  return Items;
}
const keyOf = (item: Record<string, unknown> | undefined) => ({
  pk: String(item?.pk),
  sk: String(item?.sk),
});

const usedCount = async (ctx: Context) => (await getPromotion(ctx, "ONCE5"))?.usedCount;

describe("abandoned payments", () => {
  it("waits 30 minutes for a payment", () => {
    expect(PAYMENT_TIMEOUT_MS).toBe(30 * 60_000);
  });

  it("expires an ONCE5 order left unpaid past the timeout, so ONCE5 can be used again", async () => {
    const { ctx, place } = await shop();
    const abandoned = await place("ana", PLACED_AT, "ONCE5");
    expect(await usedCount(ctx)).toBe(1);
    const error = await place("bob", minutesAfter(10), "ONCE5").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(PROMOTION_USED_UP);

    // Before the deadline nothing happens.
    expect((await expireAbandonedOrders(ctx, minutesAfter(29))).expired).toEqual([]);
    expect((await getOrder(ctx, abandoned.id))?.payment).toBe("awaiting");

    const swept = await expireAbandonedOrders(ctx, minutesAfter(31));
    expect(swept.expired).toEqual([abandoned.id]);
    expect(await getOrder(ctx, abandoned.id)).toMatchObject({
      state: "PENDING",
      payment: "failed",
      paymentError: PAYMENT_EXPIRED_MESSAGE,
    });
    expect(await usedCount(ctx)).toBe(0);
    const again = await place("bob", minutesAfter(32), "ONCE5");
    expect(again.promotion?.code).toBe("ONCE5");
    expect(await usedCount(ctx)).toBe(1);
  });

  it("leaves fresh orders and paid orders alone", async () => {
    const { ctx, place } = await shop();
    const fresh = await place("ana", minutesAfter(20), "ONCE5");
    const paid = await place("bob", PLACED_AT);
    await confirmCardPayment(ctx, { userId: "bob", orderId: paid.id, card: VISA }, PLACED_AT);

    const swept = await expireAbandonedOrders(ctx, minutesAfter(31));
    expect(swept.expired).toEqual([]);
    expect(await getOrder(ctx, fresh.id)).toMatchObject({ payment: "awaiting" });
    expect((await getOrder(ctx, fresh.id))?.updatedAt).toBe(fresh.updatedAt);
    expect(await getOrder(ctx, paid.id)).toMatchObject({ payment: "paid" });
    expect(await usedCount(ctx)).toBe(1);

    // The fresh one is given up once its own deadline has passed.
    expect((await expireAbandonedOrders(ctx, minutesAfter(51))).expired).toEqual([fresh.id]);
    expect(await usedCount(ctx)).toBe(0);
  });

  it("running the sweep again changes nothing more", async () => {
    const { ctx, place } = await shop();
    const abandoned = await place("ana", PLACED_AT, "ONCE5");
    await expireAbandonedOrders(ctx, minutesAfter(31));
    const expired = await getOrder(ctx, abandoned.id);
    // Someone else uses the released code; a second release would wrongly give it back.
    await place("bob", minutesAfter(32), "ONCE5");
    expect(await usedCount(ctx)).toBe(1);

    const second = await expireAbandonedOrders(ctx, minutesAfter(40));
    expect(second).toEqual({ due: 0, expired: [], leftForWebhook: [] });
    expect((await expireAbandonedOrders(ctx, minutesAfter(61))).expired).toEqual([]);
    expect(await getOrder(ctx, abandoned.id)).toEqual(expired);
    expect(await usedCount(ctx)).toBe(1);
  });

  it("two sweeps at once expire the order once and release the code once", async () => {
    const { ctx, place } = await shop();
    const abandoned = await place("ana", PLACED_AT, "ONCE5");
    const [a, b] = await Promise.all([
      expireAbandonedOrders(ctx, minutesAfter(31)),
      expireAbandonedOrders(ctx, minutesAfter(31)),
    ]);
    expect([...a.expired, ...b.expired]).toEqual([abandoned.id]);
    expect(await usedCount(ctx)).toBe(0);
  });

  it("reads only the due deadlines: none is left once the orders are settled", async () => {
    const { ctx, place } = await shop();
    await place("ana", PLACED_AT, "ONCE5");
    await place("bob", PLACED_AT);
    await expireAbandonedOrders(ctx, minutesAfter(31));
    expect(await deadlines(ctx)).toEqual([]);
  });

  it("spreads the deadlines over shards, never one key for every order, and sweeps them all", async () => {
    const { ctx, place } = await shop();
    const placed = await Promise.all(
      Array.from({ length: 24 }, (_, i) => place(`shopper${i}`, PLACED_AT)),
    );
    const partitions = new Set((await deadlines(ctx)).map((item) => item.pk));
    expect([...partitions].every((pk) => /^PAYDUE#\d+$/.test(String(pk)))).toBe(true);
    expect(partitions.size).toBeGreaterThan(3);

    const swept = await expireAbandonedOrders(ctx, minutesAfter(31));
    expect(swept.expired.sort()).toEqual(placed.map((order) => order.id).sort());
    expect(await deadlines(ctx)).toEqual([]);
  });

  it("still sweeps a deadline written under the single key of before the shards", async () => {
    const { ctx, place } = await shop();
    const order = await place("ana", PLACED_AT);
    const [written] = await deadlines(ctx);
    await ctx.db.send(new DeleteCommand({ TableName: ctx.tableName, Key: keyOf(written) }));
    await ctx.db.send(
      new PutCommand({ TableName: ctx.tableName, Item: { ...written, pk: "PAYDUE" } }),
    );
    const swept = await expireAbandonedOrders(ctx, minutesAfter(31));
    expect(swept.expired).toEqual([order.id]);
    expect(await deadlines(ctx)).toEqual([]);
  });

  it("a payment that succeeds after the order expired is accepted and counts the code again", async () => {
    const { ctx, place } = await shop();
    const abandoned = await place("ana", PLACED_AT, "ONCE5");
    await expireAbandonedOrders(ctx, minutesAfter(31));
    expect(await usedCount(ctx)).toBe(0);

    const late = await markOrderPaid(ctx, abandoned.paymentId ?? "", minutesAfter(35));
    expect(late.status).toBe("paid");
    expect(await getOrder(ctx, abandoned.id)).toMatchObject({ payment: "paid" });
    expect((await getOrder(ctx, abandoned.id))?.paymentError).toBeUndefined();
    expect(await usedCount(ctx)).toBe(1);
  });
});

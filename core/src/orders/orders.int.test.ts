// What an order is once placed: reading one (the customer's own only), a customer's history and
// the admin's list, and the admin's changes of its state. Placing and paying are the checkout's
// (core/src/checkout/placing.int.test.ts).

import { ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { confirmCardPayment } from "../checkout/card-payment.server.ts";
import { placeOrder } from "../checkout/placing.server.ts";
import {
  domainError,
  ONCE5,
  placeAsAna,
  shirtInput,
  TEST_ADDRESS,
  testShop,
  VISA,
} from "../checkout/test-fixtures.ts";
import type { Context } from "../context/index.server.ts";
import { getPromotion } from "../promotions/promotions.server.ts";
import { changeOrderState, deleteOrder } from "./admin-changes.server.ts";
import { getOrder, getOrderForUser, listAllOrders, listOrdersForUser } from "./orders.server.ts";

const address = TEST_ADDRESS;

async function shop() {
  const test = await testShop(await createTestContext(), {
    products: { shirt: shirtInput("S") },
    promotions: [ONCE5],
  });
  return { ...test, shirt: test.products.shirt };
}

const place = (ctx: Context, lines: unknown, extra: Record<string, unknown> = {}) =>
  placeAsAna(ctx, lines, extra);

describe("reading orders", () => {
  it("another user's order is not found; a user's history and the admin list are newest first", async () => {
    const { ctx, shirt } = await shop();
    const lines = [{ productId: shirt.id, size: "S", quantity: 1 }];
    const at = (minute: number) => new Date(`2026-11-22T10:0${minute}:00Z`);
    const a = await placeOrder(
      ctx,
      { userId: "u1", email: "a@x.io", lines, address, deliveryMethod: "STANDARD" },
      at(1),
    );
    const b = await placeOrder(
      ctx,
      { userId: "u2", email: "b@x.io", lines, address, deliveryMethod: "EXPRESS" },
      at(2),
    );
    const c = await placeOrder(
      ctx,
      { userId: "u1", email: "a@x.io", lines, address, deliveryMethod: "STANDARD" },
      at(3),
    );
    expect(await getOrderForUser(ctx, "u2", a.order.id)).toBeNull();
    expect((await getOrderForUser(ctx, "u1", a.order.id))?.id).toBe(a.order.id);
    expect(await getOrderForUser(ctx, "u1", "no-such-order")).toBeNull();
    expect((await listOrdersForUser(ctx, "u1")).orders.map((o) => o.id)).toEqual([
      c.order.id,
      a.order.id,
    ]);

    const first = await listAllOrders(ctx, { limit: 2 });
    expect(first.orders.map((o) => o.id)).toEqual([c.order.id, b.order.id]);
    const second = await listAllOrders(ctx, { limit: 2, cursor: first.cursor });
    expect(second.orders.map((o) => o.id)).toEqual([a.order.id]);
    expect(second.cursor).toBeUndefined();

    await confirmCardPayment(ctx, { userId: "u2", orderId: b.order.id, card: VISA });
    await changeOrderState(ctx, b.order.id, "SHIPPED");
    expect((await listAllOrders(ctx, { state: "SHIPPED" })).orders.map((o) => o.id)).toEqual([
      b.order.id,
    ]);
    expect((await listAllOrders(ctx, { state: "PENDING" })).orders.map((o) => o.id)).toEqual([
      c.order.id,
      a.order.id,
    ]);
    expect((await domainError(listAllOrders(ctx, { state: "LOST" }))).field).toBe("state");
    expect((await domainError(listAllOrders(ctx, { cursor: "garbage!" }))).field).toBe("cursor");
  });
});

describe("the admin's list of all orders, over the index's shards", () => {
  it("spreads orders over shards, never one key for all, and lists them newest first page by page", async () => {
    const { ctx, shirt } = await shop();
    const lines = [{ productId: shirt.id, size: "S", quantity: 1 }];
    const placed: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { order } = await placeOrder(
        ctx,
        { userId: `u${i % 4}`, email: "a@x.io", lines, address, deliveryMethod: "STANDARD" },
        new Date(Date.UTC(2026, 10, 22, 10, i)),
      );
      placed.unshift(order.id);
    }
    // An order of before the shards, on the index's single partition, older than all.
    const old = await placeOrder(
      ctx,
      { userId: "u9", email: "o@x.io", lines, address, deliveryMethod: "STANDARD" },
      new Date(Date.UTC(2026, 10, 21)),
    );
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: { pk: `ORDER#${old.order.id}`, sk: "ORDER" },
        UpdateExpression: "SET gsi2pk = :orders",
        ExpressionAttributeValues: { ":orders": "ORDERS" },
      }),
    );
    placed.push(old.order.id);

    const { Items = [] } = await ctx.db.send(
      new ScanCommand({
        TableName: ctx.tableName,
        FilterExpression: "entity = :order",
        ExpressionAttributeValues: { ":order": "order" },
      }),
    );
    const partitions = new Set(Items.map((item) => String(item.gsi2pk)));
    expect(partitions.size).toBeGreaterThan(4);
    expect(
      [...partitions].filter((pk) => pk !== "ORDERS").every((pk) => /^ORDERS#\d+$/.test(pk)),
    ).toBe(true);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listAllOrders(ctx, { limit: 7, ...(cursor ? { cursor } : {}) });
      expect(page.orders.length).toBeLessThanOrEqual(7);
      seen.push(...page.orders.map((o) => o.id));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toEqual(placed);
  });

  it("filters by state across the shards, page by page", async () => {
    const { ctx, shirt } = await shop();
    const lines = [{ productId: shirt.id, size: "S", quantity: 1 }];
    const shipped: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { order } = await placeOrder(
        ctx,
        { userId: "u1", email: "a@x.io", lines, address, deliveryMethod: "STANDARD" },
        new Date(Date.UTC(2026, 10, 22, 10, i)),
      );
      if (i % 3 === 0) {
        await confirmCardPayment(ctx, { userId: "u1", orderId: order.id, card: VISA });
        await changeOrderState(ctx, order.id, "SHIPPED");
        shipped.unshift(order.id);
      }
    }
    const first = await listAllOrders(ctx, { state: "SHIPPED", limit: 3 });
    const second = await listAllOrders(ctx, { state: "SHIPPED", limit: 3, cursor: first.cursor });
    expect([...first.orders, ...second.orders].map((o) => o.id)).toEqual(shipped);
    expect(second.cursor).toBeUndefined();
  });
});

describe("changing an order's state", () => {
  it("allows PENDING → SHIPPED → DELIVERED and refuses the rest with a message", async () => {
    const { ctx, shirt } = await shop();
    const { order } = await place(ctx, [{ productId: shirt.id, size: "S", quantity: 1 }]);
    const unpaid = await domainError(changeOrderState(ctx, order.id, "SHIPPED"));
    expect(unpaid.message).toBe("An order cannot be shipped before it is paid");
    await confirmCardPayment(ctx, { userId: "u1", orderId: order.id, card: VISA });
    expect((await domainError(changeOrderState(ctx, order.id, "DELIVERED"))).message).toBe(
      "An order that is PENDING cannot become DELIVERED",
    );
    expect((await changeOrderState(ctx, order.id, "SHIPPED")).state).toBe("SHIPPED");
    expect((await domainError(changeOrderState(ctx, order.id, "CANCELED"))).message).toBe(
      "An order that is SHIPPED cannot become CANCELED",
    );
    expect((await domainError(changeOrderState(ctx, order.id, "SHIPPED"))).message).toBe(
      "The order is already SHIPPED",
    );
    expect((await domainError(changeOrderState(ctx, order.id, "LOST"))).message).toBe(
      "Choose a valid order state",
    );
    expect((await changeOrderState(ctx, order.id, "DELIVERED")).state).toBe("DELIVERED");
    expect((await domainError(changeOrderState(ctx, "missing", "SHIPPED"))).status).toBe(404);
  });

  it("two admins changing at once: exactly one wins", async () => {
    const { ctx, shirt } = await shop();
    const { order } = await place(ctx, [{ productId: shirt.id, size: "S", quantity: 1 }]);
    await confirmCardPayment(ctx, { userId: "u1", orderId: order.id, card: VISA });
    const results = await Promise.allSettled([
      changeOrderState(ctx, order.id, "SHIPPED"),
      changeOrderState(ctx, order.id, "CANCELED"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const final = await getOrder(ctx, order.id);
    expect(["SHIPPED", "CANCELED"]).toContain(final?.state);
  });

  it("cancelling an unpaid order releases its promotion; a paid one is refunded", async () => {
    const { ctx, shirt } = await shop();
    const lines = [{ productId: shirt.id, size: "S", quantity: 1 }];
    const unpaid = await place(ctx, lines, { promotionCode: "ONCE5" });
    const canceled = await changeOrderState(ctx, unpaid.order.id, "CANCELED");
    expect(canceled).toMatchObject({ state: "CANCELED", payment: "canceled" });
    expect((await getPromotion(ctx, "ONCE5"))?.usedCount).toBe(0);

    const paid = await place(ctx, lines);
    await confirmCardPayment(ctx, { userId: "u1", orderId: paid.order.id, card: VISA });
    const refunded = await changeOrderState(ctx, paid.order.id, "CANCELED");
    expect(refunded).toMatchObject({ state: "CANCELED", payment: "paid", refundDue: false });
    expect(refunded.refundId).toMatch(/^re_local_/);
  });

  it("deletes an order", async () => {
    const { ctx, shirt } = await shop();
    const { order } = await place(ctx, [{ productId: shirt.id, size: "S", quantity: 1 }], {
      promotionCode: "ONCE5",
    });
    await deleteOrder(ctx, order.id);
    expect(await getOrder(ctx, order.id)).toBeNull();
    expect((await getPromotion(ctx, "ONCE5"))?.usedCount).toBe(0);
    expect((await domainError(deleteOrder(ctx, order.id))).status).toBe(404);
  });
});

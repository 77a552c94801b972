// The admin's orders screen against DynamoDB Local: search by number and by the customer's
// e-mail (through the claims, never a Scan), the state filter, and state changes (refusals
// change nothing; shipping reaches the customer's mailbox through the stream and the mailer).
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, deliverEventsTo } from "@shop/local-cloud/testing";
import { describe, expect, inject, it } from "vitest";
import { createUser } from "../accounts/users.server.ts";
import { confirmCardPayment } from "../checkout/card-payment.server.ts";
import { placeOrder } from "../checkout/placing.server.ts";
import { createShirt, domainError, TEST_ADDRESS, VISA } from "../checkout/test-fixtures.ts";
import { orderKey } from "../db/keys.ts";
import { handleEvent } from "../reactions/reactions.server.ts";
import {
  changeOrderState,
  deleteOrder,
  NO_REFUND_DUE,
  refundOrder,
} from "./admin-changes.server.ts";
import { getOrder, getOrderByNumber } from "./orders.server.ts";
import { searchOrders } from "./search.server.ts";
import { ORDER_SEARCH_INVALID } from "./search.ts";

async function shop() {
  const test = await createTestContext();
  const shirt = await createShirt(test.ctx);
  const customer = async (name: string) =>
    createUser(test.ctx, {
      firstName: name,
      lastName: "Buyer",
      email: `${name}-${crypto.randomUUID()}@example.com`,
      password: "secret1",
    });
  const order = async (
    user: { id: string; email: string },
    minute: number,
    { paid = false } = {},
  ) => {
    const { order } = await placeOrder(
      test.ctx,
      {
        userId: user.id,
        email: user.email,
        lines: [{ productId: shirt.id, size: "M", quantity: 1 }],
        address: TEST_ADDRESS,
        deliveryMethod: "STANDARD",
      },
      new Date(`2026-11-22T10:${String(minute).padStart(2, "0")}:00Z`),
    );
    if (paid)
      await confirmCardPayment(test.ctx, { userId: user.id, orderId: order.id, card: VISA });
    return order;
  };
  return { ...test, customer, order };
}

const refusal = domainError;
const ids = (page: { orders: Array<{ id: string }> }) => page.orders.map((o) => o.id);

describe("the admin's order search", () => {
  it("finds one order by its number, as typed, through the number claim", async () => {
    const { ctx, customer, order } = await shop();
    const ana = await customer("ana");
    const a = await order(ana, 1);
    const b = await order(ana, 2);
    const typed = a.number.toLowerCase().replace("tl-", "tl ");
    expect(ids(await searchOrders(ctx, { q: typed }))).toEqual([a.id]);
    expect((await searchOrders(ctx, { q: b.number })).search).toEqual({
      kind: "number",
      number: b.number,
    });
    expect((await getOrderByNumber(ctx, a.number))?.id).toBe(a.id);
    // A number nobody has, or the order in another state than the filter: nothing.
    expect(ids(await searchOrders(ctx, { q: "TL-00000000" }))).toEqual([]);
    expect(ids(await searchOrders(ctx, { q: a.number, state: "SHIPPED" }))).toEqual([]);
    expect(ids(await searchOrders(ctx, { q: a.number, state: "PENDING" }))).toEqual([a.id]);
    // A deleted order's number finds nothing.
    await deleteOrder(ctx, a.id);
    expect(ids(await searchOrders(ctx, { q: a.number }))).toEqual([]);
  });

  it("finds a customer's orders by e-mail, newest first, paged and filtered by state", async () => {
    const { ctx, customer, order } = await shop();
    const ana = await customer("ana");
    const bob = await customer("bob");
    const a1 = await order(ana, 1, { paid: true });
    await order(bob, 2);
    const a2 = await order(ana, 3);
    const a3 = await order(ana, 4, { paid: true });
    await changeOrderState(ctx, a1.id, "SHIPPED");

    const q = ` ${ana.email.toUpperCase()} `;
    expect(ids(await searchOrders(ctx, { q }))).toEqual([a3.id, a2.id, a1.id]);
    const first = await searchOrders(ctx, { q, limit: 2 });
    expect(ids(first)).toEqual([a3.id, a2.id]);
    const second = await searchOrders(ctx, { q, limit: 2, cursor: first.cursor });
    expect(ids(second)).toEqual([a1.id]);
    expect(second.cursor).toBeUndefined();
    expect(ids(await searchOrders(ctx, { q, state: "SHIPPED" }))).toEqual([a1.id]);
    expect(ids(await searchOrders(ctx, { q, state: "PENDING" }))).toEqual([a3.id, a2.id]);
    expect(ids(await searchOrders(ctx, { q: "nobody@example.com" }))).toEqual([]);
  });

  it("without a query lists every order; refuses a bad query, state or cursor on its field", async () => {
    const { ctx, customer, order } = await shop();
    const ana = await customer("ana");
    const bob = await customer("bob");
    const a = await order(ana, 1);
    const b = await order(bob, 2);
    expect(ids(await searchOrders(ctx, { q: "" }))).toEqual([b.id, a.id]);
    expect(ids(await searchOrders(ctx, {}))).toEqual([b.id, a.id]);

    const bad = await refusal(searchOrders(ctx, { q: "shirt" }));
    expect([bad.field, bad.message]).toEqual(["q", ORDER_SEARCH_INVALID]);
    expect((await refusal(searchOrders(ctx, { state: "LOST" }))).field).toBe("state");
    expect((await refusal(searchOrders(ctx, { q: ana.email, cursor: "x!" }))).field).toBe("cursor");
  });
});

describe("the admin's state changes", () => {
  it("a refused change says why and changes nothing", async () => {
    const { ctx, customer, order } = await shop();
    const ana = await customer("ana");
    const unpaid = await order(ana, 1);
    const before = await getOrder(ctx, unpaid.id);
    const notPaid = await refusal(changeOrderState(ctx, unpaid.id, "SHIPPED"));
    expect([notPaid.message, notPaid.status]).toEqual([
      "An order cannot be shipped before it is paid",
      409,
    ]);
    expect(await getOrder(ctx, unpaid.id)).toEqual(before);

    const delivered = await order(ana, 2, { paid: true });
    await changeOrderState(ctx, delivered.id, "SHIPPED");
    await changeOrderState(ctx, delivered.id, "DELIVERED");
    const after = await getOrder(ctx, delivered.id);
    const back = await refusal(changeOrderState(ctx, delivered.id, "PENDING"));
    expect(back.message).toBe("An order that is DELIVERED cannot become PENDING");
    expect(await getOrder(ctx, delivered.id)).toEqual(after);
  });

  it("cancelling a paid order records the refund and issues it through the gateway", async () => {
    const { ctx, customer, order } = await shop();
    const ana = await customer("ana");
    const paid = await order(ana, 1, { paid: true });
    const canceled = await changeOrderState(ctx, paid.id, "CANCELED");
    expect(canceled).toMatchObject({ state: "CANCELED", payment: "paid", refundDue: false });
    expect(canceled.refundId).toMatch(/^re_local_/);
    expect(canceled.refundedAt).toBeTruthy();
    expect(canceled.canceledAt).toBeTruthy();
  });

  it("a refund still due (the gateway failed at cancellation) can be issued again, once", async () => {
    const { ctx, customer, order } = await shop();
    const ana = await customer("ana");
    const paid = await order(ana, 1, { paid: true });
    await changeOrderState(ctx, paid.id, "CANCELED");
    // As if the gateway had been down when the order was cancelled.
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: orderKey(paid.id),
        UpdateExpression: "SET refundDue = :true REMOVE refundId, refundedAt",
        ExpressionAttributeValues: { ":true": true },
      }),
    );
    const refunded = await refundOrder(ctx, paid.id);
    expect(refunded).toMatchObject({ state: "CANCELED", refundDue: false });
    expect(refunded.refundId).toMatch(/^re_local_/);
    const again = await refusal(refundOrder(ctx, paid.id));
    expect([again.message, again.status]).toEqual([NO_REFUND_DUE, 409]);
    expect((await getOrder(ctx, paid.id))?.refundId).toBe(refunded.refundId);
    expect((await refusal(refundOrder(ctx, "missing"))).status).toBe(404);
    // An order that was never cancelled has nothing to refund.
    const live = await order(ana, 2, { paid: true });
    expect((await refusal(refundOrder(ctx, live.id))).message).toBe(NO_REFUND_DUE);
  });

  it("shipping mails the customer: the stream delivers order.shipped, the mailer sends once", async () => {
    const test = await shop();
    const { ctx } = test;
    const ana = await test.customer("ana");
    const paid = await test.order(ana, 1, { paid: true });
    const delivery = await deliverEventsTo(test, (event) => handleEvent(ctx, event));
    try {
      await changeOrderState(ctx, paid.id, "SHIPPED");
      await delivery.drain();
    } finally {
      await delivery.stop();
    }
    const shipped = (await mailTo(ana.email)).filter((m) => m.subject.includes("has shipped"));
    expect(shipped.map((m) => m.subject)).toEqual([`Your order ${paid.number} has shipped`]);
    expect(shipped[0]?.body.text).toContain("1 Main Street");
    expect((await getOrder(ctx, paid.id))?.shippedNoticeQueuedAt).toBeTruthy();
  });
});

async function mailTo(to: string) {
  const res = await fetch(`${inject("cloud").mailboxUrl}/store`);
  const { emails } = (await res.json()) as {
    emails: Array<{ subject: string; destination: { to: string[] }; body: { text?: string } }>;
  };
  return emails.filter((m) => m.destination.to.includes(to));
}

// Returns against DynamoDB Local: a refund confirmed five times refunds once (and mails one
// credit note), two exchanges racing for the last unit of a size (one wins), receiving restocks
// exactly once, and every refused request is a DomainError with its field and status.
import { ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, queuedMails } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { createProduct } from "../catalog/product-saves.server.ts";
import { confirmCardPayment } from "../checkout/card-payment.server.ts";
import { placeOrder } from "../checkout/placing.server.ts";
import { domainError, productInput, TEST_ADDRESS, VISA } from "../checkout/test-fixtures.ts";
import { DomainError } from "../common/errors.ts";
import { returnKey } from "../db/keys.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { countReturnRefund } from "../insights/aggregates.server.ts";
import { readSalesDays } from "../insights/dashboard.server.ts";
import { dayOf } from "../insights/figures.ts";
import { ORDER_EXPORT_COLUMNS, orderExportRow } from "../insights/order-export.ts";
import { rebuildAggregates } from "../insights/rebuild.server.ts";
import { getStock, spreadStock } from "../inventory/stock.server.ts";
import { changeOrderState } from "../orders/admin-changes.server.ts";
import { getOrder } from "../orders/orders.server.ts";
import { paymentGateway } from "../payments/gateway.server.ts";
import { refundObject, signedStripeEvent, stripeEvent } from "../payments/stripe-events.server.ts";
import { getObjectBytes } from "../storage/index.server.ts";
import { RETURN_REFUNDED } from "./events.ts";
import {
  approveReturn,
  cancelReturn,
  getReturn,
  handleWebhook,
  listReturnsOfOrder,
  receiveReturn,
  refundKey,
  refundReturn,
  rejectReturn,
  requestReturn,
} from "./index.server.ts";
import {
  anonymiseReturnsOfDeletedUser,
  creditNoteKey,
  sendRefundNotice,
} from "./notices.server.ts";

/** With `shards`, the shirt's and the socks' stock spread over that many (decision 043). */
async function shop({ stockL = 10, shards = 1 } = {}) {
  const test = await createTestContext();
  const { ctx } = test;
  const shirt = await createProduct(
    ctx,
    productInput("shirt", {
      sizes: ["M", "L"],
      colours: ["navy", "forest"],
      // Stock per variant (docs/product.md §9 "Stock"): navy L is the one the races are about.
      stock: { "navy/M": 10, "navy/L": stockL, "forest/M": 10, "forest/L": 5 },
    }),
  );
  const socks = await createProduct(
    ctx,
    productInput("socks", {
      priceCents: 1000,
      colours: ["heather-grey"],
      stock: { "heather-grey/M": 10 },
    }),
  );
  /**
   * A delivered, paid order of one navy shirt (M) and one pair of socks (a line without a colour,
   * as a cart saved before colourways sends it: the product's first colourway).
   */
  const delivered = async (userId = `u-${crypto.randomUUID()}`) => {
    const { order } = await placeOrder(ctx, {
      userId,
      email: `${userId}@example.com`,
      lines: [
        { productId: shirt.id, colour: "navy", size: "M", quantity: 1 },
        { productId: socks.id, size: "M", quantity: 1 },
      ],
      address: TEST_ADDRESS,
      deliveryMethod: "STANDARD",
    });
    await confirmCardPayment(ctx, { userId, orderId: order.id, card: VISA });
    await changeOrderState(ctx, order.id, "SHIPPED");
    await changeOrderState(ctx, order.id, "DELIVERED");
    const placed = (await getOrder(ctx, order.id)) ?? order;
    /** The customer's return request of this order, as its form sends it. */
    const request = (form: Record<string, string>, now?: Date) =>
      requestReturn(ctx, { userId, orderId: placed.id, form }, now);
    return { order: placed, userId, request };
  };
  if (shards > 1) {
    await spreadStock(ctx, shirt.id, shards);
    await spreadStock(ctx, socks.id, shards);
  }
  return { ...test, shirt, socks, delivered };
}

async function eventsOf(ctx: Awaited<ReturnType<typeof shop>>["ctx"], type: string) {
  const { Items = [] } = await ctx.db.send(
    new ScanCommand({
      TableName: ctx.tableName,
      FilterExpression: "entity = :e AND #t = :t",
      ExpressionAttributeNames: { "#t": "type" },
      ExpressionAttributeValues: { ":e": "event", ":t": type },
      ConsistentRead: true,
    }),
  );
  return Items as unknown as DomainEvent[];
}

describe("a return refunded through the payment port", () => {
  it("is refunded once when the provider's confirmation arrives 5 times; one credit note mailed", async () => {
    const { ctx, delivered, shirt } = await shop();
    const { order, request } = await delivered();
    const r = await request({ "quantity-0": "1", reason: "too-large" });
    expect(r).toMatchObject({ state: "requested", refund: { totalCents: 2500, shippingCents: 0 } });
    await approveReturn(ctx, r.rma);
    await receiveReturn(ctx, r.rma, { faulty: false });
    expect((await getStock(ctx, shirt.id))["navy/M"]).toBe(10);

    // The same refund asked again (same idempotency key) gives the same signed confirmation.
    const again = await paymentGateway(ctx.config).refund(
      order.paymentId as string,
      `return-${r.rma}`,
      { amountCents: 2500, metadata: { rma: r.rma, orderId: order.id } },
    );
    const refunded = await refundReturn(ctx, r.rma);
    expect(refunded).toMatchObject({ state: "refunded", refundId: again.refundId });
    const confirmation = again.confirmation as { rawBody: string; signature: string };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        handleWebhook(ctx, confirmation.rawBody, confirmation.signature),
      ),
    );
    expect(answers.map((a) => a.body)).toEqual(Array(5).fill("already-refunded"));
    const events = await eventsOf(ctx, RETURN_REFUNDED);
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toMatchObject({ rma: r.rma, refundCents: 2500 });

    // The reaction, delivered 5 times: one credit note, one e-mail with it attached.
    const event = events[0] as DomainEvent;
    await Promise.all(Array.from({ length: 5 }, () => sendRefundNotice(ctx, event)));
    const mails = (await queuedMails(ctx)).filter((m) => m.subject.includes(r.rma));
    const refundMails = mails.filter((m) => m.subject === `Your refund for return ${r.rma}`);
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]).toMatchObject({
      attachments: [{ fileName: `credit-note-CN-${r.rma.slice(4)}.pdf` }],
    });
    const pdf = await getObjectBytes(ctx, ctx.config.invoicesBucket, creditNoteKey(r.rma));
    expect(pdf && Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(await getReturn(ctx, r.rma)).toMatchObject({ creditNoteNumber: `CN-${r.rma.slice(4)}` });

    // The order keeps what was refunded (the CSV export's column), once.
    const after = (await getOrder(ctx, order.id)) as NonNullable<
      Awaited<ReturnType<typeof getOrder>>
    >;
    expect(after.returnRefundedCents).toBe(2500);
    expect(orderExportRow(after)[ORDER_EXPORT_COLUMNS.indexOf("Refunded")]).toBe("25.00");

    // The insights take the refund off the day it was refunded, once.
    const day = dayOf(String(event.payload.refundedAt), ctx.config.timeZone);
    const before = (await readSalesDays(ctx, day, day))[0]?.revenueCents ?? 0;
    for (let i = 0; i < 5; i++) await countReturnRefund(ctx, event);
    expect((await readSalesDays(ctx, day, day))[0]?.revenueCents).toBe(before - 2500);
    // The rebuild from the orders and the refunded returns says the same: the sale less the refund.
    await rebuildAggregates(ctx);
    expect((await readSalesDays(ctx, day, day))[0]?.revenueCents).toBe(order.totalCents - 2500);
  });

  it("refunds the delivery with the last item of the order, never more than was paid", async () => {
    const { delivered } = await shop();
    const { order, request } = await delivered();
    const first = await request({ "quantity-0": "1", reason: "faulty" });
    const second = await request({ "quantity-1": "1", reason: "changed-my-mind" });
    expect(second.refund.shippingCents).toBe(order.shippingCents);
    expect(first.refund.totalCents + second.refund.totalCents).toBe(order.totalCents);
  });
});

describe("a refund the provider turns down", () => {
  it("leaves the return received with the reason; the next refund asks with a new key", async () => {
    const { ctx, delivered } = await shop();
    const { order, request } = await delivered();
    const r = await request({ "quantity-0": "1", reason: "too-large" });
    await approveReturn(ctx, r.rma);
    await receiveReturn(ctx, r.rma, { faulty: false });
    // The refund as Stripe would have answered it before turning it down.
    const refundId = "re_turned_down";
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: returnKey(order.id, r.rma),
        UpdateExpression: "SET refundId = :r, refundRequestedAt = :now",
        ExpressionAttributeValues: { ":r": refundId, ":now": new Date().toISOString() },
      }),
    );
    const refund = refundObject({
      id: refundId,
      paymentId: order.paymentId ?? "",
      amountCents: r.refund.totalCents,
      metadata: { rma: r.rma },
      status: "failed",
      failureReason: "expired_or_canceled_card",
    });
    const { rawBody: body, signature } = await signedStripeEvent(
      stripeEvent("refund.failed", refund, { id: "evt_failed" }),
      ctx.config.stripeWebhookSecret,
    );
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => handleWebhook(ctx, body, signature)),
    );
    expect(answers.map((a) => a.body).sort()).toEqual(["ignored", "ignored", "refund-failed"]);
    const failed = await getReturn(ctx, r.rma);
    expect(failed).toMatchObject({
      state: "received",
      refundError: "expired_or_canceled_card",
      refundAttempts: 1,
    });
    expect(failed?.refundId).toBeUndefined();
    expect(refundKey(failed as NonNullable<typeof failed>)).toBe(`return-${r.rma}-1`);
    // Asked again: a new refund, confirmed.
    expect(await refundReturn(ctx, r.rma)).toMatchObject({ state: "refunded" });
  });
});

describe("exchanges", () => {
  // On the product's one stock item, and spread over 3 (docs/decisions/043-stock-shards.md).
  it.each([1, 3])(
    "two exchanges racing for the last unit of a size: one wins, the other is told (%i stock items)",
    async (shards) => {
      const { ctx, delivered, shirt } = await shop({ stockL: 1, shards });
      const a = await delivered();
      const b = await delivered();
      const ask = (o: { order: { id: string }; userId: string }) =>
        requestReturn(ctx, {
          userId: o.userId,
          orderId: o.order.id,
          form: { "quantity-0": "1", "size-0": "L", reason: "too-small" },
        }).then(
          (r) => r,
          (e: unknown) => e,
        );
      const outcomes = await Promise.all([ask(a), ask(b)]);
      const won = outcomes.filter((o) => !(o instanceof Error));
      const lost = outcomes.filter((o) => o instanceof DomainError) as DomainError[];
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]).toMatchObject({
        field: "size-0",
        status: 409,
        message: "This colour and size is out of stock",
      });
      expect((await getStock(ctx, shirt.id))["navy/L"]).toBe(0);

      // Cancelled, the reserved unit goes back, once.
      const winner = won[0] as { rma: string; userId: string };
      await cancelReturn(ctx, winner.userId, winner.rma);
      await domainError(cancelReturn(ctx, winner.userId, winner.rma));
      expect((await getStock(ctx, shirt.id))["navy/L"]).toBe(1);
    },
  );

  it("receiving ships the reserved size as a new order at no charge, linked to the return", async () => {
    const { ctx, delivered, shirt } = await shop({ stockL: 3 });
    const { userId, request } = await delivered();
    const r = await request({ "quantity-0": "1", "size-0": "L", reason: "too-small" });
    expect(r.refund.totalCents).toBe(0);
    expect((await getStock(ctx, shirt.id))["navy/L"]).toBe(2);
    await approveReturn(ctx, r.rma);
    const received = await receiveReturn(ctx, r.rma, { faulty: false });
    expect(received.state).toBe("exchanged");
    const replacement = await getOrder(ctx, received.replacementOrderId as string);
    expect(replacement).toMatchObject({
      userId,
      state: "PENDING",
      payment: "paid",
      totalCents: 0,
      exchangeOf: r.rma,
      lines: [{ productId: shirt.id, colour: "navy", size: "L", quantity: 1 }],
    });
    // The reserved L is the new order's; the returned M is back.
    expect(await getStock(ctx, shirt.id)).toMatchObject({ "navy/L": 2, "navy/M": 10 });
  });

  it("an exchange into another colour reserves that variant, other variants untouched", async () => {
    const { ctx, delivered, shirt } = await shop({ stockL: 3 });
    const { order, request } = await delivered();
    expect(order.lines[0]).toMatchObject({ colour: "navy", size: "M" });
    const before = await getStock(ctx, shirt.id);
    expect(before).toEqual({ "navy/M": 9, "navy/L": 3, "forest/M": 10, "forest/L": 5 });
    const r = await request({ "quantity-0": "1", "size-0": "forest/M", reason: "changed-my-mind" });
    expect(r.lines[0]).toMatchObject({
      colour: "navy",
      size: "M",
      exchangeColour: "forest",
      exchangeSize: "M",
    });
    expect(await getStock(ctx, shirt.id)).toEqual({ ...before, "forest/M": 9 });

    await approveReturn(ctx, r.rma);
    const received = await receiveReturn(ctx, r.rma, { faulty: false });
    const replacement = await getOrder(ctx, received.replacementOrderId as string);
    expect(replacement?.lines).toMatchObject([
      { productId: shirt.id, colour: "forest", size: "M", quantity: 1 },
    ]);
    // The forest M is the new order's; the navy M returned is back.
    expect(await getStock(ctx, shirt.id)).toEqual({ ...before, "navy/M": 10, "forest/M": 9 });
  });

  it("refuses a colour the product does not come in, or one sold out, on the line's field", async () => {
    const { delivered } = await shop();
    const { request } = await delivered();
    const ask = (choice: string) =>
      request({ "quantity-0": "1", "size-0": choice, reason: "changed-my-mind" });
    expect(await domainError(ask("red/M"))).toMatchObject({
      field: "size-0",
      status: 409,
      message: "This colour is not offered for this product",
    });
    expect(await domainError(ask("navy/M"))).toMatchObject({
      field: "size-0",
      message: "Choose a different colour or size for the exchange",
    });
    expect(await domainError(ask("not-a-colour/M"))).toMatchObject({
      field: "size-0",
      status: 400,
    });
  });
});

describe("the admin's rejection", () => {
  it("needs a message, tells the customer, and gives an exchange's reserved unit back once", async () => {
    const { ctx, delivered, shirt } = await shop({ stockL: 2 });
    const { request } = await delivered();
    const r = await request({ "quantity-0": "1", "size-0": "L", reason: "too-small" });
    expect((await getStock(ctx, shirt.id))["navy/L"]).toBe(1);
    expect(await domainError(rejectReturn(ctx, r.rma, { message: " " }))).toMatchObject({
      field: "message",
      status: 400,
    });
    const rejected = await rejectReturn(ctx, r.rma, { message: "Worn and washed" });
    expect(rejected).toMatchObject({ state: "rejected", rejectMessage: "Worn and washed" });
    expect(await domainError(rejectReturn(ctx, r.rma, { message: "Again" }))).toMatchObject({
      status: 409,
    });
    expect((await getStock(ctx, shirt.id))["navy/L"]).toBe(2);
    // Its units are free again: the customer may ask anew.
    await request({ "quantity-0": "1", reason: "too-small" });
  });
});

describe("receiving", () => {
  it.each([1, 3])(
    "restocks exactly once, however often it is pressed; faulty items are not restocked (%i stock items)",
    async (shards) => {
      const { ctx, delivered, shirt, socks } = await shop({ shards });
      const { request } = await delivered();
      const r = await request({ "quantity-0": "1", reason: "too-large" });
      await approveReturn(ctx, r.rma);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 3 }, () => receiveReturn(ctx, r.rma, { faulty: false })),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      expect((await getStock(ctx, shirt.id))["navy/M"]).toBe(10);

      const f = await request({ "quantity-1": "1", reason: "faulty" });
      await approveReturn(ctx, f.rma);
      await receiveReturn(ctx, f.rma, { faulty: true });
      expect((await getStock(ctx, socks.id))["heather-grey/M"]).toBe(9);
    },
  );
});

describe("refused requests: a field and a message, never a 5xx", () => {
  it("another customer's order, more than bought, a second open return, not delivered, after the window", async () => {
    const { ctx, delivered, shirt } = await shop();
    const { order, userId } = await delivered();
    const ask = (form: Record<string, string>, who = userId, now?: Date) =>
      requestReturn(ctx, { userId: who, orderId: order.id, form }, now);

    expect(
      await domainError(ask({ "quantity-0": "1", reason: "faulty" }, "someone-else")),
    ).toMatchObject({ status: 404, field: "order" });
    expect(await domainError(ask({ "quantity-0": "2", reason: "faulty" }))).toMatchObject({
      status: 400,
      field: "quantity-0",
      message: "You bought 1 of this item: you cannot return more",
    });
    expect(await domainError(ask({ "quantity-3": "1", reason: "faulty" }))).toMatchObject({
      status: 400,
      field: "quantity-0",
    });
    expect(
      await domainError(ask({ "quantity-0": "1", "size-0": "XL", reason: "faulty" })),
    ).toMatchObject({
      status: 409,
      field: "size-0",
      message: "This size is not offered for this product",
    });
    expect(await domainError(ask({ "quantity-0": "1", reason: "bored" }))).toMatchObject({
      status: 400,
      field: "reason",
    });
    const late = new Date(Date.now() + 31 * 24 * 3600 * 1000);
    expect(
      await domainError(ask({ "quantity-0": "1", reason: "faulty" }, userId, late)),
    ).toMatchObject({
      status: 409,
      field: "order",
      message: "The 30-day return window of this order has closed",
    });
    await ask({ "quantity-0": "1", reason: "faulty" });
    expect(await domainError(ask({ "quantity-0": "1", reason: "faulty" }))).toMatchObject({
      status: 409,
      field: "quantity-0",
      message: "An open return already covers this item",
    });
    expect(await listReturnsOfOrder(ctx, order.id)).toHaveLength(1);

    const { order: pending } = await placeOrder(ctx, {
      userId,
      email: `${userId}@example.com`,
      lines: [{ productId: shirt.id, size: "M", quantity: 1 }],
      address: TEST_ADDRESS,
      deliveryMethod: "STANDARD",
    });
    expect(
      await domainError(
        requestReturn(ctx, {
          userId,
          orderId: pending.id,
          form: { "quantity-0": "1", reason: "faulty" },
        }),
      ),
    ).toMatchObject({
      status: 409,
      field: "order",
      message: "Only a delivered order can be returned",
    });
  });
});

describe("a deleted account", () => {
  it("its returns keep their items and amounts, not its e-mail, and it gets no refund mail", async () => {
    const { ctx, delivered } = await shop();
    const { userId, request } = await delivered();
    const r = await request({ "quantity-0": "1", reason: "faulty" });
    const deleted: DomainEvent = {
      id: crypto.randomUUID(),
      type: "user.deleted",
      payload: { userId },
      occurredAt: new Date().toISOString(),
    };
    await anonymiseReturnsOfDeletedUser(ctx, deleted);
    await anonymiseReturnsOfDeletedUser(ctx, deleted);
    expect(await getReturn(ctx, r.rma)).toMatchObject({
      email: "(account deleted)",
      refund: { totalCents: 2500 },
    });
  });
});

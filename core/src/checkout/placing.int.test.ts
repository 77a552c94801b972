// Placing an order (totals from stored prices, refusals that store nothing, a single-use code
// under concurrency) and paying it (declined, insufficient funds, a good card, the webhook once,
// a bad signature). What an order is once placed, and the admin's changes: ../orders/.

import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { promotionKey, purchaseKey } from "../db/keys.ts";
import { ORDER_NUMBER_PATTERN } from "../orders/order-number.ts";
import { getOrder, listAllOrders } from "../orders/orders.server.ts";
import { createLocalGateway } from "../payments/local-gateway.server.ts";
import { PROMOTION_USED_UP } from "../promotions/codes.server.ts";
import { getPromotion } from "../promotions/promotions.server.ts";
import { confirmCardPayment } from "./card-payment.server.ts";
import { markOrderPaid } from "./payment-state.server.ts";
import { handlePaymentWebhook } from "./payment-webhook.server.ts";
import { placeOrder } from "./placing.server.ts";
import {
  domainError,
  ONCE5,
  placeAsAna,
  productInput,
  TEST_ADDRESS,
  testShop,
  VISA,
  WELCOME10,
} from "./test-fixtures.ts";

const address = TEST_ADDRESS;
const DECLINED = { ...VISA, cardNumber: "4000 0000 0000 0002" };

async function shop() {
  const test = await testShop(await createTestContext(), {
    products: {
      shirt: productInput("shirt", { sizes: ["S", "M"] }),
      coat: productInput("coat", { priceCents: 12_000, sizes: ["L"] }),
    },
    promotions: [{ ...WELCOME10, label: "Welcome offer: 10 € off" }, ONCE5],
  });
  return { ...test, ...test.products };
}

/** The promotion's item as stored (a consistent read). */
const rawPromotion = async (ctx: Context, code: string) =>
  (
    await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: promotionKey(code), ConsistentRead: true }),
    )
  ).Item;

const place = (ctx: Context, lines: unknown, extra: Record<string, unknown> = {}) =>
  placeAsAna(ctx, lines, extra, address);

describe("placing an order", () => {
  it("computes the totals from stored prices, ignoring any price sent along", async () => {
    const { ctx, shirt, tableCalls, resetTableCalls } = await shop();
    resetTableCalls();
    const { order, clientSecret } = await place(
      ctx,
      [{ productId: shirt.id, size: "M", quantity: 2, unitPriceCents: 1, priceCents: 1 }],
      { promotionCode: " WELCOME10 ", totalCents: 1, userId: "u1" },
    );
    // The products, the automatic offers and the code (in parallel), the stock read before the
    // transaction (a sold-out line writes nothing: docs/decisions/041-flash-sale-stock.md), the
    // transaction, the payment's link.
    expect(tableCalls()).toBeLessThanOrEqual(6);
    expect(order).toMatchObject({
      state: "PENDING",
      payment: "awaiting",
      subtotalCents: 4000,
      taxCents: 1000,
      shippingCents: 500,
      discountCents: 1000,
      totalCents: 4500,
      deliveryMethod: "STANDARD",
      promotion: { code: "WELCOME10", label: "Welcome offer: 10 € off", amountCents: 1000 },
      address: { ...address },
      lines: [{ productId: shirt.id, name: "Shirt", size: "M", quantity: 2, unitPriceCents: 2000 }],
    });
    expect(order.number).toMatch(ORDER_NUMBER_PATTERN);
    expect(clientSecret).toContain(order.paymentId);
    expect(await getOrder(ctx, order.id)).toEqual(order);
    // An unlimited code is not written, so not counted, by the order's transaction.
    expect((await getPromotion(ctx, "WELCOME10"))?.usedCount).toBe(0);
  });

  it("refuses bad lines with a message naming the problem, storing nothing", async () => {
    const { ctx, shirt } = await shop();
    const cases: Array<[unknown, string]> = [
      [[], "Your cart is empty"],
      ["nonsense", "Your cart is empty"],
      [
        [{ productId: "nope", size: "M", quantity: 1 }],
        "A product in your cart is no longer available",
      ],
      [
        [{ productId: shirt.id, size: "XL", quantity: 1 }],
        "Shirt is not available in size Extra Large",
      ],
      [[{ productId: shirt.id, size: "M", quantity: 10 }], "Quantity must be between 1 and 9"],
      [[{ productId: shirt.id, size: "M", quantity: 0 }], "Quantity must be between 1 and 9"],
      [[{ productId: shirt.id, size: "M", quantity: 1.5 }], "Quantity must be between 1 and 9"],
      [[{ productId: shirt.id, size: "Q", quantity: 1 }], "Choose a valid size"],
    ];
    for (const [lines, message] of cases) {
      const error = await domainError(place(ctx, lines));
      expect(error.message).toBe(message);
      expect(error.field).toBe("cart");
    }
    expect((await listAllOrders(ctx)).orders).toEqual([]);
  });

  it("refuses a bad address, delivery method or promotion with its field", async () => {
    const { ctx, shirt } = await shop();
    const lines = [{ productId: shirt.id, size: "S", quantity: 1 }];
    const noCity = await domainError(
      placeOrder(ctx, {
        userId: "u1",
        email: "a@b.c",
        lines,
        address: { ...address, city: " " },
        deliveryMethod: "STANDARD",
      }),
    );
    expect([noCity.field, noCity.message]).toEqual(["city", "City is required"]);
    const method = await domainError(place(ctx, lines, { deliveryMethod: "TELEPORT" }));
    expect([method.field, method.message]).toEqual(["deliveryMethod", "Choose a delivery method"]);
    const promo = await domainError(place(ctx, lines, { promotionCode: "welcome10" }));
    expect([promo.field, promo.message]).toEqual(["code", "Promotion code not found"]);
    expect((await listAllOrders(ctx)).orders).toEqual([]);
  });

  it("redeems a single-use code for exactly one of ten concurrent checkouts", async () => {
    const { ctx, shirt } = await shop();
    const lines = [{ productId: shirt.id, size: "S", quantity: 1 }];
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        place(ctx, lines, { promotionCode: "ONCE5", userId: `u${i}` }),
      ),
    );
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(DomainError);
      expect((r.reason as DomainError).message).toBe(PROMOTION_USED_UP);
    }
    expect((await getPromotion(ctx, "ONCE5"))?.usedCount).toBe(1);
    expect((await listAllOrders(ctx)).orders).toHaveLength(1);
  });

  it("does not write an unlimited code's item: concurrent orders share no promotion item", async () => {
    const { ctx, shirt } = await shop();
    const before = await rawPromotion(ctx, "WELCOME10");
    const lines = [{ productId: shirt.id, size: "S", quantity: 1 }];
    const placed = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        place(ctx, lines, { promotionCode: "WELCOME10", userId: `u${i}` }),
      ),
    );
    for (const { order } of placed) {
      expect(order.promotion).toEqual({
        code: "WELCOME10",
        label: "Welcome offer: 10 € off",
        amountCents: 1000,
      });
      expect(order.discountCents).toBe(1000);
    }
    expect(await rawPromotion(ctx, "WELCOME10")).toEqual(before);
  });

  it("an unlimited code's failed payment gives nothing back, and a retried payment takes nothing", async () => {
    const { ctx, shirt } = await shop();
    const before = await rawPromotion(ctx, "WELCOME10");
    const { order } = await place(ctx, [{ productId: shirt.id, size: "S", quantity: 1 }], {
      promotionCode: "WELCOME10",
    });
    await domainError(confirmCardPayment(ctx, { userId: "u1", orderId: order.id, card: DECLINED }));
    expect(await getOrder(ctx, order.id)).toMatchObject({ payment: "failed" });
    // Stripe lets the shopper try another card: its success arrives by the webhook.
    await markOrderPaid(ctx, order.paymentId ?? "");
    expect(await getOrder(ctx, order.id)).toMatchObject({ payment: "paid", discountCents: 1000 });
    expect(await rawPromotion(ctx, "WELCOME10")).toEqual(before);
  });
});

describe("paying", () => {
  it("a declined card leaves no paid order and gives the promotion back", async () => {
    const { ctx, shirt } = await shop();
    const { order } = await place(ctx, [{ productId: shirt.id, size: "S", quantity: 1 }], {
      promotionCode: "ONCE5",
    });
    const error = await domainError(
      confirmCardPayment(ctx, { userId: "u1", orderId: order.id, card: DECLINED }),
    );
    expect([error.field, error.message]).toEqual(["cardNumber", "Your card was declined."]);
    expect(await getOrder(ctx, order.id)).toMatchObject({
      payment: "failed",
      paymentError: "Your card was declined.",
    });
    expect((await getPromotion(ctx, "ONCE5"))?.usedCount).toBe(0);
    // The code works again for the next checkout.
    await expect(
      place(ctx, [{ productId: shirt.id, size: "S", quantity: 1 }], { promotionCode: "ONCE5" }),
    ).resolves.toBeDefined();
  });

  it("insufficient funds says so; an invalid card form names its field and charges nothing", async () => {
    const { ctx, shirt } = await shop();
    const { order } = await place(ctx, [{ productId: shirt.id, size: "S", quantity: 1 }]);
    const invalid = await domainError(
      confirmCardPayment(ctx, { userId: "u1", orderId: order.id, card: { ...VISA, cvc: "1" } }),
    );
    expect([invalid.field, invalid.message]).toEqual(["cvc", "CVC must be 3 or 4 digits"]);
    expect((await getOrder(ctx, order.id))?.payment).toBe("awaiting");
    const poor = await domainError(
      confirmCardPayment(ctx, {
        userId: "u1",
        orderId: order.id,
        card: { ...VISA, cardNumber: "4000000000009995" },
      }),
    );
    expect(poor.message).toBe("Your card has insufficient funds.");
  });

  it("a good card marks the order paid and writes the purchase markers; another user cannot pay it", async () => {
    const { ctx, shirt, coat } = await shop();
    const { order } = await place(ctx, [
      { productId: shirt.id, size: "S", quantity: 1 },
      { productId: shirt.id, size: "M", quantity: 1 },
      { productId: coat.id, size: "L", quantity: 1 },
    ]);
    const stranger = await domainError(
      confirmCardPayment(ctx, { userId: "u2", orderId: order.id, card: VISA }),
    );
    expect(stranger.status).toBe(404);
    const paid = await confirmCardPayment(ctx, { userId: "u1", orderId: order.id, card: VISA });
    expect(paid).toMatchObject({ payment: "paid", state: "PENDING" });
    for (const productId of [shirt.id, coat.id]) {
      const { Item } = await ctx.db.send(
        new GetCommand({ TableName: ctx.tableName, Key: purchaseKey("u1", productId) }),
      );
      expect(Item).toMatchObject({ orderId: order.id });
    }
  });

  it("the webhook marks an order paid exactly once when delivered twice", async () => {
    const { ctx, shirt } = await shop();
    const { order } = await place(ctx, [{ productId: shirt.id, size: "S", quantity: 1 }]);
    const gateway = createLocalGateway({ webhookSecret: ctx.config.stripeWebhookSecret });
    const signed = await gateway.chargeCard({
      paymentId: order.paymentId ?? "",
      orderId: order.id,
      amountCents: order.totalCents,
      card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" },
    });
    const first = await handlePaymentWebhook(ctx, signed.rawBody, signed.signature);
    const paidAt = (await getOrder(ctx, order.id))?.paidAt;
    const second = await handlePaymentWebhook(ctx, signed.rawBody, signed.signature);
    expect([first, second]).toEqual([
      { status: 200, body: "paid" },
      { status: 200, body: "already-paid" },
    ]);
    expect((await getOrder(ctx, order.id))?.paidAt).toBe(paidAt);
    expect((await markOrderPaid(ctx, order.paymentId ?? "")).status).toBe("already-paid");
  });

  it("refuses a webhook with a wrong signature or a tampered body, changing nothing", async () => {
    const { ctx, shirt } = await shop();
    const { order } = await place(ctx, [{ productId: shirt.id, size: "S", quantity: 1 }]);
    const forged = createLocalGateway({ webhookSecret: "whsec_someone_else" });
    const card = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };
    const signed = await forged.chargeCard({
      paymentId: order.paymentId ?? "",
      orderId: order.id,
      amountCents: 1,
      card,
    });
    expect(await handlePaymentWebhook(ctx, signed.rawBody, signed.signature)).toMatchObject({
      status: 400,
    });
    const good = await createLocalGateway({
      webhookSecret: ctx.config.stripeWebhookSecret,
    }).chargeCard({
      paymentId: "pi_other",
      orderId: order.id,
      amountCents: 1,
      card,
    });
    const tampered = good.rawBody.replace("pi_other", order.paymentId ?? "");
    expect(await handlePaymentWebhook(ctx, tampered, good.signature)).toMatchObject({
      status: 400,
    });
    expect(await handlePaymentWebhook(ctx, good.rawBody, undefined)).toMatchObject({ status: 400 });
    expect((await getOrder(ctx, order.id))?.payment).toBe("awaiting");
  });
});

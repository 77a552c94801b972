// Promotions of every kind on the table (docs/product.md §9 "Promotions: kinds, conditions and
// how they combine"): stored and read back (an item from before the kinds too), automatic offers
// priced by their dates in the shop's time zone, and the conditions the order's transaction
// holds exactly: a usage limit, once per customer, a first order.

import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { createProduct } from "../catalog/product-saves.server.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { promotionIndexes, promotionKey } from "../db/keys.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import { getOrder, listAllOrders } from "../orders/orders.server.ts";
import { PROMOTION_USED_UP } from "../promotions/codes.server.ts";
import {
  createCheckedOffer,
  createOffer,
  UNKNOWN_TARGET,
} from "../promotions/promotion-admin.server.ts";
import { automaticOffers, getOffer, listOffers } from "../promotions/promotions.server.ts";
import { FIRST_ORDER_ONLY, USED_BY_CUSTOMER } from "../promotions/redemptions.server.ts";
import { WOMENS_DRESSES_20 } from "../promotions/test-fixtures.ts";
import { confirmCardPayment } from "./card-payment.server.ts";
import { placeOrder } from "./placing.server.ts";
import { priceCart } from "./priced-cart.server.ts";
import { domainError, productInput, TEST_ADDRESS, testShop } from "./test-fixtures.ts";

const DECLINED = { cardNumber: "4000 0000 0000 0002", expiry: "12/30", cvc: "123" };

async function shop() {
  // The shop's days are Madrid's: 23:30 UTC on 30 Nov is already 1 Dec there.
  const test = await testShop(await createTestContext(), {
    timeZone: "Europe/Madrid",
    products: {
      dress: productInput("dress", { category: "Women", priceCents: 4000, stock: { M: 100 } }),
      shirt: productInput("shirt", { stock: { M: 100 } }),
    },
  });
  return { ...test, ...test.products };
}

const line = (productId: string, quantity = 1) => [{ productId, size: "M", quantity }];

const place = (ctx: Context, lines: unknown, userId: string, promotionCode?: string, now?: Date) =>
  placeOrder(
    ctx,
    {
      userId,
      email: `${userId}@example.com`,
      lines,
      address: TEST_ADDRESS,
      deliveryMethod: "STANDARD",
      ...(promotionCode ? { promotionCode } : {}),
    },
    now,
  );

describe("storing promotions", () => {
  it("keeps each kind with its target and conditions; an old item reads as an amount off the order", async () => {
    const { ctx, dress, tableCalls, resetTableCalls } = await shop();
    const sale = await createOffer(ctx, {
      label: "Winter sale: 20% off dresses",
      effect: { kind: "percent-off-items", percent: 20, target: { audiences: ["Women"] } },
      conditions: { startsAt: "2026-12-01", endsAt: "2026-12-31" },
    });
    await createOffer(ctx, {
      code: "SHIPFREE",
      label: "Free delivery",
      effect: { kind: "free-delivery", methods: "STANDARD" },
      conditions: { minSubtotalCents: 3000, oncePerCustomer: true, firstOrderOnly: false },
    });
    await createOffer(ctx, {
      code: "DRESS5",
      label: "5 € off the dress",
      effect: { kind: "amount-off-items", amountCents: 500, target: { productIds: [dress.id] } },
      conditions: { usageLimit: 3 },
    });
    // A code stored before the kinds: an amount and a last day.
    await ctx.db.send(
      new PutCommand({
        TableName: ctx.tableName,
        Item: {
          ...promotionKey("OLD10"),
          ...promotionIndexes("OLD10"),
          entity: "promotion",
          code: "OLD10",
          label: "10 € off",
          amountCents: 1000,
          expiresAt: "2027-01-31",
          usedCount: 2,
          createdAt: "2026-01-01T00:00:00.000Z",
        },
      }),
    );
    expect(sale.id).toMatch(/^auto:/);
    expect(await getOffer(ctx, sale.id)).toEqual(sale);
    expect(await getOffer(ctx, "SHIPFREE")).toMatchObject({
      code: "SHIPFREE",
      effect: { kind: "free-delivery", methods: "STANDARD" },
      conditions: { minSubtotalCents: 3000, oncePerCustomer: true },
    });
    expect((await getOffer(ctx, "SHIPFREE"))?.conditions).not.toHaveProperty("firstOrderOnly");
    expect(await getOffer(ctx, "OLD10")).toEqual({
      id: "OLD10",
      code: "OLD10",
      label: "10 € off",
      effect: { kind: "amount-off-order", amountCents: 1000 },
      conditions: { endsAt: "2027-01-31" },
      usedCount: 2,
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    expect((await listOffers(ctx)).map((o) => o.code ?? "auto").sort()).toEqual(
      ["DRESS5", "OLD10", "SHIPFREE", "auto"].sort(),
    );
    resetTableCalls();
    expect(await automaticOffers(ctx)).toEqual([sale]);
    expect(tableCalls()).toBe(1);
  });

  it("refuses a target that doesn't exist, naming it on productIds, and stores nothing", async () => {
    const { ctx, dress } = await shop();
    const refused = await domainError(
      createCheckedOffer(ctx, {
        label: "Two products",
        effect: {
          kind: "percent-off-items",
          percent: 10,
          target: { productIds: [dress.id, "no-such-product"] },
        },
        conditions: {},
      }),
    );
    expect([refused.field, refused.message]).toEqual([
      "productIds",
      `${UNKNOWN_TARGET} no-such-product`,
    ]);
    expect(await listOffers(ctx)).toEqual([]);
    await createCheckedOffer(ctx, {
      label: "The dress",
      effect: { kind: "percent-off-items", percent: 10, target: { productIds: [dress.id] } },
      conditions: {},
    });
    expect(await listOffers(ctx)).toHaveLength(1);
  });

  it("an automatic offer applies from its first day to its last, in the shop's time zone", async () => {
    const { ctx, dress, shirt } = await shop();
    await createOffer(ctx, {
      label: "Winter sale: 20% off dresses",
      effect: { kind: "percent-off-items", percent: 20, target: { audiences: ["Women"] } },
      conditions: { startsAt: "2026-12-01", endsAt: "2026-12-31" },
    });
    const cart = [...line(dress.id), ...line(shirt.id)];
    const at = async (iso: string) =>
      (await priceCart(ctx, cart, "STANDARD", null, new Date(iso))).promotions.map((p) => p.label);
    // 23:30 UTC on 30 Nov is 00:30 on 1 Dec in Madrid; 23:30 UTC on 31 Dec is 1 Jan there.
    expect(await at("2026-11-30T22:30:00Z")).toEqual([]);
    expect(await at("2026-11-30T23:30:00Z")).toEqual(["Winter sale: 20% off dresses"]);
    expect(await at("2026-12-31T22:30:00Z")).toEqual(["Winter sale: 20% off dresses"]);
    expect(await at("2026-12-31T23:30:00Z")).toEqual([]);

    const priced = await priceCart(ctx, cart, "STANDARD", null, new Date("2026-12-10T12:00:00Z"));
    // The dress: 40 € + 10 € tax = 50 €, 20% = 10 €; the shirt untouched.
    expect(priced.lines.map((l) => l.discountCents ?? 0)).toEqual([1000, 0]);
    expect(priced.breakdown).toMatchObject({
      subtotalCents: 6000,
      taxCents: 1500,
      shippingCents: 500,
      discountCents: 1000,
      totalCents: 7000,
    });
    expect(priced.promotions).toEqual([
      expect.objectContaining({
        kind: "percent-off-items",
        lineCents: [1000, 0],
        totalCents: 1000,
      }),
    ]);
    // Unlimited and without a customer condition: the order writes nothing for it.
    expect(priced.redemptions).toEqual({ counted: [], claims: [] });
  });

  it("an offer on Women's dresses reads the stored product types: a Women's dress only, not a kids' dress nor an untyped one", async () => {
    const { ctx, dress } = await shop();
    const typed = (slug: string, category: "Women" | "Kid", productType?: string) =>
      createProduct(ctx, {
        slug,
        name: slug,
        category,
        ...(productType ? { productType } : {}),
        priceCents: 4000,
        description: `A ${slug}`,
        sizes: ["M"],
        stock: unitsOfEach(["M"], 100),
        images: [{ key: `${slug}.svg`, alt: slug }],
      });
    const wrap = await typed("wrap-dress", "Women", "dresses");
    const kids = await typed("kids-dress", "Kid", "dresses");
    await createOffer(ctx, WOMENS_DRESSES_20);
    // `dress` was made without a type (as products saved before types are).
    const cart = [...line(wrap.id), ...line(kids.id), ...line(dress.id)];
    const priced = await priceCart(ctx, cart, "STANDARD", null, new Date("2026-12-10T12:00:00Z"));
    expect(priced.lines.map((l) => l.discountCents ?? 0)).toEqual([1000, 0, 0]);
    expect(priced.promotions.map((p) => p.label)).toEqual(["20% off Women's dresses"]);
    // The order's lines keep no type (nor category): what they paid is what they record.
    expect(priced.lines[0]).not.toHaveProperty("productType");
  });

  it("a free-delivery code makes the delivery free under the 100 € threshold, and the order records it", async () => {
    const { ctx, shirt } = await shop();
    await createOffer(ctx, {
      code: "SHIPFREE",
      label: "Free delivery",
      effect: { kind: "free-delivery", methods: "STANDARD" },
      conditions: {},
    });
    const { order } = await place(ctx, line(shirt.id), "u1", "SHIPFREE");
    expect(order).toMatchObject({
      shippingCents: 0,
      discountCents: 0,
      totalCents: 2500,
      promotion: { code: "SHIPFREE", label: "Free delivery", amountCents: 500 },
      promotions: [
        expect.objectContaining({ code: "SHIPFREE", shippingCents: 500, lineCents: [0] }),
      ],
    });
    expect(await getOrder(ctx, order.id)).toEqual(order);
    const express = await domainError(
      placeOrder(ctx, {
        userId: "u2",
        email: "u2@example.com",
        lines: line(shirt.id),
        address: TEST_ADDRESS,
        deliveryMethod: "EXPRESS",
        promotionCode: "SHIPFREE",
      }),
    );
    expect([express.field, express.message]).toEqual([
      "code",
      "This promotion code gives free standard delivery only",
    ]);
  });
});

describe("conditions held exactly by the order's transaction", () => {
  it("a limited code's last use, raced by 20 checkouts: exactly 1", async () => {
    const { ctx, shirt } = await shop();
    await createOffer(ctx, {
      code: "LAST1",
      label: "20% off, the last one",
      effect: { kind: "percent-off-order", percent: 20 },
      conditions: { usageLimit: 5 },
    });
    // Four used already: one left.
    for (let i = 0; i < 4; i++) await place(ctx, line(shirt.id), `early${i}`, "LAST1");
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => place(ctx, line(shirt.id), `u${i}`, "LAST1")),
    );
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(placed).toHaveLength(1);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(DomainError);
      expect((r.reason as DomainError).message).toBe(PROMOTION_USED_UP);
    }
    expect((await getOffer(ctx, "LAST1"))?.usedCount).toBe(5);
    expect((await listAllOrders(ctx)).orders).toHaveLength(5);
  });

  it("once per customer, raced by the same customer in two tabs: exactly 1; a failed payment gives it back", async () => {
    const { ctx, shirt } = await shop();
    await createOffer(ctx, {
      code: "HELLO",
      label: "5 € off, once each",
      effect: { kind: "amount-off-order", amountCents: 500 },
      conditions: { oncePerCustomer: true },
    });
    const results = await Promise.allSettled([
      place(ctx, line(shirt.id), "ana", "HELLO"),
      place(ctx, line(shirt.id, 2), "ana", "HELLO"),
    ]);
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0]?.reason as DomainError | undefined)?.message).toBe(USED_BY_CUSTOMER);
    // Used: the next order is refused when priced, before any write.
    const again = await domainError(place(ctx, line(shirt.id), "ana", "HELLO"));
    expect(again.message).toBe(USED_BY_CUSTOMER);
    // Another customer may.
    await place(ctx, line(shirt.id), "bea", "HELLO");

    // Ana's payment fails: her claim is given back, and she may use the code again.
    const { order } = (placed[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof place>>>)
      .value;
    await domainError(
      confirmCardPayment(ctx, { userId: "ana", orderId: order.id, card: DECLINED }),
    );
    expect(await getOrder(ctx, order.id)).toMatchObject({ payment: "failed" });
    await place(ctx, line(shirt.id), "ana", "HELLO");
  });

  it("first order only: two tabs of a new customer win it once; a later order cannot have it", async () => {
    const { ctx, shirt } = await shop();
    await createOffer(ctx, {
      code: "FIRST",
      label: "10% off your first order",
      effect: { kind: "percent-off-order", percent: 10 },
      conditions: { firstOrderOnly: true },
    });
    const results = await Promise.allSettled([
      place(ctx, line(shirt.id), "new", "FIRST"),
      place(ctx, line(shirt.id, 3), "new", "FIRST"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    expect((refused?.reason as DomainError | undefined)?.message).toBe(FIRST_ORDER_ONLY);
    const later = await domainError(place(ctx, line(shirt.id), "new", "FIRST"));
    expect(later.message).toBe(FIRST_ORDER_ONLY);
    // A customer with an order already (placed without the code).
    await place(ctx, line(shirt.id), "old", undefined);
    const old = await domainError(place(ctx, line(shirt.id), "old", "FIRST"));
    expect(old.message).toBe(FIRST_ORDER_ONLY);
  });
});

// Stock at order time, against DynamoDB Local (docs/product.md §9 "Stock"): the last unit sold
// once among 20 concurrent checkouts; a failed payment, an expiry and a cancellation each give
// the units back exactly once, however often they are delivered or pressed; an admin's stock
// save racing a sale loses neither. Each with the product's stock on its one item, and spread
// over 3 shards (docs/decisions/043-stock-shards.md): an order of 2 then takes from two shards,
// a release goes to shard 0, and every count read is the shards' sum.
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { createProduct } from "../catalog/product-saves.server.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { getStock, saveStock, spreadStock } from "../inventory/stock.server.ts";
import { changeOrderState } from "../orders/admin-changes.server.ts";
import { getOrder, type Order } from "../orders/orders.server.ts";
import { createLocalGateway } from "../payments/local-gateway.server.ts";
import { expireAbandonedOrders } from "./abandoned.server.ts";
import { handlePaymentWebhook } from "./payment-webhook.server.ts";
import { placeOrder } from "./placing.server.ts";
import { orderingOf, productInput, shirtInput, TEST_ADDRESS, testShop } from "./test-fixtures.ts";

const PLACED_AT = new Date("2026-11-22T10:00:00.000Z");

async function shop(units: number, shards = 1) {
  const test = await testShop(await createTestContext(), {
    products: { shirt: shirtInput("M", units) },
  });
  const { shirt } = test.products;
  if (shards > 1) expect(await spreadStock(test.ctx, shirt.id, shards)).toBe(shards);
  const order = orderingOf(test.ctx, shirt, "M");
  const place = (userId: string, quantity = 1, at = new Date()) => order(userId, { quantity, at });
  const left = async () => (await getStock(test.ctx, shirt.id))["as-shown/M"];
  return { ...test, shirt, place, left };
}

const five = <T>(run: () => Promise<T>) => Promise.allSettled(Array.from({ length: 5 }, run));

describe("stock per variant (a colour in a size)", () => {
  it("30 buyers race for the last 3 navy M: exactly 3 orders; the other colours and sizes untouched", async () => {
    const { ctx } = await createTestContext();
    const polo = await createProduct(
      ctx,
      productInput("polo", {
        priceCents: 4500,
        sizes: ["S", "M"],
        colours: ["navy", "forest"],
        stock: { "navy/S": 10, "navy/M": 3, "forest/S": 10, "forest/M": 10 },
      }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        placeOrder(ctx, {
          userId: `buyer-${i}`,
          email: `buyer-${i}@example.com`,
          lines: [{ productId: polo.id, colour: "navy", size: "M", quantity: 1 }],
          address: TEST_ADDRESS,
          deliveryMethod: "STANDARD",
        }),
      ),
    );
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.order] : []));
    expect(placed).toHaveLength(3);
    for (const order of placed) expect(order.lines[0]).toMatchObject({ colour: "navy", size: "M" });
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(DomainError);
    }
    expect(await getStock(ctx, polo.id)).toEqual({
      "navy/S": 10,
      "navy/M": 0,
      "forest/S": 10,
      "forest/M": 10,
    });
  });
});

describe.each([1, 3])("stock on %i shard(s)", (shards) => {
  describe("taking stock when an order is placed", () => {
    it("20 concurrent checkouts for the last unit: exactly 1 order, 19 clear refusals, 0 left", async () => {
      const { place, left } = await shop(1, shards);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => place(`shopper-${i}`)),
      );
      const placed = results.filter((r) => r.status === "fulfilled");
      const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
      expect(placed).toHaveLength(1);
      expect(refused).toHaveLength(19);
      for (const error of refused) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).message).toBe("Shirt in size Medium is out of stock");
      }
      expect(await left()).toBe(0);
    });

    it("refuses a line over what is left, naming product, size and units, and takes nothing", async () => {
      const { place, left } = await shop(2, shards);
      await expect(place("ana", 3)).rejects.toMatchObject({
        message: "Only 2 left of Shirt in size Medium",
        field: "cart",
      });
      expect(await left()).toBe(2);
    });
  });

  describe("giving stock back, exactly once", () => {
    it("a failed payment delivered five times", async () => {
      const { ctx, place, left } = await shop(3, shards);
      const order = await place("ana", 2);
      expect(await left()).toBe(1);
      const failure = await charged(ctx, order, "4000000000000002");
      await five(() => handlePaymentWebhook(ctx, failure.rawBody, failure.signature));
      expect((await getOrder(ctx, order.id))?.payment).toBe("failed");
      expect(await left()).toBe(3);
    });

    it("an expiry swept five times at once", async () => {
      const { ctx, place, left } = await shop(3, shards);
      const order = await place("ana", 2, PLACED_AT);
      const later = new Date(PLACED_AT.getTime() + 31 * 60_000);
      await five(() => expireAbandonedOrders(ctx, later));
      expect((await getOrder(ctx, order.id))?.payment).toBe("failed");
      expect(await left()).toBe(3);
    });

    it("a cancellation pressed five times at once", async () => {
      const { ctx, place, left } = await shop(3, shards);
      const order = await place("ana", 2);
      await five(() => changeOrderState(ctx, order.id, "CANCELED"));
      expect((await getOrder(ctx, order.id))?.state).toBe("CANCELED");
      expect(await left()).toBe(3);
    });

    it("a payment that arrives after the expiry takes the units again (the goods are owed)", async () => {
      const { ctx, place, left } = await shop(3, shards);
      const order = await place("ana", 2, PLACED_AT);
      await expireAbandonedOrders(ctx, new Date(PLACED_AT.getTime() + 31 * 60_000));
      expect(await left()).toBe(3);
      await paid(ctx, order);
      expect(await left()).toBe(1);
    });
  });

  it("an admin's stock save racing a sale loses neither", async () => {
    const { ctx, shirt, place, left } = await shop(5, shards);
    // The admin's form shows 5 and they type 8 (+3) while a shopper buys 2.
    const [saved] = await Promise.all([
      saveStock(ctx, shirt.id, [{ key: "as-shown/M", shown: 5, typed: 8 }]),
      place("ana", 2),
    ]);
    expect(await left()).toBe(6);
    expect(saved["as-shown/M"] === 6 || saved["as-shown/M"] === 8).toBe(true);
  });
});

/** The signed event of the local gateway charging `number` for the order. */
const charged = (ctx: Context, order: Order, number: string) =>
  createLocalGateway({ webhookSecret: ctx.config.stripeWebhookSecret }).chargeCard({
    paymentId: order.paymentId ?? "",
    orderId: order.id,
    amountCents: order.totalCents,
    card: { number, expMonth: 12, expYear: 2030, cvc: "123" },
  });

async function paid(ctx: Context, order: Order) {
  const success = await charged(ctx, order, "4242424242424242");
  expect(await handlePaymentWebhook(ctx, success.rawBody, success.signature)).toEqual({
    status: 200,
    body: "paid",
  });
}

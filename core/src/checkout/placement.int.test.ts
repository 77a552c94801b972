// "Confirm order" under a fault, against DynamoDB Local behind a proxy that stops answering at
// the order's transaction: the attempt fails as unavailable and leaves no order and no redeemed
// promotion; the shopper's retry (same placement key) places exactly one order. An attempt whose
// transaction landed but whose answer was lost is found by the retry, not written twice.

import { startStallProxy } from "@shop/local-cloud";
import { createTestContext } from "@shop/local-cloud/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isDependencyUnavailable } from "../common/errors.ts";
import { createContext, loadConfig } from "../context/index.server.ts";
import { listOrdersForUser } from "../orders/orders.server.ts";
import { getPromotion } from "../promotions/promotions.server.ts";
import { placeOrder } from "./placing.server.ts";
import { ONCE5, shirtInput, TEST_ADDRESS, testShop } from "./test-fixtures.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

async function shop() {
  const test = await testShop(await createTestContext(), {
    products: { shirt: shirtInput("S") },
    promotions: [ONCE5],
  });
  const { shirt } = test.products;
  const order = (placementKey: string, quantity = 2) => ({
    userId: "u1",
    email: "ana@example.com",
    lines: [{ productId: shirt.id, size: "S", quantity }],
    address: TEST_ADDRESS,
    deliveryMethod: "STANDARD",
    promotionCode: "ONCE5",
    placementKey,
  });
  return { ...test, order };
}

describe("placing an order when the table stops answering", () => {
  it("writes nothing, and the retry places exactly one order", async () => {
    const { ctx, env, order } = await shop();
    const proxy = await startStallProxy(env.DYNAMODB_ENDPOINT as string);
    const stalling = createContext(
      loadConfig({ ...env, DYNAMODB_ENDPOINT: proxy.url, DEPENDENCY_DEADLINES: "aws" }),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    const key = crypto.randomUUID();
    try {
      // Pricing reads go through; the order's transaction is never answered.
      proxy.stall((chunk) => chunk.includes("DynamoDB_20120810.TransactWriteItems"));
      const failed = await placeOrder(stalling, order(key)).catch((e: unknown) => e);
      expect(isDependencyUnavailable(failed)).toBe(true);
      expect(failed).toMatchObject({ dependency: "dynamodb", operation: "TransactWriteItems" });

      expect((await listOrdersForUser(ctx, "u1")).orders).toEqual([]);
      expect((await getPromotion(ctx, "ONCE5"))?.usedCount).toBe(0);

      proxy.resume();
      const placed = await placeOrder(stalling, order(key));
      expect(placed.order).toMatchObject({ payment: "awaiting", promotion: { code: "ONCE5" } });
      expect((await listOrdersForUser(ctx, "u1")).orders.map((o) => o.id)).toEqual([
        placed.order.id,
      ]);
      expect((await getPromotion(ctx, "ONCE5"))?.usedCount).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it("finds the order of an attempt whose answer was lost: same order, same payment, one redemption", async () => {
    const { ctx, order } = await shop();
    const key = crypto.randomUUID();
    // The first attempt landed; its answer never reached the shopper, who presses again.
    const first = await placeOrder(ctx, order(key));
    const again = await placeOrder(ctx, order(key));
    expect(again.order.id).toBe(first.order.id);
    expect(again.order.paymentId).toBe(first.order.paymentId);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect((await listOrdersForUser(ctx, "u1")).orders).toHaveLength(1);
    expect((await getPromotion(ctx, "ONCE5"))?.usedCount).toBe(1);
  });

  it("takes a changed cart under the same key as another order", async () => {
    const { ctx, order } = await shop();
    const key = crypto.randomUUID();
    const first = await placeOrder(ctx, { ...order(key), promotionCode: null });
    const changed = await placeOrder(ctx, { ...order(key, 3), promotionCode: null });
    expect(changed.order.id).not.toBe(first.order.id);
    expect((await listOrdersForUser(ctx, "u1")).orders).toHaveLength(2);
  });
});

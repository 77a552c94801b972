// The business metrics an order's rules emit through core's telemetry port
// (core/src/context/telemetry.ts, docs/decisions/025-powertools.md): placed once when its
// placement writes it, paid once however often the success is delivered, a failed payment
// counted as such; each about the order's id.
import { createTestContext } from "@shop/local-cloud/testing";
import { afterEach, describe, expect, it } from "vitest";
import { consoleTelemetry, type Metric, setTelemetry } from "../context/telemetry.ts";
import { TEST_CARDS } from "../payments/cards.ts";
import { handlePaymentWebhook } from "./payment-webhook.server.ts";
import { chargeTestCard, orderingOf, productInput, testShop } from "./test-fixtures.ts";

afterEach(() => setTelemetry(consoleTelemetry));

/** Records the metrics counted, with what each is about. */
function recordMetrics() {
  const counted: Array<{ metric: Metric; about?: Record<string, string> }> = [];
  setTelemetry({ log() {}, count: (metric, about) => counted.push({ metric, about }) });
  return counted;
}

async function orderPaidWith(cardNumber: string, userId: string) {
  const test = await testShop(await createTestContext(), {
    products: { tee: productInput("tee") },
  });
  const order = await orderingOf(test.ctx, test.products.tee, "M")(userId);
  return { test, order, event: await chargeTestCard(test.ctx, order, cardNumber) };
}

describe("an order's business metrics", () => {
  it("placed once, paid once however often the success arrives, each about the order", async () => {
    const counted = recordMetrics();
    const { test, order, event } = await orderPaidWith("4242424242424242", "metrics-paid");
    for (let i = 0; i < 3; i++)
      await handlePaymentWebhook(test.ctx, event.rawBody, event.signature);
    const mine = counted.filter((c) => c.about?.orderId === order.id).map((c) => c.metric);
    expect(mine).toEqual(["OrdersPlaced", "OrdersPaid"]);
  });

  it("a declined card counts a failed payment, not a paid order", async () => {
    const counted = recordMetrics();
    const { test, order, event } = await orderPaidWith(TEST_CARDS.declined, "metrics-declined");
    await handlePaymentWebhook(test.ctx, event.rawBody, event.signature);
    const mine = counted.filter((c) => c.about?.orderId === order.id).map((c) => c.metric);
    expect(mine).toEqual(["OrdersPlaced", "PaymentsFailed"]);
  });
});

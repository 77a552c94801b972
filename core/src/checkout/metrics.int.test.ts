// The business metrics an order's rules emit through core's telemetry port
// (core/src/context/telemetry.ts, docs/decisions/025-powertools.md): placed once when its
// placement writes it, paid once however often the success is delivered, a failed payment
// counted as such; each about the order's id.
import { createTestContext } from "@shop/local-cloud/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createProduct } from "../catalog/products.server.ts";
import { consoleTelemetry, type Metric, setTelemetry } from "../context/telemetry.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import { TEST_CARDS } from "../payments/cards.ts";
import { createLocalGateway } from "../payments/local-gateway.server.ts";
import { handlePaymentWebhook } from "./payment-webhook.server.ts";
import { placeOrder } from "./placing.server.ts";

afterEach(() => setTelemetry(consoleTelemetry));

/** Records the metrics counted, with what each is about. */
function recordMetrics() {
  const counted: Array<{ metric: Metric; about?: Record<string, string> }> = [];
  setTelemetry({ log() {}, count: (metric, about) => counted.push({ metric, about }) });
  return counted;
}

async function orderPaidWith(cardNumber: string, userId: string) {
  const test = await createTestContext();
  const { ctx } = test;
  const tee = await createProduct(ctx, {
    slug: "tee",
    name: "Tee",
    category: "Women",
    priceCents: 3000,
    description: "A tee",
    sizes: ["M"],
    stock: unitsOfEach(["M"], 50),
    images: [{ key: "tee.svg", alt: "tee" }],
  });
  const { order } = await placeOrder(ctx, {
    userId,
    email: `${userId}-${crypto.randomUUID()}@example.com`,
    lines: [{ productId: tee.id, size: "M", quantity: 1 }],
    address: {
      address: "2 Side St",
      country: "France",
      city: "Lyon",
      zipCode: "69001",
      phone: "0600000000",
    },
    deliveryMethod: "STANDARD",
  });
  const gateway = createLocalGateway({ webhookSecret: ctx.config.stripeWebhookSecret });
  const event = await gateway.chargeCard({
    paymentId: order.paymentId ?? "",
    orderId: order.id,
    amountCents: order.totalCents,
    card: { number: cardNumber, expMonth: 12, expYear: 2030, cvc: "123" },
  });
  return { test, order, event };
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

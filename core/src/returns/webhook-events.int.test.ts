// The Stripe events the stage's endpoint is subscribed to (STRIPE_WEBHOOK_EVENTS, which
// `npm run stripe:webhook` sends to Stripe) are the ones the webhook acts on, against DynamoDB
// Local: each listed type, signed as Stripe signs it, reaches the orders' payments (an order
// awaiting its payment becomes paid or failed) or the returns' refunds (answered with their
// outcome for a return the table does not hold), and a type outside the list is answered
// "ignored" (docs/decisions/012-payment-flow.md).
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { createShirt, placeAsAna } from "../checkout/test-fixtures.ts";
import type { Context } from "../context/index.server.ts";
import {
  paymentIntentObject,
  refundObject,
  signedStripeEvent,
  stripeEvent,
} from "../payments/stripe-events.server.ts";
import { STRIPE_WEBHOOK_EVENTS, type StripeWebhookEvent } from "../payments/webhook-events.ts";
import { handleWebhook } from "./refund.server.ts";

const intent = (id: string) => paymentIntentObject({ id, amountCents: 2000 });
const refund = (status: string) =>
  refundObject({
    id: "re_nobody",
    paymentId: "pi_nobody",
    amountCents: 2500,
    metadata: { rma: "RMA-NOBODY00" },
    status,
  });

/**
 * A typical object of each listed type, for an order awaiting its payment (`paymentId`): a type
 * listed without one fails the type check.
 */
const SAMPLES: Record<StripeWebhookEvent, (paymentId: string) => object> = {
  "payment_intent.succeeded": intent,
  "payment_intent.payment_failed": (id) =>
    paymentIntentObject({
      id,
      amountCents: 2000,
      lastPaymentError: { message: "Your card was declined." },
    }),
  "payment_intent.canceled": (id) =>
    paymentIntentObject({ id, amountCents: 2000, status: "canceled" }),
  "refund.created": () => refund("succeeded"),
  "refund.updated": () => refund("succeeded"),
  "refund.failed": () => refund("failed"),
};

async function deliver(ctx: Context, type: string, object: object) {
  const { rawBody, signature } = await signedStripeEvent(
    stripeEvent(type, object, { id: `evt_${type}` }),
    ctx.config.stripeWebhookSecret,
  );
  return handleWebhook(ctx, rawBody, signature);
}

describe("the webhook's events", () => {
  it("acts on every type the endpoint is subscribed to, and ignores any other", async () => {
    const { ctx } = await createTestContext();
    const shirt = await createShirt(ctx);
    /** A new order awaiting its payment: its payment's id. */
    const awaiting = async () => {
      const { order } = await placeAsAna(ctx, [{ productId: shirt.id, size: "M", quantity: 1 }]);
      return order.paymentId ?? "";
    };
    const answers: Record<string, string> = {};
    for (const type of STRIPE_WEBHOOK_EVENTS) {
      const answer = await deliver(ctx, type, SAMPLES[type](await awaiting()));
      expect(answer.status).toBe(200);
      answers[type] = answer.body;
    }
    expect(answers).toEqual({
      "payment_intent.succeeded": "paid",
      "payment_intent.payment_failed": "failed",
      "payment_intent.canceled": "failed",
      "refund.created": "unknown-return",
      "refund.updated": "unknown-return",
      "refund.failed": "unknown-return",
    });
    // Types outside the list, even of the same objects and for an order awaiting its payment,
    // are accepted and change nothing.
    for (const [type, object] of [
      ["payment_intent.created", intent(await awaiting())],
      ["payment_intent.processing", intent(await awaiting())],
      ["charge.refunded", { id: "ch_nobody", object: "charge" }],
      ["charge.refund.updated", refund("succeeded")],
    ] as const) {
      expect(await deliver(ctx, type, object), type).toEqual({ status: 200, body: "ignored" });
    }
  });
});

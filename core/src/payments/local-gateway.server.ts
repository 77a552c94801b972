// The local test gateway (docs/architecture.md §4): behaves like Stripe's test mode with no network.
// createPayment hands out Stripe-shaped ids; chargeCard (the local gateway's own, outside the
// port) checks the test card and answers with the signed event Stripe would send
// (payment_intent.succeeded or .payment_failed), which the caller delivers to the same webhook
// entry point as production; a refund is confirmed with a signed refund.updated. The events are
// built by ./stripe-events.server.ts, as the rehearsal and the tests build theirs.
import { createHmac, randomBytes } from "node:crypto";
import { testCardOutcome } from "./cards.ts";
import type { CardCharger, PaymentGateway } from "./port.ts";
import { verifyStripeWebhook } from "./signature.server.ts";
import {
  paymentIntentObject,
  refundObject,
  signedStripeEvent,
  stripeEvent,
} from "./stripe-events.server.ts";

const randomId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString("hex")}`;

export interface LocalGateway extends PaymentGateway {
  readonly chargeCard: CardCharger;
}

export function createLocalGateway(options: { webhookSecret: string }): LocalGateway {
  /** Derived from the idempotency key: the same key gives the same payment, as with Stripe. */
  const derive = (label: string, key: string) =>
    createHmac("sha256", options.webhookSecret)
      .update(`${label}:${key}`)
      .digest("hex")
      .slice(0, 24);
  return {
    name: "local",
    async createPayment(input) {
      const paymentId = `pi_local_${derive("payment", input.idempotencyKey)}`;
      return {
        paymentId,
        clientSecret: `${paymentId}_secret_${derive("secret", input.idempotencyKey)}`,
      };
    },
    async chargeCard(input) {
      const outcome = testCardOutcome(input.card);
      const paymentIntent = paymentIntentObject({
        id: input.paymentId,
        amountCents: input.amountCents,
        orderId: input.orderId,
        ...(outcome.ok
          ? {}
          : { lastPaymentError: { code: outcome.code, message: outcome.message } }),
      });
      const type = outcome.ok ? "payment_intent.succeeded" : "payment_intent.payment_failed";
      return signedStripeEvent(
        stripeEvent(type, paymentIntent, { id: randomId("evt") }),
        options.webhookSecret,
      );
    },
    async refund(paymentId, idempotencyKey, refundOptions = {}) {
      // Derived from the key, as Stripe answers the same refund to the same key.
      const refundId = `re_local_${derive("refund", idempotencyKey)}`;
      const refund = refundObject({
        id: refundId,
        paymentId,
        amountCents: refundOptions.amountCents ?? 0,
        metadata: refundOptions.metadata ?? {},
        status: "succeeded",
      });
      const event = stripeEvent("refund.updated", refund, { id: randomId("evt") });
      return { refundId, confirmation: await signedStripeEvent(event, options.webhookSecret) };
    },
    async cancelPayment() {
      // Local payments are confirmed synchronously at "Confirm order": one still awaiting was
      // abandoned before its card was ever charged.
      return "canceled";
    },
    async verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeWebhook(rawBody, signatureHeader, options.webhookSecret);
    },
  };
}

// The Stripe event types the shop's webhook acts on, in one list (browser-safe, no SDK): the
// webhook's decoding (./signature.server.ts) dispatches on exactly these and ignores any other
// type, and `npm run stripe:webhook` (scripts/stripe-webhook.ts) subscribes the stage's Stripe
// endpoint to exactly these. A type added here without a case in the decoding, or a case
// without its type here, fails the type check (docs/decisions/012-payment-flow.md).
export const STRIPE_WEBHOOK_EVENTS = [
  // The orders' payments (core/src/checkout/payment-webhook.server.ts).
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  // The returns' refunds (core/src/returns): a refund's final state arrives in one of these.
  "refund.created",
  "refund.updated",
  "refund.failed",
] as const;

export type StripeWebhookEvent = (typeof STRIPE_WEBHOOK_EVENTS)[number];

const HANDLED: ReadonlySet<string> = new Set(STRIPE_WEBHOOK_EVENTS);

/** Whether the webhook acts on a Stripe event of this type (any other is answered "ignored"). */
export function isStripeWebhookEvent(type: string): type is StripeWebhookEvent {
  return HANDLED.has(type);
}

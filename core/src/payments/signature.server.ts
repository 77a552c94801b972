// Webhook signatures exactly as Stripe makes them (`t=…,v1=…`, HMAC-SHA256 of "t.body" with the
// webhook secret), through Stripe's own SDK helpers, which work offline. The local test gateway
// signs with signWebhookPayload; every delivery is checked with verifyStripeWebhook. The SDK is
// imported on first use (loadStripe): only checkout and the webhook need it, not every cold start
// (docs/decisions/022-lean-bundles.md).
import type Stripe from "stripe";
import { lazy } from "../common/lazy.ts";
import type { PaymentEvent } from "./port.ts";
import { isStripeWebhookEvent } from "./webhook-events.ts";

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** Stripe's SDK (its class), imported on the first call: a chunk of its own in the bundles. */
export const loadStripe = /* @__PURE__ */ lazy(async () => (await import("stripe")).default);

/** Stripe's webhook helpers work offline: no API key is used to sign or verify. */
const webhooks = async () => (await loadStripe()).webhooks;

/** Signs a webhook body exactly as Stripe does (`t=…,v1=…`). */
export async function signWebhookPayload(
  rawBody: string,
  secret: string,
  timestamp?: number,
): Promise<string> {
  return (await webhooks()).generateTestHeaderString({
    payload: rawBody,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

/** Verifies a webhook like Stripe's SDK does, then maps it to the events the shop knows. */
export async function verifyStripeWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | undefined,
  secret: string,
  now: Date = new Date(),
): Promise<PaymentEvent> {
  if (!signatureHeader) throw new WebhookSignatureError("Missing stripe-signature header");
  const helpers = await webhooks();
  let event: Stripe.Event;
  try {
    event = helpers.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      undefined,
      undefined,
      now.getTime(),
    );
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature");
  }
  return toPaymentEvent(event);
}

/**
 * Decodes a verified event: one case per type of STRIPE_WEBHOOK_EVENTS (./webhook-events.ts),
 * the list the stage's endpoint is subscribed to; any other type is ignored.
 */
function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const type: string = event.type;
  if (!isStripeWebhookEvent(type)) return { type: "ignored", eventId: event.id, stripeType: type };
  const object = event.data?.object as Partial<Stripe.PaymentIntent> | undefined;
  const paymentId = typeof object?.id === "string" ? object.id : "";
  const orderId =
    typeof object?.metadata?.orderId === "string" ? object.metadata.orderId : undefined;
  switch (type) {
    case "payment_intent.succeeded":
      return {
        type: "payment.succeeded",
        eventId: event.id,
        paymentId,
        orderId,
        amountCents: typeof object?.amount === "number" ? object.amount : undefined,
      };
    case "payment_intent.payment_failed":
    case "payment_intent.canceled":
      return {
        type: "payment.failed",
        eventId: event.id,
        paymentId,
        orderId,
        message: object?.last_payment_error?.message ?? undefined,
      };
    case "refund.created":
    case "refund.updated":
    case "refund.failed": {
      const refund = event.data?.object as Partial<Stripe.Refund> | undefined;
      if (typeof refund?.id !== "string") {
        return { type: "ignored", eventId: event.id, stripeType: type };
      }
      const intent = refund.payment_intent;
      const rma = refund.metadata?.rma;
      const common = {
        eventId: event.id,
        refundId: refund.id,
        paymentId: typeof intent === "string" ? intent : (intent?.id ?? ""),
        ...(typeof rma === "string" ? { rma } : {}),
      };
      if (refund.status === "succeeded") {
        return {
          type: "refund.succeeded",
          ...common,
          ...(typeof refund.amount === "number" ? { amountCents: refund.amount } : {}),
        };
      }
      if (refund.status === "failed" || refund.status === "canceled") {
        const reason = refund.failure_reason;
        return {
          type: "refund.failed",
          ...common,
          ...(typeof reason === "string" ? { message: reason } : {}),
        };
      }
      // Pending or awaiting action: its final state comes in a later event.
      return { type: "ignored", eventId: event.id, stripeType: type };
    }
    default: {
      // Every listed type has its case: a type listed without one fails the type check here.
      const unhandled: never = type;
      return unhandled;
    }
  }
}

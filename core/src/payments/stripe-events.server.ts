// Stripe's webhook events as Stripe sends them, built in one place: the envelope
// (`{ id: "evt_…", object: "event", type, created, livemode, data: { object } }`), the
// PaymentIntent and Refund objects it carries, and the signed delivery (the raw body and its
// `stripe-signature` header). The local test gateway answers its charges and refunds with these,
// the deploy rehearsal sends them to the webhook's function URL, and the tests deliver them to
// the webhook. The webhook reads the event's id and type and the fields of its object that
// toPaymentEvent (./signature.server.ts) decodes; the others are there as Stripe writes them.
import { randomBytes } from "node:crypto";
import type { SignedEvent } from "./port.ts";
import { signWebhookPayload } from "./signature.server.ts";
import type { StripeWebhookEvent } from "./webhook-events.ts";

/** A type the webhook acts on, or any other (which it verifies, then answers "ignored"). */
export type StripeEventType = StripeWebhookEvent | (string & {});

export interface StripeEvent<Type extends StripeEventType = StripeEventType, Data = object> {
  id: string;
  object: "event";
  type: Type;
  /** Seconds since the epoch, as Stripe writes it. */
  created: number;
  livemode: false;
  data: { object: Data };
}

export interface StripeEventOptions {
  /** The event's id; by default a random `evt_…`. */
  id?: string;
  /** When it happened; by default now. */
  created?: Date;
}

/** An event of this type carrying this object (a test-mode event: livemode false). */
export function stripeEvent<Type extends StripeEventType, Data extends object>(
  type: Type,
  object: Data,
  options: StripeEventOptions = {},
): StripeEvent<Type, Data> {
  return {
    id: options.id ?? `evt_${randomBytes(12).toString("hex")}`,
    object: "event",
    type,
    created: Math.floor((options.created ?? new Date()).getTime() / 1000),
    livemode: false,
    data: { object },
  };
}

export interface PaymentIntentFields {
  id: string;
  amountCents: number;
  /** Lowercase, as Stripe writes it; by default "eur" (the shop's only currency). */
  currency?: string;
  /** The order it pays (its metadata, which the webhook reads); none for a foreign payment. */
  orderId?: string;
  /** By default "succeeded", or "requires_payment_method" when the charge failed. */
  status?: string;
  /** Why the charge failed (its message is what the customer is told). */
  lastPaymentError?: { code?: string; message: string };
}

/** A PaymentIntent as Stripe writes it in payment_intent.* events. */
export function paymentIntentObject(fields: PaymentIntentFields) {
  const error = fields.lastPaymentError;
  return {
    id: fields.id,
    object: "payment_intent" as const,
    amount: fields.amountCents,
    currency: fields.currency ?? "eur",
    metadata: fields.orderId === undefined ? {} : { orderId: fields.orderId },
    status: fields.status ?? (error ? "requires_payment_method" : "succeeded"),
    ...(error ? { last_payment_error: error } : {}),
  };
}

export interface RefundFields {
  id: string;
  /** The PaymentIntent it refunds. */
  paymentId: string;
  amountCents: number;
  currency?: string;
  /** What the shop asked Stripe to keep with it (a return's `rma`). */
  metadata?: Record<string, string>;
  /** "succeeded" and "failed" (or "canceled") are final; "pending" is not. */
  status: string;
  /** Why it failed (Stripe's failure_reason), with status "failed". */
  failureReason?: string;
}

/** A Refund as Stripe writes it in refund.* events. */
export function refundObject(fields: RefundFields) {
  return {
    id: fields.id,
    object: "refund" as const,
    amount: fields.amountCents,
    currency: fields.currency ?? "eur",
    payment_intent: fields.paymentId,
    metadata: fields.metadata ?? {},
    status: fields.status,
    ...(fields.failureReason === undefined ? {} : { failure_reason: fields.failureReason }),
  };
}

/** The event as Stripe delivers it: its JSON body, signed with the webhook secret. */
export async function signedStripeEvent(event: StripeEvent, secret: string): Promise<SignedEvent> {
  const rawBody = JSON.stringify(event);
  return { rawBody, signature: await signWebhookPayload(rawBody, secret) };
}

// The PaymentGateway port (docs/architecture.md §4): what both adapters do. The adapter is chosen in
// gateway.server.ts, which also hands out the local gateway's card charger (CardCharger).
// Both sign their webhook events the same way (Stripe's scheme, keyed with the webhook secret),
// so the order-finalizing code behind the webhook is the production code in both cases.
import type { Card } from "./cards.ts";

export interface CreatePaymentInput {
  orderId: string;
  amountCents: number;
  currency: "eur";
  /** The same key always gives the same payment (we use the order id). */
  idempotencyKey: string;
  customerEmail: string;
}

export interface CreatedPayment {
  paymentId: string;
  /** Given to the browser to confirm the payment (Stripe's Payment Element). Never stored. */
  clientSecret: string;
}

/** The local test gateway's card charge (not part of the port: Stripe confirms in the browser). */
export interface ChargeCardInput {
  paymentId: string;
  orderId: string;
  amountCents: number;
  card: Card;
}

/**
 * Charges a card typed into the shop's own form and returns the signed event the webhook gets,
 * success or failure. Only the local test gateway can: with Stripe, card data never reaches the
 * shop's server.
 */
export type CardCharger = (input: ChargeCardInput) => Promise<SignedEvent>;

export type CancelOutcome = "canceled" | "paid";

/** A webhook delivery: the raw body and its `stripe-signature` header. */
export interface SignedEvent {
  rawBody: string;
  signature: string;
}

/** The payment events the shop reacts to, decoded from a verified webhook. */
export type PaymentEvent =
  | {
      type: "payment.succeeded";
      eventId: string;
      paymentId: string;
      orderId?: string;
      amountCents?: number;
    }
  | {
      type: "payment.failed";
      eventId: string;
      paymentId: string;
      orderId?: string;
      message?: string;
    }
  | {
      /** A refund went through (Stripe's refund.created / refund.updated with "succeeded"). */
      type: "refund.succeeded";
      eventId: string;
      refundId: string;
      paymentId: string;
      amountCents?: number;
      /** The return it refunds (the refund's metadata), when it is one. */
      rma?: string;
    }
  | {
      /** A refund did not go through (Stripe's refund.failed, or a refund "failed"/"canceled"). */
      type: "refund.failed";
      eventId: string;
      refundId: string;
      paymentId: string;
      rma?: string;
      message?: string;
    }
  | { type: "ignored"; eventId: string; stripeType: string };

/** A partial refund (a return): the amount, and what the refund's metadata carries. */
export interface RefundOptions {
  amountCents?: number;
  metadata?: Record<string, string>;
}

export interface IssuedRefund {
  refundId: string;
  /**
   * The local test gateway's signed refund event, to deliver to the webhook entry point as Stripe
   * would (a card charge's way, docs/decisions/012-payment-flow.md); Stripe sends its own.
   */
  confirmation?: SignedEvent;
}

export interface PaymentGateway {
  readonly name: "local" | "stripe";
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Refunds the payment, whole or (with `amountCents`) in part. The same idempotency key always
   * gives the same refund.
   */
  refund(paymentId: string, idempotencyKey: string, options?: RefundOptions): Promise<IssuedRefund>;
  /**
   * Gives up on a payment that was never completed (the abandoned-payment sweep): after
   * "canceled" it can no longer succeed; "paid" means the money is already moving (succeeded,
   * processing or awaiting capture) and the success event is on its way.
   */
  cancelPayment(paymentId: string): Promise<CancelOutcome>;
  /**
   * Verifies the signature (and its age) and decodes the event; rejects with
   * WebhookSignatureError. Asynchronous: Stripe's SDK, which verifies, is imported on first use.
   */
  verifyWebhook(
    rawBody: string | Uint8Array,
    signatureHeader: string | undefined,
  ): Promise<PaymentEvent>;
}

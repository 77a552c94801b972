// The payment webhook's entry point, shared by the Lambda (functions/src/stripe-webhook.ts,
// Stripe's deliveries) and the local test gateway (its signed events, delivered in-process):
// verify the signature, then mark the order paid or failed. Unknown event types are accepted
// and ignored, as Stripe expects; a bad signature is a 400 and changes nothing. It lives with the
// orders because it changes them: orders depend on payments (the gateway), never the reverse.

import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { countMetric, logLine } from "../context/telemetry.ts";
import { parseCard } from "../payments/cards.ts";
import { cardCharger, paymentGateway } from "../payments/gateway.server.ts";
import type { PaymentEvent } from "../payments/port.ts";
import { WebhookSignatureError } from "../payments/signature.server.ts";
import {
  getOrderForUser,
  ORDER_NOT_FOUND,
  ORDER_NOT_PAYABLE,
  type Order,
} from "./orders.server.ts";
import { markOrderPaid, markPaymentFailed } from "./payment-state.server.ts";

export interface WebhookAnswer {
  status: 200 | 400;
  body: string;
}

/**
 * What the webhook does with a refund's outcome (succeeded or failed): the returns area's (core/src/returns), which
 * builds on the orders; it hands its reaction in, so that orders never import returns.
 */
export type RefundConfirmed = (
  ctx: Context,
  event: Extract<PaymentEvent, { type: "refund.succeeded" | "refund.failed" }>,
) => Promise<string>;

export async function handlePaymentWebhook(
  ctx: Context,
  rawBody: string | Uint8Array,
  signatureHeader: string | undefined,
  onRefund?: RefundConfirmed,
): Promise<WebhookAnswer> {
  // A gateway that cannot be built (settings) throws: a failure of ours, not a bad request.
  const gateway = paymentGateway(ctx.config);
  let event: Awaited<ReturnType<typeof gateway.verifyWebhook>>;
  try {
    event = await gateway.verifyWebhook(rawBody, signatureHeader);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { status: 400, body: "Invalid signature" };
    return { status: 400, body: "Invalid payload" };
  }
  switch (event.type) {
    case "payment.succeeded": {
      const result = await markOrderPaid(ctx, event.paymentId);
      const orderId = "order" in result ? result.order.id : undefined;
      if (result.status === "paid" && orderId) countMetric("OrdersPaid", { orderId });
      logLine("info", "payment succeeded", {
        paymentId: event.paymentId,
        orderId,
        result: result.status,
      });
      return { status: 200, body: result.status };
    }
    case "payment.failed": {
      const result = await markPaymentFailed(ctx, event.paymentId, event.message);
      const orderId = result.order?.id;
      if (result.status === "failed" && orderId) countMetric("PaymentsFailed", { orderId });
      logLine("info", "payment failed", {
        paymentId: event.paymentId,
        orderId,
        result: result.status,
      });
      return { status: 200, body: result.status };
    }
    case "refund.succeeded":
    case "refund.failed":
      return { status: 200, body: onRefund ? await onRefund(ctx, event) : "ignored" };
    default:
      return { status: 200, body: "ignored" };
  }
}

/**
 * The local test gateway's "Confirm order": checks the card form (field errors on cardNumber,
 * expiry, cvc), charges the customer's own order and delivers the gateway's signed event to the
 * webhook entry point above, as Stripe would. A declined card leaves the order unpaid (its
 * promotion released) and throws the card's message on "cardNumber".
 */
export async function confirmCardPayment(
  ctx: Context,
  input: { userId: string; orderId: string; card: unknown },
  now = new Date(),
): Promise<Order> {
  const card = parseCard(input.card, now);
  if (!card.success) {
    const [field, message] = Object.entries(card.fieldErrors)[0] ?? ["cardNumber", "Invalid card"];
    throw new DomainError(message, field);
  }
  const order = await getOrderForUser(ctx, input.userId, input.orderId);
  if (!order) throw new DomainError(ORDER_NOT_FOUND, undefined, 404);
  if (order.payment === "paid") return order;
  if (order.payment !== "awaiting" || !order.paymentId) {
    throw new DomainError(ORDER_NOT_PAYABLE, undefined, 409);
  }
  const charge = cardCharger(ctx.config);
  if (!charge) throw new Error("Cards are confirmed in the browser with this payment gateway");
  const signed = await charge({
    paymentId: order.paymentId,
    orderId: order.id,
    amountCents: order.totalCents,
    card: card.data,
  });
  const answer = await handlePaymentWebhook(ctx, signed.rawBody, signed.signature);
  if (answer.status !== 200) throw new Error(`The local payment event was refused: ${answer.body}`);
  const after = await getOrderForUser(ctx, input.userId, input.orderId);
  if (!after) throw new DomainError(ORDER_NOT_FOUND, undefined, 404);
  if (after.payment !== "paid") {
    throw new DomainError(after.paymentError ?? "Your card was declined.", "cardNumber");
  }
  return after;
}

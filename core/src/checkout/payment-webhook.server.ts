// The payment webhook's entry point, shared by the Lambda (functions/src/stripe-webhook.ts,
// Stripe's deliveries, through the returns' handleWebhook) and the local test gateway (its
// signed events, delivered in-process by card-payment.server.ts): verify the signature, then
// mark the order paid or failed (payment-state.server.ts: where an order becomes paid). Unknown
// event types are accepted and ignored, as Stripe expects; a bad signature is a 400 and changes
// nothing. It lives with the checkout because it changes orders: the checkout depends on
// payments (the gateway, core/src/payments), never the reverse.

import type { Context } from "../context/index.server.ts";
import { countMetric, logLine } from "../context/telemetry.ts";
import { paymentGateway } from "../payments/gateway.server.ts";
import type { PaymentEvent } from "../payments/port.ts";
import { WebhookSignatureError } from "../payments/signature.server.ts";
import { markOrderPaid, markPaymentFailed } from "./payment-state.server.ts";

export interface WebhookAnswer {
  status: 200 | 400;
  body: string;
}

/**
 * What the webhook does with a refund's outcome (succeeded or failed): the returns area's
 * (core/src/returns), which builds on the checkout; it hands its reaction in, so that the
 * checkout never imports returns.
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

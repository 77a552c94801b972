// The refund of a received return through the payment port, and the provider's answer through
// the payment webhook: confirmed (the return becomes "refunded", once) or turned down.
import { handlePaymentWebhook, type WebhookAnswer } from "../checkout/payment-webhook.server.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { conditionalUpdate } from "../db/conditional.server.ts";
import { orderKey, returnKey } from "../db/keys.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { paymentGateway } from "../payments/gateway.server.ts";
import type { PaymentEvent } from "../payments/port.ts";
import { RETURN_REFUNDED, type ReturnRefundedPayload } from "./events.ts";
import { moveItem, ownOrderById, payloadOf, refuseMove } from "./moves.server.ts";
import {
  getReturn,
  mustGet,
  NO_REFUND_FOR_RETURN,
  REFUND_NOT_ISSUED,
  type Return,
} from "./reading.server.ts";
import { creditNoteNumber } from "./rules.ts";

/**
 * The admin refunds a received return through the payment port: a partial refund of the
 * return's amount, with the return's own idempotency key (asked again, the provider answers the
 * same refund). The return stays "received" (refund requested) until the provider's webhook
 * confirms it; with the local test gateway, its signed confirmation is delivered at once to the
 * same webhook entry point, as a card charge's is.
 */
export async function refundReturn(ctx: Context, rma: string, now = new Date()): Promise<Return> {
  const r = await mustGet(ctx, rma);
  refuseMove(r, "refunded");
  if (r.refund.totalCents <= 0) throw new DomainError(NO_REFUND_FOR_RETURN, "return", 409);
  const order = await ownOrderById(ctx, r.orderId);
  if (!order.paymentId) throw new DomainError(NO_REFUND_FOR_RETURN, "return", 409);
  const gateway = paymentGateway(ctx.config);
  let issued: Awaited<ReturnType<typeof gateway.refund>>;
  try {
    issued = await gateway.refund(order.paymentId, refundKey(r), {
      amountCents: r.refund.totalCents,
      metadata: { rma: r.rma, orderId: r.orderId },
    });
  } catch (error) {
    console.error(`Refund of return ${r.rma} failed`, error);
    throw new DomainError(REFUND_NOT_ISSUED, "return", 409);
  }
  try {
    await transact(ctx, [
      moveItem(ctx, r, "received", {
        refundId: issued.refundId,
        refundRequestedAt: now.toISOString(),
        updatedAt: now.toISOString(),
      }),
    ]);
  } catch (error) {
    // Confirmed meanwhile (a fast webhook): nothing more to record.
    if (!(error instanceof TransactionCancelled)) throw error;
  }
  if (issued.confirmation) {
    const answer = await handleWebhook(
      ctx,
      issued.confirmation.rawBody,
      issued.confirmation.signature,
    );
    if (answer.status !== 200)
      throw new Error(`The local refund event was refused: ${answer.body}`);
  }
  return mustGet(ctx, r.rma);
}

/**
 * The refund's idempotency key: the same for every ask until the provider turns a refund down,
 * then a new one (asking with the old key would answer the failed refund again).
 */
export const refundKey = (r: Pick<Return, "rma" | "refundAttempts">) =>
  r.refundAttempts ? `return-${r.rma}-${r.refundAttempts}` : `return-${r.rma}`;

/**
 * The provider confirms a refund (the webhook): exactly once, the return becomes "refunded",
 * with return.refunded (the credit note, the e-mail and the insights are its reactions). A
 * redelivery, or a refund that is not a return's, changes nothing.
 */
export async function confirmReturnRefund(
  ctx: Context,
  event: Extract<PaymentEvent, { type: "refund.succeeded" }>,
  now = new Date(),
): Promise<string> {
  if (!event.rma) return "ignored";
  const r = await getReturn(ctx, event.rma);
  if (!r) return "unknown-return";
  if (r.state === "refunded") return "already-refunded";
  // A fast webhook may come before the refund's id is recorded (./refundReturn): its return is
  // in the refund's metadata, so it is taken all the same.
  if (r.state !== "received" || (r.refundId !== undefined && r.refundId !== event.refundId)) {
    return "ignored";
  }
  const at = now.toISOString();
  const move = moveItem(
    ctx,
    r,
    "refunded",
    {
      refundedAt: at,
      updatedAt: at,
      creditNoteNumber: creditNoteNumber(r.rma),
      refundId: event.refundId,
    },
    {
      condition: " AND (attribute_not_exists(refundId) OR refundId = :refundId)",
      values: { ":refundId": event.refundId },
    },
  );
  const refunded = eventPut(
    ctx,
    RETURN_REFUNDED,
    {
      ...payloadOf(r),
      refundCents: r.refund.totalCents,
      refundedAt: at,
    } satisfies ReturnRefundedPayload,
    now,
  );
  // The order keeps what its returns refunded (the admin's CSV export reads it).
  const onOrder: TransactItem = {
    Update: {
      TableName: ctx.tableName,
      Key: orderKey(r.orderId),
      UpdateExpression: "ADD returnRefundedCents :cents",
      ConditionExpression: "attribute_exists(pk)",
      ExpressionAttributeValues: { ":cents": r.refund.totalCents },
    },
  };
  try {
    await transact(ctx, [move, onOrder, refunded]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.failedAt(0)) return "already-refunded";
    // The order was deleted meanwhile: the return is refunded all the same.
    if (!error.failedAt(1)) throw error;
    try {
      await transact(ctx, [move, refunded]);
    } catch (again) {
      if (again instanceof TransactionCancelled && again.failedAt(0)) return "already-refunded";
      throw again;
    }
  }
  return "refunded";
}

/**
 * The provider turns a refund down (the webhook): the return stays "received", without its
 * refund, with the reason, and the next "Refund" asks anew (a new idempotency key). Once only:
 * conditional on the refund it names.
 */
export async function failReturnRefund(
  ctx: Context,
  event: Extract<PaymentEvent, { type: "refund.failed" }>,
  now = new Date(),
): Promise<string> {
  if (!event.rma) return "ignored";
  const r = await getReturn(ctx, event.rma);
  if (!r) return "unknown-return";
  if (r.state !== "received" || r.refundId !== event.refundId) return "ignored";
  const { ok } = await conditionalUpdate(ctx, {
    TableName: ctx.tableName,
    Key: returnKey(r.orderId, r.rma),
    UpdateExpression:
      "SET refundError = :why, refundAttempts = if_not_exists(refundAttempts, :zero) + :one, updatedAt = :now REMOVE refundId, refundRequestedAt",
    ConditionExpression: "#state = :received AND refundId = :refundId",
    ExpressionAttributeNames: { "#state": "state" },
    ExpressionAttributeValues: {
      ":why": event.message ?? "The payment provider turned the refund down",
      ":zero": 0,
      ":one": 1,
      ":now": now.toISOString(),
      ":received": "received",
      ":refundId": event.refundId,
    },
  });
  if (!ok) return "ignored";
  return "refund-failed";
}

/**
 * The payment webhook's entry point with the returns' refunds: the checkout's payment webhook
 * (handlePaymentWebhook, ../checkout/payment-webhook.server.ts), handing it the refunds' events
 * (confirmReturnRefund, failReturnRefund). The Stripe webhook function calls this.
 */
export function handleWebhook(
  ctx: Context,
  rawBody: string | Uint8Array,
  signatureHeader: string | undefined,
): Promise<WebhookAnswer> {
  return handlePaymentWebhook(ctx, rawBody, signatureHeader, (c, event) =>
    event.type === "refund.succeeded" ? confirmReturnRefund(c, event) : failReturnRefund(c, event),
  );
}

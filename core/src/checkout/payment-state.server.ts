// An order's payment state, as the payment's webhook reports it: paid exactly once (purchase
// markers and order.paid in the same transaction; a payment that arrives after the order was
// cancelled or expired is refunded), or failed (the promotion released).
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { orderKey, paymentKey, purchaseKey } from "../db/keys.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { stockItems } from "../inventory/stock.server.ts";
import { stockRelease } from "../inventory/stock-release.server.ts";
import { issueRefund, promotionStillRedeemed } from "../orders/admin-changes.server.ts";
import { ORDER_PAID, type OrderEventPayload, orderSaleFacts } from "../orders/order-events.ts";
import { getOrder, type Order } from "../orders/orders.server.ts";
import {
  isPromotionLimited,
  orderRedemptions,
  redeemsAnything,
  releaseItems,
  reRedeemItems,
} from "../promotions/redemptions.server.ts";

/** Why an order's payment cannot be asked for again (paid, failed or given up meanwhile). */
export const ORDER_NOT_PAYABLE = "This order can no longer be paid";

/** The order whose payment this is (the webhook's way in), or null. */
async function getPaymentLink(
  ctx: Context,
  paymentId: string,
): Promise<{ orderId: string; userId: string } | null> {
  if (typeof paymentId !== "string" || paymentId === "" || paymentId.length > 255) return null;
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: paymentKey(paymentId), ConsistentRead: true }),
  );
  return Item ? { orderId: Item.orderId as string, userId: Item.userId as string } : null;
}

export type MarkPaidResult =
  | { status: "paid"; order: Order }
  | { status: "already-paid"; order: Order }
  | { status: "refund-due"; order: Order }
  | { status: "unknown-payment" };

/**
 * The payment succeeded (from the webhook): exactly once, in one transaction, the order
 * becomes paid, the customer's purchase markers are written (they may review the products) and
 * order.paid is emitted. A second delivery changes nothing. A payment that succeeds after the
 * order was cancelled is recorded and refunded.
 */
export async function markOrderPaid(
  ctx: Context,
  paymentId: string,
  now = new Date(),
): Promise<MarkPaidResult> {
  const link = await getPaymentLink(ctx, paymentId);
  if (!link) return { status: "unknown-payment" };
  const order = await getOrder(ctx, link.orderId);
  if (!order) return { status: "unknown-payment" };
  if (order.payment === "paid") return { status: "already-paid", order };
  if (order.state === "CANCELED") return refundLatePayment(ctx, order, paymentId, now);

  const paidAt = now.toISOString();
  // A payment retried after a failure (Stripe lets the customer try another card) redeems
  // the promotion again, since the failure released it; the customer was shown that price.
  // An unlimited code was never counted, so it is not counted now either.
  const reRedeem =
    order.payment === "failed" &&
    (order.redemptions
      ? redeemsAnything(order.redemptions)
      : order.promotion !== undefined && (await isPromotionLimited(ctx, order.promotion.code)));
  // Its units were given back when it failed: the goods are owed now, take them again.
  const reTake = order.payment === "failed" && order.stockReserved === false;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: ctx.tableName,
        Key: orderKey(order.id),
        UpdateExpression:
          "SET payment = :paid, paidAt = :now, updatedAt = :now, paymentId = :pid" +
          (reRedeem ? ", promotionRedeemed = :true" : "") +
          (reTake ? ", stockReserved = :true" : "") +
          " REMOVE paymentError",
        ConditionExpression: "payment = :was AND #state = :pending",
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: {
          ":paid": "paid",
          ":now": paidAt,
          ":pid": paymentId,
          ":was": order.payment,
          ":pending": "PENDING",
          ...(reRedeem || reTake ? { ":true": true } : {}),
        },
      },
    },
    ...[...new Set(order.lines.map((line) => line.productId))].map(
      (productId): TransactItem => ({
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...purchaseKey(order.userId, productId),
            entity: "purchase",
            userId: order.userId,
            productId,
            orderId: order.id,
            purchasedAt: paidAt,
          },
        },
      }),
    ),
    eventPut(
      ctx,
      ORDER_PAID,
      {
        orderId: order.id,
        number: order.number,
        userId: order.userId,
        facts: orderSaleFacts(order, paidAt),
      } satisfies OrderEventPayload,
      now,
    ),
  ];
  const retaken = reTake ? stockItems(ctx, order.lines, "take", now) : [];
  items.push(...retaken);
  const redeemed = reRedeem ? reRedeemItems(ctx, order) : [];
  items.push(...redeemed);
  try {
    await transact(ctx, items);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    const withoutExtras = items.length - retaken.length - redeemed.length;
    if ((reRedeem || reTake) && !error.failedAt(0)) {
      // The promotion or a product's stock was deleted meanwhile: mark paid without them.
      await transact(ctx, items.slice(0, withoutExtras));
    } else {
      // Someone else changed the order first (a concurrent delivery, a cancellation): look again.
      return markOrderPaid(ctx, paymentId, now);
    }
  }
  const paid = await getOrder(ctx, order.id);
  return { status: "paid", order: paid ?? order };
}

async function refundLatePayment(
  ctx: Context,
  order: Order,
  paymentId: string,
  now: Date,
): Promise<MarkPaidResult> {
  await ctx.db.send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: orderKey(order.id),
      UpdateExpression:
        "SET payment = :paid, paidAt = :now, updatedAt = :now, refundDue = :true, paymentId = :pid",
      ConditionExpression: "payment <> :paid",
      ExpressionAttributeValues: {
        ":paid": "paid",
        ":now": now.toISOString(),
        ":true": true,
        ":pid": paymentId,
      },
    }),
  );
  const refunded = await issueRefund(ctx, { ...order, paymentId }, now);
  return { status: "refund-due", order: refunded };
}

export type MarkFailedResult =
  | { status: "failed"; order: Order }
  | { status: "ignored"; order?: Order };

/**
 * The payment failed (declined, abandoned or cancelled at the provider): the order's payment
 * becomes "failed" and, in the same transaction, its promotion is given back. A paid order is
 * never touched.
 */
export async function markPaymentFailed(
  ctx: Context,
  paymentId: string,
  message: string | undefined,
  now = new Date(),
): Promise<MarkFailedResult> {
  const link = await getPaymentLink(ctx, paymentId);
  if (!link) return { status: "ignored" };
  const order = await getOrder(ctx, link.orderId);
  if (!order) return { status: "ignored" };
  if (order.payment !== "awaiting") return { status: "ignored", order };
  const failed = await failOrder(ctx, order, message ?? "The payment failed", now);
  return failed ? { status: "failed", order: failed } : { status: "ignored", order };
}

/**
 * payment awaiting → failed, giving back the promotion and the units; null when the order had
 * moved on.
 */
export async function failOrder(
  ctx: Context,
  order: Order,
  message: string,
  now: Date,
): Promise<Order | null> {
  // Only what the order redeemed is given back (an unlimited code is never counted).
  const release =
    redeemsAnything(orderRedemptions(order)) && (await promotionStillRedeemed(ctx, order.id));
  const stock = stockRelease(ctx, order, now);
  const update: TransactItem = {
    Update: {
      TableName: ctx.tableName,
      Key: orderKey(order.id),
      UpdateExpression:
        "SET payment = :failed, paymentError = :message, updatedAt = :now" +
        (release ? ", promotionRedeemed = :false" : "") +
        (stock ? `, ${stock.set}` : ""),
      ConditionExpression:
        `payment = :awaiting${release ? " AND promotionRedeemed = :true" : ""}` +
        (stock ? ` AND ${stock.condition}` : ""),
      ExpressionAttributeValues: {
        ":failed": "failed",
        ":awaiting": "awaiting",
        ":message": message.slice(0, 500),
        ":now": now.toISOString(),
        ...(release ? { ":true": true, ":false": false } : {}),
        ...stock?.values,
      },
    },
  };
  const items = [update, ...(stock?.items ?? [])];
  if (release) items.push(...releaseItems(ctx, order));
  try {
    await transact(ctx, items);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.failedAt(0)) return null;
    // The promotion or the product's stock was deleted meanwhile: fail the order without them.
    await transact(ctx, [update]);
  }
  return getOrder(ctx, order.id);
}

// What the admin does to an order: move it through its states (SHIPPED tells the customer;
// CANCELED gives the promotion back and refunds a paid order), issue a refund still due, delete.
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import * as v from "valibot";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { countMetric, logLine } from "../context/telemetry.ts";
import { orderKey, orderNumberKey, paymentKey } from "../db/keys.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { stockRelease } from "../inventory/stock-release.server.ts";
import { paymentGateway } from "../payments/gateway.server.ts";
import {
  orderRedemptions,
  redeemsAnything,
  releaseItems,
} from "../promotions/redemptions.server.ts";
import {
  ORDER_CANCELED,
  ORDER_DELETED,
  ORDER_DELIVERED,
  ORDER_SHIPPED,
  type OrderEventPayload,
  orderSaleFacts,
} from "./order-events.ts";
import { getOrder, ORDER_NOT_FOUND, type Order } from "./orders.server.ts";
import { OrderStateSchema, orderTransitionError } from "./state.ts";
/**
 * The admin changes an order's state, under a condition on the state it had (two admins at
 * once cannot both move it). SHIPPED emits order.shipped (the customer's e-mail is a reaction);
 * CANCELED gives the promotion back and, for a paid order, records refundDue and refunds.
 */
export async function changeOrderState(
  ctx: Context,
  id: string,
  to: unknown,
  now = new Date(),
): Promise<Order> {
  const parsed = v.safeParse(OrderStateSchema, to);
  if (!parsed.success) throw new DomainError("Choose a valid order state", "state");
  const target = parsed.output;
  const order = await getOrder(ctx, id);
  if (!order) throw new DomainError(ORDER_NOT_FOUND, undefined, 404);
  const refused = orderTransitionError(order, target);
  if (refused) throw new DomainError(refused, "state", 409);

  const at = now.toISOString();
  const stamp = { SHIPPED: "shippedAt", DELIVERED: "deliveredAt", CANCELED: "canceledAt" } as const;
  const sets = [
    "#state = :to",
    "updatedAt = :now",
    `${stamp[target as keyof typeof stamp]} = :now`,
  ];
  const values: Record<string, unknown> = { ":to": target, ":from": order.state, ":now": at };
  let condition = "#state = :from";
  const extra: TransactItem[] = [];
  if (target === "SHIPPED") {
    // Anonymised meanwhile (the account was deleted): nowhere to ship it (./state.ts).
    condition += " AND attribute_not_exists(anonymisedAt)";
    extra.push(eventPut(ctx, ORDER_SHIPPED, who(order), now));
  }
  // The aggregates count orders per state (core/src/insights).
  if (target === "DELIVERED") extra.push(eventPut(ctx, ORDER_DELIVERED, who(order), now));
  if (target === "CANCELED") {
    if (order.payment === "paid") {
      sets.push("refundDue = :true");
      values[":true"] = true;
    } else if (order.payment === "awaiting") {
      sets.push("payment = :canceled");
      values[":canceled"] = "canceled";
    }
    condition += " AND payment = :payment";
    values[":payment"] = order.payment;
    if (redeemsAnything(orderRedemptions(order)) && (await promotionStillRedeemed(ctx, order.id))) {
      sets.push("promotionRedeemed = :false");
      values[":false"] = false;
      values[":true"] = true;
      condition += " AND promotionRedeemed = :true";
      extra.push(...releaseItems(ctx, order));
    }
    const stock = stockRelease(ctx, order, now);
    if (stock) {
      sets.push(stock.set);
      condition += ` AND ${stock.condition}`;
      Object.assign(values, stock.values);
      extra.push(...stock.items);
    }
    // The sale facts as they were: a paid order's money leaves the figures of its payment day.
    extra.push(
      eventPut(
        ctx,
        ORDER_CANCELED,
        { ...who(order), facts: orderSaleFacts(order) } satisfies OrderEventPayload,
        now,
      ),
    );
  }
  const update: TransactItem = {
    Update: {
      TableName: ctx.tableName,
      Key: orderKey(order.id),
      UpdateExpression: `SET ${sets.join(", ")}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: { "#state": "state" },
      ExpressionAttributeValues: values,
    },
  };
  try {
    await transact(ctx, [update, ...extra]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.failedAt(0)) {
      // Changed meanwhile: answer from what it is now.
      const current = await getOrder(ctx, order.id);
      const message = current
        ? (orderTransitionError(current, target) ?? "The order changed meanwhile, please try again")
        : ORDER_NOT_FOUND;
      throw new DomainError(message, "state", current ? 409 : 404);
    }
    // Only a release can fail otherwise (the promotion or the stock was deleted): change
    // without the releases.
    await transact(ctx, [update, ...extra.filter((item) => !("Update" in item))]);
  }
  const changed = (await getOrder(ctx, order.id)) ?? order;
  return changed.refundDue ? issueRefund(ctx, changed, now) : changed;
}

const who = (order: Order): OrderEventPayload => ({
  orderId: order.id,
  number: order.number,
  userId: order.userId,
});

/** Whether the order's promotion is counted against its code now (an unlimited code never is). */
export async function promotionStillRedeemed(ctx: Context, id: string): Promise<boolean> {
  const { Item } = await ctx.db.send(
    new GetCommand({
      TableName: ctx.tableName,
      Key: orderKey(id),
      ProjectionExpression: "promotionRedeemed",
      ConsistentRead: true,
    }),
  );
  return Item?.promotionRedeemed === true;
}

export const NO_REFUND_DUE = "No refund is due for this order";
export const REFUND_FAILED =
  "The payment provider did not refund the order; the refund is still due, try again later";

/**
 * The admin issues a refund that is still due (the gateway failed when the order was
 * cancelled, or a payment arrived after it). Idempotent at the gateway (same key as the first
 * attempt); refused when nothing is due.
 */
export async function refundOrder(ctx: Context, id: string, now = new Date()): Promise<Order> {
  const order = await getOrder(ctx, id);
  if (!order) throw new DomainError(ORDER_NOT_FOUND, undefined, 404);
  if (!order.refundDue || !order.paymentId) throw new DomainError(NO_REFUND_DUE, "refund", 409);
  const after = await issueRefund(ctx, order, now);
  if (after.refundDue) throw new DomainError(REFUND_FAILED, "refund", 409);
  return after;
}

/** Refunds a paid, cancelled order through the gateway; refundDue stays set if it fails. */
export async function issueRefund(ctx: Context, order: Order, now: Date): Promise<Order> {
  if (!order.paymentId || !order.refundDue) return order;
  try {
    const { refundId } = await paymentGateway(ctx.config).refund(
      order.paymentId,
      `refund-${order.id}`,
    );
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: orderKey(order.id),
        UpdateExpression:
          "SET refundId = :r, refundedAt = :now, refundDue = :false, updatedAt = :now",
        ConditionExpression: "refundDue = :true",
        ExpressionAttributeValues: {
          ":r": refundId,
          ":now": now.toISOString(),
          ":true": true,
          ":false": false,
        },
      }),
    );
    countMetric("Refunds", { orderId: order.id });
    logLine("info", "order refunded", { orderId: order.id, orderNumber: order.number, refundId });
  } catch (error) {
    logLine("error", "refund failed; refundDue stays set", {
      orderId: order.id,
      orderNumber: order.number,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return (await getOrder(ctx, order.id)) ?? order;
}

/**
 * Deletes an order (admin) with its number claim and payment link; an unpaid order's promotion
 * and units are given back. Returns what was deleted (the admin is told its number).
 */
export async function deleteOrder(ctx: Context, id: string, now = new Date()): Promise<Order> {
  const order = await getOrder(ctx, id);
  if (!order) throw new DomainError(ORDER_NOT_FOUND, undefined, 404);
  const stock = order.payment !== "paid" ? stockRelease(ctx, order, now) : null;
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: ctx.tableName,
        Key: orderKey(order.id),
        // As read: the event below carries its sale facts.
        ConditionExpression: `#state = :state AND payment = :payment${stock ? ` AND ${stock.condition}` : ""}`,
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: {
          ":state": order.state,
          ":payment": order.payment,
          ...(stock ? { ":reserved": true } : {}),
        },
      },
    },
    { Delete: { TableName: ctx.tableName, Key: orderNumberKey(order.number) } },
    // The aggregates forget it (a rebuild from the orders could not count it either).
    eventPut(
      ctx,
      ORDER_DELETED,
      { ...who(order), facts: orderSaleFacts(order) } satisfies OrderEventPayload,
      now,
    ),
  ];
  if (order.paymentId)
    items.push({ Delete: { TableName: ctx.tableName, Key: paymentKey(order.paymentId) } });
  const kept = items.length;
  if (stock) items.push(...stock.items);
  const release =
    redeemsAnything(orderRedemptions(order)) &&
    order.payment !== "paid" &&
    (await promotionStillRedeemed(ctx, order.id));
  if (release) items.push(...releaseItems(ctx, order));
  try {
    await transact(ctx, items);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    // Gone, changed, or its units given back meanwhile (a failure or an expiry): look again.
    if (error.failedAt(0)) return deleteOrder(ctx, id, now);
    // A release failed (the promotion or the stock was deleted): delete without releases.
    await transact(ctx, items.slice(0, kept));
  }
  return order;
}

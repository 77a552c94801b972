// Orders in the table (keys in ../db/keys.ts, access patterns in ../db/README.md):
//   order          pk ORDER#<id>        sk ORDER     gsi1 USER#<userId>#ORDERS / <createdAt>#<id>
//                                                     gsi2 ORDERS / <createdAt>#<id>
//   number claim   pk ORDERNO#<number>  sk ORDERNO   (the short "TL-…" number, unique by condition)
//   payment link   pk PAYMENT#<id>      sk PAYMENT   (payment intent → order, for the webhook)
//
// The flow (docs/design.md §4, decision 6): placeOrder prices the cart from stored products and writes,
// in ONE transaction, the order (PENDING, payment "awaiting"), its number claim, the promotion's
// redemption (conditional) and the event order.placed; then it creates the payment (idempotency
// key = order id) and links it. The payment's webhook marks the order paid exactly once
// (purchase markers + order.paid in the same transaction), or failed (promotion released).
// With the checkout's placement key (placement.ts) the order id is derived, not random, so the
// shopper's retry after an attempt that got no answer goes on with that attempt's order.
import { randomUUID } from "node:crypto";
import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import * as v from "valibot";
import type { SizeTag } from "../catalog/sizes.ts";
import { DomainError, isDependencyUnavailable } from "../common/errors.ts";
import { parseForm } from "../common/forms.ts";
import type { Context } from "../context/index.server.ts";
import {
  orderIndexes,
  orderKey,
  orderNumberKey,
  paymentKey,
  promotionKey,
  purchaseKey,
} from "../db/keys.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { paymentGateway } from "../payments/gateway.server.ts";
import type { DeliveryMethodName } from "../pricing/delivery.ts";
import {
  type AppliedPromotion,
  redeemPromotionItem,
  redemptionError,
  releasePromotionItem,
} from "../promotions/promotions.server.ts";
import { newOrderNumber } from "./order-number.ts";
import { paymentDeadlineItem } from "./payment-deadline.ts";
import { placementKey, placementOrderId } from "./placement.ts";
import { type OrderLine, priceCart } from "./pricing.server.ts";
import { CheckoutSchema, OrderStateSchema } from "./schemas.ts";
import {
  INITIAL_ORDER_STATE,
  ORDER_NOT_PAID_FOR_SHIPPING,
  type OrderState,
  orderTransitionError,
} from "./state.ts";
import type { PaymentStatus } from "./status.ts";

export type { PaymentStatus };

export interface OrderAddress {
  company?: string;
  address: string;
  apartment?: string;
  country: string;
  city: string;
  zipCode: string;
  phone: string;
}

export interface Order {
  id: string;
  /** Short, human-readable, unique: "TL-7K3QX9PM" (invoices, e-mails, support). */
  number: string;
  userId: string;
  email: string;
  state: OrderState;
  payment: PaymentStatus;
  paymentId?: string;
  /** The gateway's message when the payment failed ("Your card was declined."). */
  paymentError?: string;
  /** A copy: later edits of the saved address do not change the order. */
  address: OrderAddress;
  deliveryMethod: DeliveryMethodName;
  lines: OrderLine[];
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  promotion?: AppliedPromotion;
  createdAt: string;
  updatedAt: string;
  paidAt?: string;
  shippedAt?: string;
  deliveredAt?: string;
  canceledAt?: string;
  /** A paid order was cancelled: its money goes back. Cleared once the refund is issued. */
  refundDue?: boolean;
  refundId?: string;
  refundedAt?: string;
  /** When the confirmation e-mail (with the invoice) was queued to the mailer. */
  confirmationQueuedAt?: string;
  /** When the "your order has shipped" e-mail was queued to the mailer. */
  shippedNoticeQueuedAt?: string;
  /** Key of the invoice PDF in the invoices bucket. */
  invoiceKey?: string;
  /**
   * When the customer's account was deleted and the order's personal data replaced
   * (./anonymise.server.ts); its e-mail and address are placeholders from then on.
   */
  anonymisedAt?: string;
}

export const ORDER_NOT_FOUND = "Order not found";
export const ORDER_NOT_PAYABLE = "This order can no longer be paid";
export { ORDER_NOT_PAID_FOR_SHIPPING };

const ORDER_ENTITY = "order";
const NUMBER_ATTEMPTS = 3;

export interface PlaceOrderInput {
  /** From the session, never from the request. */
  userId: string;
  email: string;
  /** Untrusted: [{ productId, size, quantity }]; any price sent along is ignored. */
  lines: unknown;
  /** Untrusted form fields of CheckoutSchema: the address and deliveryMethod. */
  address: unknown;
  deliveryMethod: unknown;
  promotionCode?: unknown;
  /**
   * Untrusted: the checkout's key of this attempt (placement.ts). With it, pressing "Confirm
   * order" again after an unanswered attempt goes on with the order that attempt wrote, if any.
   */
  placementKey?: unknown;
}

export interface PlacedOrder {
  order: Order;
  /** For the browser to confirm the payment (Payment Element); not stored. */
  clientSecret: string;
}

/** Places an order: validate, price on the server, one transaction, then create the payment. */
export async function placeOrder(
  ctx: Context,
  input: PlaceOrderInput,
  now = new Date(),
): Promise<PlacedOrder> {
  const fields = typeof input.address === "object" && input.address !== null ? input.address : {};
  const form = parseForm(CheckoutSchema, {
    ...(fields as Record<string, unknown>),
    deliveryMethod: input.deliveryMethod,
  });
  if (!form.success) {
    const [field, message] = Object.entries(form.fieldErrors)[0] ?? ["address", "Invalid address"];
    throw new DomainError(message, field);
  }
  const code =
    typeof input.promotionCode === "string" && input.promotionCode.trim() !== ""
      ? input.promotionCode.trim()
      : undefined;
  if (input.promotionCode != null && typeof input.promotionCode !== "string") {
    throw new DomainError("Promotion code must be text", "code");
  }
  const key = placementKey(input.placementKey);
  const id = key
    ? placementOrderId(input.userId, key, [form.data, input.lines, code])
    : randomUUID();
  if (key) {
    // Pressed again after an attempt that got no answer: go on with what that attempt wrote
    // (its promotion is redeemed already: pricing it again could refuse a single-use code).
    const written = await getOrder(ctx, id);
    if (written?.userId === input.userId) return resumePlacement(ctx, written, now);
  }
  const priced = await priceCart(ctx, input.lines, form.data.deliveryMethod, code, now);
  const { company, address, apartment, country, city, zipCode, phone } = form.data;
  const createdAt = now.toISOString();
  const b = priced.breakdown;
  let order: Order = {
    id,
    number: newOrderNumber(),
    userId: input.userId,
    email: input.email,
    state: INITIAL_ORDER_STATE,
    payment: "awaiting",
    address: { company, address, apartment, country, city, zipCode, phone },
    deliveryMethod: priced.deliveryMethod,
    lines: priced.lines,
    subtotalCents: b.subtotalCents,
    taxCents: b.taxCents,
    shippingCents: b.shippingCents,
    discountCents: b.discountCents,
    totalCents: b.totalCents,
    ...(priced.promotion ? { promotion: priced.promotion } : {}),
    createdAt,
    updatedAt: createdAt,
  };

  for (let attempt = 1; ; attempt++) {
    const items: TransactItem[] = [
      {
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...orderKey(id),
            ...orderIndexes(order.userId, createdAt, id),
            entity: ORDER_ENTITY,
            ...order,
            promotionRedeemed: Boolean(order.promotion),
          },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      {
        Put: {
          TableName: ctx.tableName,
          Item: { ...orderNumberKey(order.number), entity: "orderNumber", orderId: id },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      eventPut(
        ctx,
        "order.placed",
        { orderId: id, number: order.number, userId: order.userId, totalCents: order.totalCents },
        now,
      ),
    ];
    if (order.promotion) items.push(redeemPromotionItem(ctx, order.promotion.code, now));
    // Last, unconditional: the abandoned-payment sweep's way to this order (abandoned.server.ts).
    items.push(paymentDeadlineItem(ctx.tableName, id, now));
    try {
      await transact(ctx, items);
      break;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      if (key && error.failedAt(0)) {
        // A parallel attempt of the same placement wrote it first: go on with that one.
        const written = await getOrder(ctx, id);
        if (written?.userId === input.userId) return resumePlacement(ctx, written, now);
      }
      if (order.promotion && error.failedAt(3)) {
        throw await redemptionError(ctx, order.promotion.code, now);
      }
      if (error.failedAt(1) && attempt < NUMBER_ATTEMPTS) {
        order = { ...order, number: newOrderNumber() };
        continue;
      }
      throw error;
    }
  }

  return startPayment(ctx, order, now);
}

/** A placement tried again: the order goes on to its payment, unless that is over. */
async function resumePlacement(ctx: Context, order: Order, now: Date): Promise<PlacedOrder> {
  if (order.payment === "paid") return { order, clientSecret: "" };
  if (order.payment !== "awaiting") throw new DomainError(ORDER_NOT_PAYABLE, "form", 409);
  return startPayment(ctx, order, now);
}

/**
 * Creates the order's payment (idempotency key = order id: the same payment however often it is
 * asked) and links it to the order, once.
 */
async function startPayment(ctx: Context, placed: Order, now: Date): Promise<PlacedOrder> {
  let order = placed;
  let payment: { paymentId: string; clientSecret: string };
  try {
    payment = await paymentGateway(ctx.config).createPayment({
      orderId: order.id,
      amountCents: order.totalCents,
      currency: "eur",
      idempotencyKey: order.id,
      customerEmail: order.email,
    });
  } catch (error) {
    // No answer: the payment may exist; the order waits, awaiting payment, for the shopper's
    // retry (same order, same payment) or, failing that, the abandoned-payment sweep.
    if (isDependencyUnavailable(error)) throw error;
    // Refused: no payment, no order; give the promotion back and let the customer try again.
    await failOrder(ctx, order, "The payment could not be started", now);
    throw error;
  }
  if (order.paymentId === payment.paymentId) return { order, clientSecret: payment.clientSecret };
  await transact(ctx, [
    {
      Put: {
        TableName: ctx.tableName,
        Item: {
          ...paymentKey(payment.paymentId),
          entity: "payment",
          paymentId: payment.paymentId,
          orderId: order.id,
          userId: order.userId,
          amountCents: order.totalCents,
          createdAt: order.createdAt,
        },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    {
      Update: {
        TableName: ctx.tableName,
        Key: orderKey(order.id),
        UpdateExpression: "SET paymentId = :p",
        ExpressionAttributeValues: { ":p": payment.paymentId },
      },
    },
  ]);
  order = { ...order, paymentId: payment.paymentId };
  return { order, clientSecret: payment.clientSecret };
}

/** An order by id (admin, reactions). One consistent GetItem. */
export async function getOrder(ctx: Context, id: string): Promise<Order | null> {
  if (typeof id !== "string" || id === "" || id.length > 100) return null;
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: orderKey(id), ConsistentRead: true }),
  );
  return Item ? toOrder(Item) : null;
}

/** The signed-in customer's order; another user's order is "not found" (null). */
export async function getOrderForUser(
  ctx: Context,
  userId: string,
  id: string,
): Promise<Order | null> {
  const order = await getOrder(ctx, id);
  return order && order.userId === userId ? order : null;
}

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
  const reRedeem = order.payment === "failed" && order.promotion;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: ctx.tableName,
        Key: orderKey(order.id),
        UpdateExpression:
          "SET payment = :paid, paidAt = :now, updatedAt = :now, paymentId = :pid" +
          (reRedeem ? ", promotionRedeemed = :true" : "") +
          " REMOVE paymentError",
        ConditionExpression: "payment = :was AND #state = :pending",
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: {
          ":paid": "paid",
          ":now": paidAt,
          ":pid": paymentId,
          ":was": order.payment,
          ":pending": "PENDING",
          ...(reRedeem ? { ":true": true } : {}),
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
      "order.paid",
      { orderId: order.id, number: order.number, userId: order.userId },
      now,
    ),
  ];
  if (reRedeem && order.promotion) {
    items.push({
      Update: {
        TableName: ctx.tableName,
        Key: promotionKey(order.promotion.code),
        UpdateExpression: "ADD usedCount :one",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":one": 1 },
      },
    });
  }
  try {
    await transact(ctx, items);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (reRedeem && error.failedAt(items.length - 1) && !error.failedAt(0)) {
      // The promotion was deleted meanwhile: mark paid without counting it.
      await transact(ctx, items.slice(0, -1));
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

/** payment awaiting → failed, releasing the promotion; null when the order had moved on. */
export async function failOrder(
  ctx: Context,
  order: Order,
  message: string,
  now: Date,
): Promise<Order | null> {
  const release = Boolean(order.promotion);
  const update: TransactItem = {
    Update: {
      TableName: ctx.tableName,
      Key: orderKey(order.id),
      UpdateExpression:
        "SET payment = :failed, paymentError = :message, updatedAt = :now" +
        (release ? ", promotionRedeemed = :false" : ""),
      ConditionExpression: `payment = :awaiting${release ? " AND promotionRedeemed = :true" : ""}`,
      ExpressionAttributeValues: {
        ":failed": "failed",
        ":awaiting": "awaiting",
        ":message": message.slice(0, 500),
        ":now": now.toISOString(),
        ...(release ? { ":true": true, ":false": false } : {}),
      },
    },
  };
  const items = [update];
  if (release && order.promotion) items.push(releasePromotionItem(ctx, order.promotion.code));
  try {
    await transact(ctx, items);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.failedAt(0)) return null;
    // The promotion was deleted meanwhile: fail the order without giving it back.
    await transact(ctx, [update]);
  }
  return getOrder(ctx, order.id);
}

export interface OrderPage {
  orders: Order[];
  /** Opaque; pass it back for the next page. Absent on the last page. */
  cursor?: string;
}

export interface ListOrdersOptions {
  limit?: number;
  /** From the URL: untrusted. */
  cursor?: string;
  /** From the URL: untrusted; empty or absent means every state. */
  state?: unknown;
}

/** The customer's orders, newest first (Query gsi1 USER#<id>#ORDERS), optionally in `state`. */
export async function listOrdersForUser(
  ctx: Context,
  userId: string,
  options: ListOrdersOptions = {},
): Promise<OrderPage> {
  const state = stateFilter(options.state);
  return queryOrders(ctx, "gsi1", "gsi1pk", `USER#${userId}#ORDERS`, { ...options, state });
}

/** All orders, newest first (admin; Query gsi2 ORDERS), optionally only those in `state`. */
export async function listAllOrders(
  ctx: Context,
  options: ListOrdersOptions = {},
): Promise<OrderPage> {
  const state = stateFilter(options.state);
  return queryOrders(ctx, "gsi2", "gsi2pk", "ORDERS", { ...options, state });
}

/** A state filter from the URL: absent or empty is none; anything but a state is refused. */
export function stateFilter(value: unknown): OrderState | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const parsed = v.safeParse(OrderStateSchema, value);
  if (!parsed.success) throw new DomainError("Choose a valid order state", "state");
  return parsed.output;
}

/** The order with this number ("TL-…", exactly as stored), via its number claim; or null. */
export async function getOrderByNumber(ctx: Context, number: string): Promise<Order | null> {
  if (typeof number !== "string" || number === "" || number.length > 40) return null;
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: orderNumberKey(number), ConsistentRead: true }),
  );
  return typeof Item?.orderId === "string" ? getOrder(ctx, Item.orderId) : null;
}

const MAX_PAGE = 100;
const FILTER_ROUNDS = 5;

async function queryOrders(
  ctx: Context,
  index: "gsi1" | "gsi2",
  keyName: string,
  keyValue: string,
  options: { limit?: number; cursor?: string; state?: OrderState },
): Promise<OrderPage> {
  const limit = Math.min(MAX_PAGE, Math.max(1, Math.floor(options.limit ?? 20)));
  let startKey = decodeCursor(options.cursor);
  const orders: Order[] = [];
  // A state filter may leave pages short; ask again a bounded number of times.
  for (let round = 0; round < (options.state ? FILTER_ROUNDS : 1); round++) {
    const { Items, LastEvaluatedKey } = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        IndexName: index,
        KeyConditionExpression: "#k = :k",
        ExpressionAttributeNames: {
          "#k": keyName,
          ...(options.state ? { "#state": "state" } : {}),
        },
        ExpressionAttributeValues: {
          ":k": keyValue,
          ...(options.state ? { ":state": options.state } : {}),
        },
        ...(options.state ? { FilterExpression: "#state = :state" } : {}),
        ScanIndexForward: false,
        Limit: limit - orders.length,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    orders.push(...(Items ?? []).map(toOrder));
    startKey = LastEvaluatedKey;
    if (!startKey || orders.length >= limit) break;
  }
  return startKey ? { orders, cursor: encodeCursor(startKey) } : { orders };
}

function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** A cursor comes back from the browser: anything but a key of strings is refused. */
function decodeCursor(cursor: string | undefined): Record<string, string> | undefined {
  if (cursor === undefined || cursor === "") return undefined;
  try {
    if (typeof cursor !== "string" || cursor.length > 1000) throw new Error("bad cursor");
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const allowed = new Set(["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk"]);
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error();
    for (const [k, v] of Object.entries(value)) {
      if (!allowed.has(k) || typeof v !== "string") throw new Error("bad cursor");
    }
    return value as Record<string, string>;
  } catch {
    throw new DomainError("Invalid page cursor", "cursor");
  }
}

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
    extra.push(
      eventPut(
        ctx,
        "order.shipped",
        { orderId: order.id, number: order.number, userId: order.userId },
        now,
      ),
    );
  }
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
    if (order.promotion && (await promotionStillRedeemed(ctx, order.id))) {
      sets.push("promotionRedeemed = :false");
      values[":false"] = false;
      values[":true"] = true;
      condition += " AND promotionRedeemed = :true";
      extra.push(releasePromotionItem(ctx, order.promotion.code));
    }
    extra.push(
      eventPut(
        ctx,
        "order.canceled",
        { orderId: order.id, number: order.number, userId: order.userId },
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
    // Only the promotion's release can fail otherwise (it was deleted): change without it.
    await transact(ctx, [update, ...extra.filter((item) => !("Update" in item))]);
  }
  const changed = (await getOrder(ctx, order.id)) ?? order;
  return changed.refundDue ? issueRefund(ctx, changed, now) : changed;
}

async function promotionStillRedeemed(ctx: Context, id: string): Promise<boolean> {
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
async function issueRefund(ctx: Context, order: Order, now: Date): Promise<Order> {
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
  } catch (error) {
    console.error(`Refund of order ${order.number} failed; refundDue stays set`, error);
  }
  return (await getOrder(ctx, order.id)) ?? order;
}

/**
 * Deletes an order (admin) with its number claim and payment link; an unpaid order's promotion
 * is given back. Returns what was deleted (the admin is told its number).
 */
export async function deleteOrder(ctx: Context, id: string): Promise<Order> {
  const order = await getOrder(ctx, id);
  if (!order) throw new DomainError(ORDER_NOT_FOUND, undefined, 404);
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: ctx.tableName,
        Key: orderKey(order.id),
        ConditionExpression: "attribute_exists(pk)",
      },
    },
    { Delete: { TableName: ctx.tableName, Key: orderNumberKey(order.number) } },
  ];
  if (order.paymentId)
    items.push({ Delete: { TableName: ctx.tableName, Key: paymentKey(order.paymentId) } });
  const release =
    order.promotion && order.payment !== "paid" && (await promotionStillRedeemed(ctx, order.id));
  if (release && order.promotion) items.push(releasePromotionItem(ctx, order.promotion.code));
  try {
    await transact(ctx, items);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.failedAt(0)) throw new DomainError(ORDER_NOT_FOUND, undefined, 404);
    await transact(ctx, items.slice(0, release ? -1 : undefined));
  }
  return order;
}

/** Keeps what an Order is; drops keys and internal attributes. */
export function toOrder(item: Record<string, unknown>): Order {
  const i = item as unknown as Order;
  return {
    id: i.id,
    number: i.number,
    userId: i.userId,
    email: i.email,
    state: i.state,
    payment: i.payment,
    ...(i.paymentId ? { paymentId: i.paymentId } : {}),
    ...(i.paymentError ? { paymentError: i.paymentError } : {}),
    address: i.address,
    deliveryMethod: i.deliveryMethod,
    lines: (i.lines ?? []).map((line) => ({ ...line, size: line.size as SizeTag })),
    subtotalCents: i.subtotalCents,
    taxCents: i.taxCents,
    shippingCents: i.shippingCents,
    discountCents: i.discountCents,
    totalCents: i.totalCents,
    ...(i.promotion ? { promotion: i.promotion } : {}),
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    ...optional(i, [
      "paidAt",
      "shippedAt",
      "deliveredAt",
      "canceledAt",
      "refundId",
      "refundedAt",
      "confirmationQueuedAt",
      "shippedNoticeQueuedAt",
      "invoiceKey",
      "anonymisedAt",
    ]),
    ...(i.refundDue !== undefined ? { refundDue: i.refundDue } : {}),
  };
}

function optional<K extends keyof Order>(order: Order, keys: K[]): Partial<Pick<Order, K>> {
  const out: Partial<Pick<Order, K>> = {};
  for (const key of keys) if (order[key] !== undefined) out[key] = order[key];
  return out;
}

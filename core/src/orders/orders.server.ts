// Orders in the table (keys in ../db/keys.ts, access patterns in ../db/README.md):
//   order          pk ORDER#<id>        sk ORDER     gsi1 USER#<userId>#ORDERS / <createdAt>#<id>
//                                                     gsi2 ORDERS / <createdAt>#<id>
//   number claim   pk ORDERNO#<number>  sk ORDERNO   (the short "TL-…" number, unique by condition)
//   payment link   pk PAYMENT#<id>      sk PAYMENT   (payment intent → order, for the webhook)
//
// What an order is, and the queries (one order, a customer's, all of them, by number). The
// flow (docs/decisions/012-payment-flow.md) is in the checkout, core/src/checkout/
// (placing.server.ts: the order and its payment; payment-state.server.ts: what the payment's
// webhook reports), and here in admin-changes.server.ts (states, refunds, deletion).
import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import * as v from "valibot";
import type { CartLine } from "../cart/line.ts";
import type { SizeTag } from "../catalog/sizes.ts";
import type { Address } from "../common/address.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { orderIndexPartitions, orderKey, orderNumberKey } from "../db/keys.ts";
import {
  decodeMergedCursor,
  encodeMergedCursor,
  type MergedCursor,
  MergedQuery,
} from "../db/merged-query.server.ts";
import type { DeliveryMethodName } from "../pricing/delivery.ts";
import type { AppliedPromotion } from "../promotions/codes.server.ts";
import type { AppliedPromotion as AppliedOffer } from "../promotions/offers.ts";
import type { OrderRedemptions } from "../promotions/redemptions.server.ts";
import {
  ORDER_NOT_PAID_FOR_SHIPPING,
  type OrderState,
  OrderStateSchema,
  type PaymentStatus,
} from "./state.ts";

export type { PaymentStatus };

/** A line of an order: what the shopper asked for, priced from the stored product when placed. */
export interface OrderLine extends CartLine {
  name: string;
  slug: string;
  /** The stored product's price when the cart was priced, in EUR cents (its sale price on sale). */
  unitPriceCents: number;
  /** Its regular price, when it sold at a sale price (docs/product.md §9 "Markdowns"). */
  compareAtCents?: number;
  /**
   * What its promotions took off it, all together, tax included (docs/product.md §9
   * "Promotions"); none on an order placed before the kinds (its discount is the order's).
   */
  discountCents?: number;
}

/** A promotion an order was given: what it took off each line (by index) and the delivery. */
export type OrderPromotion = AppliedOffer;
export type { OrderRedemptions };

/** Where an order is shipped: the one address shape (common/address.ts). */
export type OrderAddress = Address;

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
  /** The code's promotion, as the checkout showed it (amountCents: all it took). */
  promotion?: AppliedPromotion;
  /** Every promotion applied, in the order applied (docs/product.md §9). */
  promotions?: OrderPromotion[];
  /** What the order's transaction redeemed; none on an order placed before the kinds. */
  redemptions?: OrderRedemptions;
  createdAt: string;
  updatedAt: string;
  paidAt?: string;
  shippedAt?: string;
  deliveredAt?: string;
  canceledAt?: string;
  /** A paid order was cancelled: its money goes back. Cleared once the refund is issued. */
  refundDue?: boolean;
  /**
   * Its units are taken from the stock: true from placing until a failure, an expiry or a
   * cancellation gives them back (false); absent on orders placed before stock was kept.
   */
  stockReserved?: boolean;
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
   * (core/src/accounts/order-anonymisation.server.ts); its e-mail and address are placeholders from then on.
   */
  anonymisedAt?: string;
  /** The return (RMA) whose exchange this order ships, at no charge (core/src/returns). */
  exchangeOf?: string;
  /** What the order's returns refunded, confirmed by the provider (core/src/returns). */
  returnRefundedCents?: number;
}

export const ORDER_NOT_FOUND = "Order not found";
export { ORDER_NOT_PAID_FOR_SHIPPING };

export const ORDER_ENTITY = "order";
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

/**
 * All orders, newest first (admin), optionally only those in `state`: gsi2's shards of the
 * orders (keys.ts orderIndexPartitions), queried side by side and merged by date.
 */
export async function listAllOrders(
  ctx: Context,
  options: ListOrdersOptions = {},
): Promise<OrderPage> {
  const state = stateFilter(options.state);
  const limit = Math.min(MAX_PAGE, Math.max(1, Math.floor(options.limit ?? 20)));
  const partitions = orderIndexPartitions();
  let start: MergedCursor | undefined;
  if (options.cursor !== undefined && options.cursor !== "") {
    start = decodeMergedCursor(options.cursor, partitions);
    if (!start) throw new DomainError("Invalid page cursor", "cursor");
  }
  const query = new MergedQuery(
    ctx,
    {
      index: "gsi2",
      partitionKey: "gsi2pk",
      sortKey: "gsi2sk",
      partitions,
      ...(state
        ? {
            filter: {
              expression: "#state = :state",
              names: { "#state": "state" },
              values: { ":state": state },
            },
          }
        : {}),
      ascending: false,
      chunk: limit,
      // A state filter may leave pages short; ask again a bounded number of times.
      maxQueries: partitions.length * (state ? FILTER_ROUNDS : 2),
    },
    start,
  );
  const orders: Order[] = [];
  while (orders.length < limit) {
    const item = await query.next();
    if (!item) break;
    orders.push(toOrder(item));
  }
  const cursor = query.cursor();
  return cursor ? { orders, cursor: encodeMergedCursor(cursor) } : { orders };
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
    ...(i.promotions ? { promotions: i.promotions } : {}),
    ...(i.redemptions ? { redemptions: i.redemptions } : {}),
    ...(typeof i.stockReserved === "boolean" ? { stockReserved: i.stockReserved } : {}),
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
      "exchangeOf",
    ]),
    ...(i.refundDue !== undefined ? { refundDue: i.refundDue } : {}),
    ...(typeof i.returnRefundedCents === "number"
      ? { returnRefundedCents: i.returnRefundedCents }
      : {}),
  };
}

function optional<K extends keyof Order>(order: Order, keys: K[]): Partial<Pick<Order, K>> {
  const out: Partial<Pick<Order, K>> = {};
  for (const key of keys) if (order[key] !== undefined) out[key] = order[key];
  return out;
}

// Placing an order (docs/architecture.md §4): validate, price on the server from stored products, write
// in ONE transaction the order (PENDING, payment "awaiting"), its number claim, its promotions'
// redemptions (conditional: each limited promotion's counter, the customer's claims; an
// unlimited code is not written), the units of every line taken from the stock (conditional: a line
// over what is left refuses the whole order, naming it; a consistent read before it refuses such
// an order without writing) and the event order.placed; then create the payment (idempotency key
// = order id) and link it. With the checkout's placement key (placement.ts) the order id is
// derived, not random, so the shopper's retry after an attempt that got no answer goes on with
// that attempt's order.
import { randomUUID } from "node:crypto";
import { lineVariant } from "../cart/names.ts";
import { DependencyUnavailable, DomainError, isDependencyUnavailable } from "../common/errors.ts";
import { parseForm } from "../common/forms.ts";
import { shopNow } from "../context/clock.server.ts";
import type { Context } from "../context/index.server.ts";
import { countMetric, logLine } from "../context/telemetry.ts";
import { orderIndexes, orderKey, orderNumberKey, paymentKey } from "../db/keys.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { planOrderStock, stockItems } from "../inventory/stock.server.ts";
import { newOrderNumber } from "../orders/order-number.ts";
import { getOrder, ORDER_ENTITY, type Order } from "../orders/orders.server.ts";
import { INITIAL_ORDER_STATE } from "../orders/state.ts";
import { paymentGateway } from "../payments/gateway.server.ts";
import { redeemError, redeemItems, redeemsAnything } from "../promotions/redemptions.server.ts";
import { paymentDeadlineItem } from "./payment-deadline.ts";
import { failOrder, ORDER_NOT_PAYABLE } from "./payment-state.server.ts";
import { placementKey, placementOrderId } from "./placement.ts";
import { priceCart } from "./priced-cart.server.ts";
import { CheckoutSchema } from "./schemas.ts";

/** Tries of a new order number when the random one is taken. */
const NUMBER_ATTEMPTS = 3;
/**
 * Plans of a reservation tried when shards empty under it: past them, with units still left,
 * the buyer is told the shop is busy (docs/decisions/034-busy-not-error.md).
 */
const STOCK_ATTEMPTS = 8;

export interface PlaceOrderInput {
  /** From the session, never from the request. */
  userId: string;
  email: string;
  /** Untrusted: [{ productId, colour, size, quantity }]; any price sent along is ignored. */
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
  now = shopNow(ctx),
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
  const priced = await priceCart(ctx, input.lines, form.data.deliveryMethod, code, now, {
    userId: input.userId,
  });
  const { company, address, apartment, country, city, zipCode, phone } = form.data;
  const createdAt = now.toISOString();
  const b = priced.breakdown;
  // Only a promotion with a usage limit is counted, and only a customer condition claimed, in the
  // transaction (../promotions/redemptions.server.ts).
  const { redemptions } = priced;
  const redeems = redeemsAnything(redemptions);
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
    ...(priced.promotions.length > 0 ? { promotions: priced.promotions } : {}),
    redemptions,
    stockReserved: true,
    createdAt,
    updatedAt: createdAt,
  };
  // A consistent read of the stock first: an attempt past the last unit answers "sold out" at
  // once and writes nothing, so once a flash sale's units are gone its attempts no longer write
  // (nor cancel each other on) the product's stock item (docs/decisions/041-flash-sale-stock.md).
  // The read also plans which of a spread product's shards each line takes its units from
  // (docs/decisions/043-stock-shards.md); a shard emptied meanwhile makes it read and plan again.
  let plan = await planOrderStock(ctx, namedLines(order));
  if (plan instanceof DomainError) throw plan;
  let stockTries = 0;

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
            promotionRedeemed: redeems,
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
    const redeemAt = items.length;
    const redeemed = redeemItems(ctx, order.userId, redemptions, now);
    items.push(...redeemed);
    const stockAt = items.length;
    const stock = stockItems(ctx, order.lines, "reserve", now, plan);
    items.push(...stock);
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
      const refused = redeemed.findIndex((_, i) => error.failedAt(redeemAt + i));
      if (refused >= 0) throw await redeemError(ctx, redemptions, refused, now);
      if (stock.some((_, i) => error.failedAt(stockAt + i))) {
        // Another order took the shard's units first (or they were sold and given back): read
        // and plan again, until the units are there or the product is sold out.
        plan = await planOrderStock(ctx, namedLines(order));
        if (plan instanceof DomainError) throw plan;
        if (++stockTries < STOCK_ATTEMPTS) continue;
        throw new DependencyUnavailable("DynamoDB", "TransactWriteItems", { busy: true });
      }
      // (A transaction cancelled only by another on the same items, e.g. the same product's
      // stock, never comes here: the table's client tries it again within the request's
      // deadline, then answers busy: core/src/context/busy.server.ts.)
      if (error.failedAt(1) && attempt < NUMBER_ATTEMPTS) {
        order = { ...order, number: newOrderNumber() };
        continue;
      }
      throw error;
    }
  }

  // Written now, by this attempt (a retry that found its order went on above, uncounted).
  countMetric("OrdersPlaced", { orderId: order.id });
  logLine("info", "order placed", { orderId: order.id, orderNumber: order.number });
  return startPayment(ctx, order, now);
}

/** The order's lines, each naming its variant ("Navy, size Medium") for a refusal's message. */
const namedLines = (order: Order) =>
  order.lines.map((line) => ({
    ...line,
    colour: line.colour ?? "",
    sizeName: lineVariant(line.colour, line.size),
  }));

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

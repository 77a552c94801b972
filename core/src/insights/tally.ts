// What each order event adds to the sales aggregates (./aggregates.server.ts,
// docs/decisions/017-aggregates-from-the-stream.md): the transition it stands for, its tally on
// the payment day in the shop's time zone, and its chunks of one transaction each, every chunk
// under a mark of its own. Pure: no table, no clock.
import type { DomainEvent } from "../events/events.server.ts";
import {
  ORDER_CANCELED,
  ORDER_DELETED,
  ORDER_DELIVERED,
  ORDER_EVENT_TYPES,
  ORDER_PAID,
  ORDER_PLACED,
  ORDER_SHIPPED,
  type OrderEventPayload,
  type OrderSaleFacts,
} from "../orders/order-events.ts";
import type { OrderState } from "../orders/state.ts";
import { RETURN_REFUNDED, type ReturnRefundedPayload } from "../returns/events.ts";
import { dayOf, type PromotionSales } from "./figures.ts";

/**
 * Products per chunk of one order's transition (one mark): with the mark, the day, the states
 * and two items per product (its day, its all-time units) a chunk fits one transaction. A product
 * counts once more for each of its colours (the chunks are those the marks were always cut by,
 * so a mark written before keeps its name).
 */
export const PRODUCTS_PER_CHUNK = 40;
/**
 * Promotions per chunk of their own (two items each: the day's and the all-time one, with the
 * mark). Their chunks come after the products' ones, named "<transition>#promotions#<n>", so the
 * products' marks keep their names.
 */
export const PROMOTIONS_PER_CHUNK = 45;

/** What one transition adds (negative numbers take away). */
export interface Tally {
  /** The day whose sales change, in the shop's time zone. */
  day?: string;
  revenueCents: number;
  orders: number;
  items: number;
  /** Units per product (the product's day item and its all-time item). */
  units: Record<string, number>;
  /** Units per product and colour (on the product's day item), of lines that name one. */
  colours: Record<string, Record<string, number>>;
  states: Partial<Record<OrderState, number>>;
  /** Paid orders and discount given per promotion (its day item and its all-time item). */
  promotions: Record<string, PromotionSales>;
}

const empty = (): Tally => ({
  revenueCents: 0,
  orders: 0,
  items: 0,
  units: {},
  colours: {},
  states: {},
  promotions: {},
});

/** A paid order's sale, added (sign 1) or taken away (-1), on its payment day. */
function sale(facts: OrderSaleFacts, timeZone: string, sign: 1 | -1): Tally {
  if (!facts.paidAt) return empty();
  const signed = (counts: Record<string, number>) =>
    Object.fromEntries(Object.entries(counts).map(([key, n]) => [key, sign * n]));
  const units = signed(facts.units);
  const colours = Object.fromEntries(
    Object.entries(facts.colours ?? {}).map(([id, counts]) => [id, signed(counts)]),
  );
  const promotions = Object.fromEntries(
    Object.entries(facts.promotions ?? {}).map(([id, p]) => [
      id,
      {
        label: p.label,
        ...(p.code ? { code: p.code } : {}),
        orders: sign,
        discountCents: sign * p.discountCents,
      },
    ]),
  );
  return {
    day: dayOf(facts.paidAt, timeZone),
    revenueCents: sign * facts.totalCents,
    orders: sign,
    items: sign * Object.values(facts.units).reduce((a, b) => a + b, 0),
    units,
    colours,
    states: {},
    promotions,
  };
}

/** Whether an order as described by its facts counts in the sales (paid, not cancelled). */
export const countsAsSale = (facts: Pick<OrderSaleFacts, "state" | "payment" | "paidAt">) =>
  facts.payment === "paid" && facts.state !== "CANCELED" && Boolean(facts.paidAt);

/** The transition an order event stands for and what it adds; null for other events. */
export function tallyOf(
  event: Pick<DomainEvent, "type" | "payload">,
  timeZone: string,
): { orderId: string; transition: string; tally: Tally } | null {
  const { orderId, facts } = event.payload as Partial<OrderEventPayload>;
  if (typeof orderId !== "string" || orderId === "") return null;
  const move = (from: OrderState, to: OrderState): Tally => ({
    ...empty(),
    states: { [from]: -1, [to]: 1 },
  });
  let tally: Tally;
  switch (event.type) {
    case ORDER_PLACED:
      tally = { ...empty(), states: { PENDING: 1 } };
      break;
    case ORDER_PAID:
      // An event written before the facts were added is left to the rebuild (and not marked).
      if (!facts) return null;
      tally = sale(facts, timeZone, 1);
      break;
    case ORDER_SHIPPED:
      tally = move("PENDING", "SHIPPED");
      break;
    case ORDER_DELIVERED:
      tally = move("SHIPPED", "DELIVERED");
      break;
    case ORDER_CANCELED:
      // Cancelling a paid order refunds it: its sale leaves the day it was paid on.
      tally = {
        ...(facts && countsAsSale(facts) ? sale(facts, timeZone, -1) : empty()),
        states: { [facts?.state ?? "PENDING"]: -1, CANCELED: 1 },
      };
      break;
    case ORDER_DELETED:
      if (!facts) return null;
      tally = {
        ...(countsAsSale(facts) ? sale(facts, timeZone, -1) : empty()),
        states: { [facts.state]: -1 },
      };
      break;
    default:
      return null;
  }
  return { orderId, transition: event.type.replace(/^order\./, ""), tally };
}

/** One chunk of one transition: what it adds, under its mark. */
export interface Counted {
  orderId: string;
  /** The mark's name: "<transition>#<chunk>". */
  mark: string;
  tally: Tally;
}

/** The chunks an event counts (none for an event the aggregates do not count). */
export function countedOf(
  event: Pick<DomainEvent, "type" | "payload">,
  timeZone: string,
): Counted[] {
  if (event.type === RETURN_REFUNDED) {
    const refund = refundTally(event, timeZone);
    return refund
      ? [{ orderId: refund.orderId, mark: `${refund.transition}#0`, tally: refund.tally }]
      : [];
  }
  const found = tallyOf(event, timeZone);
  if (!found) return [];
  const { orderId, transition, tally } = found;
  const products = chunksOf(tally.units, tally.colours).map((ids, index) => ({
    orderId,
    mark: `${transition}#${index}`,
    tally: {
      ...(tally.day ? { day: tally.day } : {}),
      // The first chunk adds the totals and the states; each chunk its products.
      revenueCents: index === 0 ? tally.revenueCents : 0,
      orders: index === 0 ? tally.orders : 0,
      items: index === 0 ? tally.items : 0,
      units: Object.fromEntries(ids.map((id) => [id, tally.units[id] ?? 0])),
      colours: Object.fromEntries(
        ids.flatMap((id) => (tally.colours[id] ? [[id, tally.colours[id]]] : [])),
      ),
      states: index === 0 ? tally.states : {},
      promotions: {},
    },
  }));
  const promotions = promotionChunksOf(tally.promotions).map((ids, index) => ({
    orderId,
    mark: `${transition}${PROMOTIONS_MARK_INFIX}${index}`,
    tally: {
      ...empty(),
      ...(tally.day ? { day: tally.day } : {}),
      promotions: Object.fromEntries(ids.map((id) => [id, tally.promotions[id] as PromotionSales])),
    },
  }));
  return [...products, ...promotions];
}

/** A promotions chunk's mark: "<transition>#promotions#<n>". */
export const PROMOTIONS_MARK_INFIX = "#promotions#";

/** The promotion ids of a tally in chunks of PROMOTIONS_PER_CHUNK (none without promotions). */
export function promotionChunksOf(promotions: Readonly<Record<string, unknown>>): string[][] {
  const ids = Object.keys(promotions).sort();
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += PROMOTIONS_PER_CHUNK) {
    chunks.push(ids.slice(i, i + PROMOTIONS_PER_CHUNK));
  }
  return chunks;
}

/**
 * return.refunded: the refund comes off the revenue of the day it was refunded (in the shop's
 * time zone), once (mark "refund-<rma>"). Never counted twice with a cancellation: only a
 * delivered order is returned, and only a pending one is cancelled (core/src/returns). The units
 * and the paid orders of the sale's day stay as sold.
 */
function refundTally(
  event: Pick<DomainEvent, "payload">,
  timeZone: string,
): { orderId: string; transition: string; tally: Tally } | null {
  const { orderId, rma, refundCents, refundedAt } = event.payload as Partial<ReturnRefundedPayload>;
  if (typeof orderId !== "string" || typeof rma !== "string" || typeof refundedAt !== "string") {
    return null;
  }
  if (typeof refundCents !== "number" || refundCents <= 0) return null;
  return {
    orderId,
    transition: `refund-${rma}`,
    tally: { ...empty(), day: dayOf(refundedAt, timeZone), revenueCents: -refundCents },
  };
}

/** The event types countSales counts. */
export const COUNTED_EVENT_TYPES: readonly string[] = [...ORDER_EVENT_TYPES, RETURN_REFUNDED];

/**
 * The product ids of a tally in chunks of one transaction each (at least one chunk): at most
 * PRODUCTS_PER_CHUNK products, a product weighing one more for each of its colours.
 */
export function chunksOf(
  units: Record<string, number>,
  colours: Record<string, Record<string, number>> = {},
): string[][] {
  const ids = Object.keys(units).sort();
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let weight = 0;
  for (const id of ids) {
    const own = 1 + Object.keys(colours[id] ?? {}).length;
    if (chunk.length > 0 && weight + own > PRODUCTS_PER_CHUNK) {
      chunks.push(chunk);
      chunk = [];
      weight = 0;
    }
    chunk.push(id);
    weight += own;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks.length > 0 ? chunks : [[]];
}

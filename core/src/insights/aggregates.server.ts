// The sales aggregates (docs/decisions/017-aggregates-from-the-stream.md), kept from the order
// events by a reaction (core/src/reactions): per day in the shop's time zone (revenue, paid
// orders, items, units per product), per product (units, all time) and orders per state.
//
// Each order event is one transition of one order (placed, paid, shipped, delivered, canceled,
// deleted), which happens at most once. Its increments are written in one TransactWriteItems
// with a mark for (order, transition) put under attribute_not_exists: a second delivery fails on
// the mark and counts nothing. Increments commute, so events may arrive in any order. An order
// with more products than one transaction holds is counted in chunks, each with its own mark.
// The day also keeps each product's units per colour (the dashboard's colour split of its best
// sellers), in the same update.

import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import {
  insightsMarkKey,
  ORDER_STATE_COUNTS_KEY,
  productSalesKey,
  salesDayKey,
} from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import type { DomainEvent } from "../events/events.server.ts";
import {
  ORDER_CANCELED,
  ORDER_DELETED,
  ORDER_DELIVERED,
  ORDER_PAID,
  ORDER_PLACED,
  ORDER_SHIPPED,
  type OrderEventPayload,
  type OrderSaleFacts,
} from "../orders/order-events.ts";
import type { OrderState } from "../orders/state.ts";
import type { ReturnRefundedPayload } from "../returns/events.ts";
import { dayOf, productColourKey } from "./figures.ts";

export const INSIGHTS_ENTITIES = {
  day: "salesDay",
  product: "productSales",
  states: "orderStateCounts",
  mark: "insightsMark",
  rebuildPart: "salesRebuildPart",
} as const;

/**
 * Marks outlive any redelivery: events are kept 7 days and the stream 24 hours. The rebuild
 * writes marks for the transitions of this many days back.
 */
export const MARK_RETENTION_DAYS = 14;
/**
 * Products per transaction: with the mark, the day, the states and one item per product. A
 * product counts once more for each of its colours (the day's update sets a path for each, and
 * an expression is at most 4 KB), so a chunk holds fewer products when they name colours.
 */
export const PRODUCTS_PER_CHUNK = 40;

/** What one transition adds (negative numbers take away). */
export interface Tally {
  /** The day whose sales change, in the shop's time zone. */
  day?: string;
  revenueCents: number;
  orders: number;
  items: number;
  /** Units per product (the day's map and the all-time items). */
  units: Record<string, number>;
  /** Units per product and colour (the day's map of colours), of lines that name one. */
  colours: Record<string, Record<string, number>>;
  states: Partial<Record<OrderState, number>>;
}

const empty = (): Tally => ({
  revenueCents: 0,
  orders: 0,
  items: 0,
  units: {},
  colours: {},
  states: {},
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
  return {
    day: dayOf(facts.paidAt, timeZone),
    revenueCents: sign * facts.totalCents,
    orders: sign,
    items: sign * Object.values(facts.units).reduce((a, b) => a + b, 0),
    units,
    colours,
    states: {},
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

/** The reaction to every order event: counts its transition once. */
export async function countOrderEvent(ctx: Context, event: DomainEvent): Promise<void> {
  const found = tallyOf(event, ctx.config.timeZone);
  if (!found) return;
  await applyTally(ctx, found.orderId, found.transition, found.tally);
}

/**
 * The reaction to return.refunded: the refund comes off the revenue of the day it was refunded
 * (in the shop's time zone), once (mark "refund-<rma>"). Never counted twice with a cancellation:
 * only a delivered order is returned, and only a pending one is cancelled (core/src/returns). The
 * units and the paid orders of the sale's day stay as sold.
 */
export async function countReturnRefund(ctx: Context, event: DomainEvent): Promise<void> {
  const { orderId, rma, refundCents, refundedAt } = event.payload as Partial<ReturnRefundedPayload>;
  if (typeof orderId !== "string" || typeof rma !== "string" || typeof refundedAt !== "string") {
    return;
  }
  if (typeof refundCents !== "number" || refundCents <= 0) return;
  await applyTally(ctx, orderId, `refund-${rma}`, {
    ...empty(),
    day: dayOf(refundedAt, ctx.config.timeZone),
    revenueCents: -refundCents,
  });
}

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

/** The mark of one chunk of an order's transition: the item to put. */
export function markItem(orderId: string, mark: string, now: Date): Record<string, unknown> {
  return {
    ...insightsMarkKey(orderId, mark),
    entity: INSIGHTS_ENTITIES.mark,
    orderId,
    countedAt: now.toISOString(),
    [TABLE.ttlAttribute]: Math.floor(now.getTime() / 1000) + MARK_RETENTION_DAYS * 24 * 3600,
  };
}

async function applyTally(
  ctx: Context,
  orderId: string,
  transition: string,
  tally: Tally,
  now = new Date(),
): Promise<void> {
  // The day's map of units must exist before units are added into it.
  if (tally.day) await ensureDay(ctx, tally.day);
  const chunks = chunksOf(tally.units, tally.colours);
  for (const [index, ids] of chunks.entries()) {
    const items: TransactItem[] = [
      {
        Put: {
          TableName: ctx.tableName,
          Item: markItem(orderId, `${transition}#${index}`, now),
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
    ];
    const first = index === 0;
    if (tally.day) items.push(dayUpdate(ctx, tally, ids, first));
    const states = Object.entries(tally.states).filter(([, n]) => n !== 0);
    if (first && states.length > 0) items.push(statesUpdate(ctx, states));
    for (const id of ids) items.push(productUpdate(ctx, id, tally.units[id] ?? 0));
    try {
      await transact(ctx, items);
    } catch (error) {
      // Counted already (a redelivery): this chunk adds nothing.
      if (!(error instanceof TransactionCancelled && error.failedAt(0))) throw error;
    }
  }
}

async function ensureDay(ctx: Context, day: string): Promise<void> {
  await ctx.db.send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: salesDayKey(day),
      UpdateExpression:
        "SET entity = :entity, #day = :day, products = if_not_exists(products, :empty), colours = if_not_exists(colours, :empty)",
      ExpressionAttributeNames: { "#day": "day" },
      ExpressionAttributeValues: { ":entity": INSIGHTS_ENTITIES.day, ":day": day, ":empty": {} },
    }),
  );
}

function dayUpdate(ctx: Context, tally: Tally, ids: string[], first: boolean): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (ids.length > 0) values[":zero"] = 0;
  const sets = ids.map((id, i) => {
    names[`#p${i}`] = id;
    values[`:u${i}`] = tally.units[id] ?? 0;
    return `products.#p${i} = if_not_exists(products.#p${i}, :zero) + :u${i}`;
  });
  let c = 0;
  for (const id of ids) {
    for (const [colour, n] of Object.entries(tally.colours[id] ?? {})) {
      names[`#c${c}`] = productColourKey(id, colour);
      values[`:c${c}`] = n;
      sets.push(`colours.#c${c} = if_not_exists(colours.#c${c}, :zero) + :c${c}`);
      c++;
    }
  }
  if (first) {
    Object.assign(names, { "#r": "revenueCents", "#o": "orders", "#i": "items" });
    Object.assign(values, { ":r": tally.revenueCents, ":o": tally.orders, ":i": tally.items });
  }
  // The first chunk always adds the totals; a later one always has products.
  const expression = [
    first ? "ADD #r :r, #o :o, #i :i" : "",
    sets.length > 0 ? `SET ${sets.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    Update: {
      TableName: ctx.tableName,
      Key: salesDayKey(tally.day as string),
      UpdateExpression: expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

function statesUpdate(ctx: Context, states: Array<[string, number]>): TransactItem {
  return {
    Update: {
      TableName: ctx.tableName,
      Key: ORDER_STATE_COUNTS_KEY,
      UpdateExpression: `SET entity = :entity ADD ${states.map((_, i) => `#s${i} :n${i}`).join(", ")}`,
      ExpressionAttributeNames: Object.fromEntries(states.map(([state], i) => [`#s${i}`, state])),
      ExpressionAttributeValues: {
        ":entity": INSIGHTS_ENTITIES.states,
        ...Object.fromEntries(states.map(([, n], i) => [`:n${i}`, n])),
      },
    },
  };
}

function productUpdate(ctx: Context, productId: string, units: number): TransactItem {
  return {
    Update: {
      TableName: ctx.tableName,
      Key: productSalesKey(productId),
      UpdateExpression: "SET entity = :entity, productId = :id ADD #units :u",
      ExpressionAttributeNames: { "#units": "units" },
      ExpressionAttributeValues: {
        ":entity": INSIGHTS_ENTITIES.product,
        ":id": productId,
        ":u": units,
      },
    },
  };
}

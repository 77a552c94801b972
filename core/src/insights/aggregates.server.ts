// The sales aggregates (docs/decisions/017-aggregates-from-the-stream.md), kept from the order
// events by a reaction (core/src/reactions): per day in the shop's time zone its totals (revenue,
// paid orders, items) and, on items of their own, each product's units that day with their split
// by colour, and each promotion's paid orders and discount given that day; per product its units
// of all time; per promotion its paid orders and discount given of all time; the orders per state.
//
// Each order event is one transition of one order (placed, paid, shipped, delivered, canceled,
// deleted), which happens at most once. A stream batch is counted at once
// (docs/decisions/039-sales-summed-per-batch.md): its transitions' increments are summed per
// aggregate item, and each item is written once (an ADD) in a TransactWriteItems that also puts
// each transition's mark under attribute_not_exists. A transition counted already (the batch, or
// a part of it, replayed) fails on its mark: it is taken out and the rest written again, so it
// adds nothing. Increments commute, so events may arrive in any order. An order with more
// products than one transaction holds is counted in chunks, each with its own mark; a batch whose
// marks and items pass 100 goes in as few transactions as hold them. What each event adds, and
// its chunks: ./tally.ts.

import type { Context } from "../context/index.server.ts";
import {
  insightsMarkKey,
  ORDER_STATE_COUNTS_KEY,
  productSalesKey,
  promotionSalesKey,
  salesDayKey,
  salesProductDayKey,
  salesPromotionDayKey,
} from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { type Counted, countedOf } from "./tally.ts";

export const INSIGHTS_ENTITIES = {
  day: "salesDay",
  product: "productSales",
  productDay: "salesProductDay",
  promotionDay: "salesPromotionDay",
  promotion: "promotionSales",
  states: "orderStateCounts",
  mark: "insightsMark",
  rebuildPart: "salesRebuildPart",
} as const;

/**
 * Marks outlive any redelivery: events are kept 7 days and the stream 24 hours. The rebuild
 * writes marks for the transitions of this many days back.
 */
export const MARK_RETENTION_DAYS = 14;
/** The reaction to one order event, as a batch of one (the local cloud's tests deliver so). */
export async function countOrderEvent(ctx: Context, event: DomainEvent): Promise<void> {
  await countSales(ctx, [event]);
}

/** The reaction to one return.refunded, as a batch of one. */
export async function countReturnRefund(ctx: Context, event: DomainEvent): Promise<void> {
  await countSales(ctx, [event]);
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

/** Items of one TransactWriteItems (DynamoDB's limit). */
export const TRANSACTION_ITEMS = 100;

/** An aggregate item's sum over a batch: its key and what to add to each attribute. */
interface Sum {
  key: { pk: string; sk: string };
  /** Attributes set (the item's entity and identity). */
  set: Record<string, string>;
  /** Attribute → what the batch adds to it. */
  add: Record<string, number>;
}

const keyOf = (key: { pk: string; sk: string }) => `${key.pk}\u0000${key.sk}`;

/** The batch's increments summed per aggregate item, each item once. */
export function sumsOf(counted: readonly Counted[]): Sum[] {
  const sums = new Map<string, Sum>();
  const add = (key: Sum["key"], set: Sum["set"], attribute: string, n: number) => {
    const id = keyOf(key);
    const sum = sums.get(id) ?? { key, set, add: {} };
    sum.add[attribute] = (sum.add[attribute] ?? 0) + n;
    sums.set(id, sum);
  };
  for (const { tally } of counted) {
    const { day } = tally;
    if (day) {
      const set = { entity: INSIGHTS_ENTITIES.day, day };
      add(salesDayKey(day), set, "revenueCents", tally.revenueCents);
      add(salesDayKey(day), set, "orders", tally.orders);
      add(salesDayKey(day), set, "items", tally.items);
    }
    for (const [productId, n] of Object.entries(tally.units)) {
      if (day) {
        const key = salesProductDayKey(day, productId);
        const set = { entity: INSIGHTS_ENTITIES.productDay, day, productId };
        add(key, set, "units", n);
        for (const [colour, c] of Object.entries(tally.colours[productId] ?? {})) {
          add(key, set, colourAttribute(colour), c);
        }
      }
      add(productSalesKey(productId), { entity: INSIGHTS_ENTITIES.product, productId }, "units", n);
    }
    for (const [promotionId, p] of Object.entries(tally.promotions)) {
      const named = { promotionId, label: p.label, ...(p.code ? { code: p.code } : {}) };
      const items: Array<Pick<Sum, "key" | "set">> = [
        {
          key: promotionSalesKey(promotionId),
          set: { entity: INSIGHTS_ENTITIES.promotion, ...named },
        },
      ];
      if (day) {
        items.push({
          key: salesPromotionDayKey(day, promotionId),
          set: { entity: INSIGHTS_ENTITIES.promotionDay, day, ...named },
        });
      }
      for (const { key, set } of items) {
        add(key, set, "orders", p.orders);
        add(key, set, "discountCents", p.discountCents);
      }
    }
    for (const [state, n] of Object.entries(tally.states)) {
      add(ORDER_STATE_COUNTS_KEY, { entity: INSIGHTS_ENTITIES.states }, state, n ?? 0);
    }
  }
  // An item the batch adds nothing to is not written.
  return [...sums.values()].filter((sum) => Object.values(sum.add).some((n) => n !== 0));
}

/** A product's units in one colour, on its day item. */
export const COLOUR_ATTRIBUTE_PREFIX = "colour#";
const colourAttribute = (colour: string) => `${COLOUR_ATTRIBUTE_PREFIX}${colour}`;

function sumUpdate(ctx: Context, sum: Sum): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(sum.set).map(([attribute, value], i) => {
    names[`#s${i}`] = attribute;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const adds = Object.entries(sum.add).map(([attribute, n], i) => {
    names[`#a${i}`] = attribute;
    values[`:a${i}`] = n;
    return `#a${i} :a${i}`;
  });
  return {
    Update: {
      TableName: ctx.tableName,
      Key: sum.key,
      UpdateExpression: `SET ${sets.join(", ")} ADD ${adds.join(", ")}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Counts a batch of events (a stream batch, in its order) in the sales aggregates, each
 * transition once however often it was delivered before: one write per aggregate item per
 * transaction, the batch in as few transactions as hold its marks and items.
 */
export async function countSales(
  ctx: Context,
  events: readonly Pick<DomainEvent, "type" | "payload">[],
  {
    now = new Date(),
    maxItems = TRANSACTION_ITEMS,
  }: {
    now?: Date;
    /** Items per transaction (DynamoDB's 100; the tests cut batches smaller). */
    maxItems?: number;
  } = {},
): Promise<void> {
  // A mark named twice in the batch (the same event twice) counts once.
  const seen = new Set<string>();
  const counted = events
    .flatMap((event) => countedOf(event, ctx.config.timeZone))
    .filter((c) => {
      const id = `${c.orderId}\u0000${c.mark}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  for (const group of groupsOf(counted, maxItems)) await writeGroup(ctx, group, now);
}

/** The chunks cut into groups whose marks and summed items fit one transaction each. */
function groupsOf(counted: readonly Counted[], maxItems: number): Counted[][] {
  const groups: Counted[][] = [];
  let group: Counted[] = [];
  for (const c of counted) {
    const next = [...group, c];
    if (group.length > 0 && next.length + sumsOf(next).length > maxItems) {
      groups.push(group);
      group = [c];
    } else {
      group = next;
    }
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/**
 * One transaction: the group's marks under attribute_not_exists, then each summed item once. A
 * mark already there (counted before) is taken out with what it adds, and the rest written again.
 */
async function writeGroup(ctx: Context, group: Counted[], now: Date): Promise<void> {
  let left = group;
  while (left.length > 0) {
    const items: TransactItem[] = [
      ...left.map(
        (c): TransactItem => ({
          Put: {
            TableName: ctx.tableName,
            Item: markItem(c.orderId, c.mark, now),
            ConditionExpression: "attribute_not_exists(pk)",
          },
        }),
      ),
      ...sumsOf(left).map((sum) => sumUpdate(ctx, sum)),
    ];
    try {
      await transact(ctx, items);
      return;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const counted = left.filter((_, i) => error.failedAt(i));
      // Another reason (a conflict, a throttle): the stream retries the batch.
      if (counted.length === 0) throw error;
      left = left.filter((_, i) => !error.failedAt(i));
    }
  }
}

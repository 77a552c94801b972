// Recomputes the sales aggregates from the orders and the refunded returns
// (`npm run aggregates:rebuild`, and migration 004): once for the orders that existed before the
// aggregates, and as a repair. It works in bounded pages, each resumable from a cursor (the
// migrations' runner records it: docs/decisions/024-migrations-on-deploy.md):
// - "orders": one page of orders (Query gsi2 ORDERS, 100 at a time) is tallied (totals per day,
//   per product and colour, per state) and its tally kept as one part item of the run;
// - "returns": the same for a page of refunded returns, which come off the day they were refunded;
// - "replace": the parts are summed, every aggregate item is replaced and stale ones deleted
//   (each day as its totals and an item per product sold: salesDayItems).
// Only the totals are held, never the orders. A page done twice (a run that died between a page
// and its record) writes the same part again, and "replace" writes the same aggregates: every
// page is idempotent. The parts expire with the table's TTL a week later. It also writes the
// marks of the transitions recent enough to be delivered still, so an event that arrives after
// the rebuild does not count a second time what the rebuild counted.
//
// Events reacted to while it runs may be lost or doubled: run it when the shop is quiet, and
// again if in doubt (it always converges on what the orders say).
import { randomUUID } from "node:crypto";
import { BatchWriteCommand, paginateQuery } from "@aws-sdk/lib-dynamodb";
import * as v from "valibot";
import type { Context } from "../context/index.server.ts";
import {
  ORDER_STATE_COUNTS_KEY,
  PRODUCT_SALES_PK,
  PROMOTION_SALES_PK,
  productSalesKey,
  promotionSalesKey,
  rebuildPartKey,
  rebuildPartsPk,
  SALES_DAYS_PK,
  salesDayKey,
  salesProductDayKey,
  salesPromotionDayKey,
} from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { orderSaleFacts } from "../orders/order-events.ts";
import { listAllOrders, type Order } from "../orders/orders.server.ts";
import { ORDER_STATES, type OrderState } from "../orders/state.ts";
import { listAllReturns } from "../returns/reading.server.ts";
import {
  COLOUR_ATTRIBUTE_PREFIX,
  INSIGHTS_ENTITIES,
  MARK_RETENTION_DAYS,
  markItem,
} from "./aggregates.server.ts";
import {
  addPromotionSales,
  dayOf,
  emptySalesDay,
  type PromotionSales,
  productColourKey,
  type SalesDay,
} from "./figures.ts";
import { chunksOf, countsAsSale, PROMOTIONS_MARK_INFIX, promotionChunksOf } from "./tally.ts";

export interface RebuildSummary {
  orders: number;
  days: number;
  products: number;
  marks: number;
}

/** Orders (or returns) read per page. */
const PAGE = 100;
/** How long a run's parts are kept (the table's TTL removes them). */
const PART_RETENTION_DAYS = 7;

/** Where a rebuild goes on from (recorded by the migrations' runner as it is). */
const RebuildCursorSchema = v.object({
  run: v.pipe(v.string(), v.uuid()),
  phase: v.picklist(["orders", "returns", "replace"]),
  part: v.pipe(v.number(), v.integer(), v.minValue(0)),
  after: v.optional(v.string()),
});
export type RebuildCursor = v.InferOutput<typeof RebuildCursorSchema>;

/** One page's totals, kept as a part item of the run and summed by "replace". */
interface Tally {
  days: Record<string, SalesDay>;
  units: Record<string, number>;
  /** Per promotion, all time (absent from a part written before the promotions' figures). */
  promotions?: Record<string, PromotionSales>;
  states: Record<OrderState, number>;
  orders: number;
  marks: number;
}

export interface RebuildPage {
  /** Orders or returns read (0 for the replacement, which writes what they added up to). */
  touched: number;
  /** Where the next page starts; absent when the aggregates are replaced. */
  cursor?: RebuildCursor;
  /** What the rebuild counted, with its last page. */
  summary?: RebuildSummary;
}

/** One bounded page of the rebuild from `cursor` (undefined: a new run). */
export async function rebuildAggregatesPage(
  ctx: Context,
  cursor: unknown,
  { now = new Date(), pageSize = PAGE }: { now?: Date; pageSize?: number } = {},
): Promise<RebuildPage> {
  const at: RebuildCursor =
    cursor === undefined
      ? { run: randomUUID(), phase: "orders", part: 0 }
      : v.parse(RebuildCursorSchema, cursor);
  const after = at.after ? { cursor: at.after } : {};
  if (at.phase === "orders") {
    const page = await listAllOrders(ctx, { limit: pageSize, ...after });
    const tally = emptyTally();
    const marks = page.orders.flatMap((order) => tallyOrder(ctx, tally, order, now));
    await writePart(ctx, at, tally, marks, now);
    const next = page.cursor
      ? { ...at, part: at.part + 1, after: page.cursor }
      : { run: at.run, phase: "returns" as const, part: at.part + 1 };
    return { touched: page.orders.length, cursor: next };
  }
  if (at.phase === "returns") {
    const page = await listAllReturns(ctx, { state: "refunded", limit: pageSize, ...after });
    const tally = emptyTally();
    const marks: Record<string, unknown>[] = [];
    const markSince = now.getTime() - MARK_RETENTION_DAYS * 24 * 3600 * 1000;
    // Refunded returns come off the day they were refunded (as countReturnRefund does).
    for (const r of page.returns) {
      if (!r.refundedAt || r.refund.totalCents <= 0) continue;
      const day = dayOf(r.refundedAt, ctx.config.timeZone);
      const sales = tally.days[day] ?? emptySalesDay(day);
      sales.revenueCents -= r.refund.totalCents;
      tally.days[day] = sales;
      if (Date.parse(r.refundedAt) >= markSince) {
        marks.push(markItem(r.orderId, `refund-${r.rma}#0`, now));
      }
    }
    tally.marks = marks.length;
    await writePart(ctx, at, tally, marks, now);
    const next = page.cursor
      ? { ...at, part: at.part + 1, after: page.cursor }
      : { run: at.run, phase: "replace" as const, part: at.part + 1 };
    return { touched: page.returns.length, cursor: next };
  }
  return replaceAggregates(ctx, at.run);
}

/** The whole rebuild, page after page (`npm run aggregates:rebuild`). */
export async function rebuildAggregates(
  ctx: Context,
  { now = new Date(), log = (_line: string) => {} } = {},
): Promise<RebuildSummary> {
  let cursor: RebuildCursor | undefined;
  let read = 0;
  for (;;) {
    const page = await rebuildAggregatesPage(ctx, cursor, { now });
    if (page.summary) return page.summary;
    if (cursor?.phase !== "replace") read += page.touched;
    if (read % 1000 < PAGE && page.touched > 0) log(`  ${read} orders and returns read`);
    cursor = page.cursor;
  }
}

const emptyTally = (): Tally => ({
  days: {},
  units: {},
  promotions: {},
  states: Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<OrderState, number>,
  orders: 0,
  marks: 0,
});

/** Adds an order to `tally`; returns the marks of its recent transitions. */
function tallyOrder(ctx: Context, tally: Tally, order: Order, now: Date) {
  tally.orders++;
  tally.states[order.state] = (tally.states[order.state] ?? 0) + 1;
  const facts = orderSaleFacts(order);
  if (countsAsSale(facts) && facts.paidAt) {
    const day = dayOf(facts.paidAt, ctx.config.timeZone);
    const sales = tally.days[day] ?? emptySalesDay(day);
    sales.revenueCents += facts.totalCents;
    sales.orders += 1;
    for (const [id, n] of Object.entries(facts.units)) {
      sales.items += n;
      sales.products[id] = (sales.products[id] ?? 0) + n;
      tally.units[id] = (tally.units[id] ?? 0) + n;
    }
    const colours = sales.colours ?? {};
    sales.colours = colours;
    for (const [id, counts] of Object.entries(facts.colours ?? {})) {
      for (const [colour, n] of Object.entries(counts)) {
        const key = productColourKey(id, colour);
        colours[key] = (colours[key] ?? 0) + n;
      }
    }
    const given = Object.fromEntries(
      Object.entries(facts.promotions ?? {}).map(([id, p]) => [
        id,
        {
          label: p.label,
          ...(p.code ? { code: p.code } : {}),
          orders: 1,
          discountCents: p.discountCents,
        },
      ]),
    );
    sales.promotions = addPromotionSales(sales.promotions ?? {}, given);
    tally.promotions = addPromotionSales(tally.promotions ?? {}, given);
    tally.days[day] = sales;
  }
  const markSince = now.getTime() - MARK_RETENTION_DAYS * 24 * 3600 * 1000;
  const chunks = chunksOf(facts.units, facts.colours).length;
  const promotionChunks = promotionChunksOf(facts.promotions ?? {}).length;
  const marks: Record<string, unknown>[] = [];
  for (const [transition, when] of transitionsOf(order)) {
    if (!when || Date.parse(when) < markSince) continue;
    for (let i = 0; i < chunks; i++) marks.push(markItem(order.id, `${transition}#${i}`, now));
    // A sale's transitions count its promotions in chunks of their own.
    if (transition !== "paid" && transition !== "canceled") continue;
    for (let i = 0; i < promotionChunks; i++) {
      marks.push(markItem(order.id, `${transition}${PROMOTIONS_MARK_INFIX}${i}`, now));
    }
  }
  tally.marks += marks.length;
  return marks;
}

/** Writes a page's marks, then its part (the same part again when the page is done twice). */
async function writePart(
  ctx: Context,
  at: RebuildCursor,
  tally: Tally,
  marks: Record<string, unknown>[],
  now: Date,
) {
  await writeAll(
    ctx,
    marks.map((Item) => ({ PutRequest: { Item } })),
  );
  await writeAll(ctx, [
    {
      PutRequest: {
        Item: {
          ...rebuildPartKey(at.run, at.part),
          entity: INSIGHTS_ENTITIES.rebuildPart,
          ...tally,
          [TABLE.ttlAttribute]: Math.floor(now.getTime() / 1000) + PART_RETENTION_DAYS * 24 * 3600,
        },
      },
    },
  ]);
}

/** Sums a run's parts and replaces the aggregates with the totals. */
async function replaceAggregates(ctx: Context, run: string): Promise<RebuildPage> {
  const total = emptyTally();
  const pages = paginateQuery(
    { client: ctx.db, pageSize: 100 },
    {
      TableName: ctx.tableName,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": rebuildPartsPk(run) },
      ConsistentRead: true,
    },
  );
  for await (const page of pages) {
    for (const part of (page.Items ?? []) as unknown as Tally[]) addTally(total, part);
  }
  const days = Object.values(total.days);
  const units = Object.entries(total.units);
  await replacePartition(ctx, SALES_DAYS_PK, days.flatMap(salesDayItems));
  await replacePartition(
    ctx,
    PRODUCT_SALES_PK,
    units.map(([productId, n]) => ({
      ...productSalesKey(productId),
      entity: INSIGHTS_ENTITIES.product,
      productId,
      units: n,
    })),
  );
  await replacePartition(
    ctx,
    PROMOTION_SALES_PK,
    Object.entries(total.promotions ?? {}).map(([promotionId, p]) => ({
      ...promotionSalesKey(promotionId),
      entity: INSIGHTS_ENTITIES.promotion,
      promotionId,
      ...p,
    })),
  );
  await writeAll(ctx, [
    {
      PutRequest: {
        Item: { ...ORDER_STATE_COUNTS_KEY, entity: INSIGHTS_ENTITIES.states, ...total.states },
      },
    },
  ]);
  return {
    touched: 0,
    summary: {
      orders: total.orders,
      days: days.length,
      products: units.length,
      marks: total.marks,
    },
  };
}

/**
 * A day's items in the aggregates' layout (docs/decisions/039-sales-summed-per-batch.md): its
 * totals, and one item per product sold with its units per colour.
 */
export function salesDayItems(d: SalesDay): Array<Record<string, unknown> & { sk: string }> {
  const colours = new Map<string, Record<string, number>>();
  for (const [key, n] of Object.entries(d.colours ?? {})) {
    const slash = key.indexOf("/");
    const productId = key.slice(0, slash);
    const own = colours.get(productId) ?? {};
    own[`${COLOUR_ATTRIBUTE_PREFIX}${key.slice(slash + 1)}`] = n;
    colours.set(productId, own);
  }
  return [
    {
      ...salesDayKey(d.day),
      entity: INSIGHTS_ENTITIES.day,
      day: d.day,
      revenueCents: d.revenueCents,
      orders: d.orders,
      items: d.items,
    },
    ...Object.entries(d.products).map(([productId, units]) => ({
      ...salesProductDayKey(d.day, productId),
      entity: INSIGHTS_ENTITIES.productDay,
      day: d.day,
      productId,
      units,
      ...colours.get(productId),
    })),
    ...Object.entries(d.promotions ?? {}).map(([promotionId, p]) => ({
      ...salesPromotionDayKey(d.day, promotionId),
      entity: INSIGHTS_ENTITIES.promotionDay,
      day: d.day,
      promotionId,
      ...p,
    })),
  ];
}

/** Adds a part's totals to `total`. */
function addTally(total: Tally, part: Tally) {
  total.orders += part.orders;
  total.marks += part.marks;
  for (const [state, n] of Object.entries(part.states)) {
    total.states[state as OrderState] = (total.states[state as OrderState] ?? 0) + n;
  }
  for (const [id, n] of Object.entries(part.units)) total.units[id] = (total.units[id] ?? 0) + n;
  total.promotions = addPromotionSales(total.promotions ?? {}, part.promotions ?? {});
  for (const [day, d] of Object.entries(part.days)) {
    const sales = total.days[day] ?? emptySalesDay(day);
    sales.revenueCents += d.revenueCents;
    sales.orders += d.orders;
    sales.items += d.items;
    for (const [id, n] of Object.entries(d.products)) {
      sales.products[id] = (sales.products[id] ?? 0) + n;
    }
    const colours = sales.colours ?? {};
    for (const [key, n] of Object.entries(d.colours ?? {})) colours[key] = (colours[key] ?? 0) + n;
    sales.colours = colours;
    sales.promotions = addPromotionSales(sales.promotions ?? {}, d.promotions ?? {});
    total.days[day] = sales;
  }
}

/** The transitions an order went through, each with when (the events it emitted). */
function transitionsOf(order: Order): Array<[string, string | undefined]> {
  return [
    ["placed", order.createdAt],
    ["paid", order.paidAt],
    ["shipped", order.shippedAt],
    ["delivered", order.deliveredAt],
    ["canceled", order.canceledAt],
  ];
}

export type WriteRequest =
  | { PutRequest: { Item: Record<string, unknown> } }
  | { DeleteRequest: { Key: Record<string, unknown> } };

/** Puts `items` into the partition `pk` and deletes every other item found there. */
async function replacePartition(
  ctx: Context,
  pk: string,
  items: Array<Record<string, unknown> & { sk: string }>,
): Promise<void> {
  const keep = new Set(items.map((item) => item.sk));
  const stale: WriteRequest[] = [];
  const pages = paginateQuery(
    { client: ctx.db, pageSize: 500 },
    {
      TableName: ctx.tableName,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": pk },
      ProjectionExpression: "pk, sk",
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      if (!keep.has(String(item.sk))) stale.push({ DeleteRequest: { Key: { pk, sk: item.sk } } });
    }
  }
  await writeAll(ctx, [...stale, ...items.map((Item) => ({ PutRequest: { Item } }))]);
}

/** Rounds of retries of items DynamoDB left unprocessed (throttling) before giving up. */
const UNPROCESSED_RETRIES = 5;

/** Writes `requests` 25 at a time, retrying what DynamoDB leaves unprocessed. */
export async function writeAll(ctx: Context, requests: WriteRequest[]): Promise<void> {
  for (let start = 0; start < requests.length; start += 25) {
    let batch = requests.slice(start, start + 25);
    for (let attempt = 0; batch.length > 0; attempt++) {
      if (attempt > UNPROCESSED_RETRIES) throw new Error("BatchWriteItem left items unprocessed");
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const { UnprocessedItems } = await ctx.db.send(
        new BatchWriteCommand({ RequestItems: { [ctx.tableName]: batch } }),
      );
      batch = (UnprocessedItems?.[ctx.tableName] ?? []) as WriteRequest[];
    }
  }
}

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
// A page's totals are ./rebuild-tally.server.ts; the aggregate items written and the partitions
// replaced are ./aggregate-writes.server.ts.
import { randomUUID } from "node:crypto";
import { paginateQuery } from "@aws-sdk/lib-dynamodb";
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
} from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { listAllOrders } from "../orders/orders.server.ts";
import { listAllReturns } from "../returns/reading.server.ts";
import { replacePartition, salesDayItems, writeAll } from "./aggregate-writes.server.ts";
import { INSIGHTS_ENTITIES, MARK_RETENTION_DAYS, markItem } from "./aggregates.server.ts";
import { dayOf, emptySalesDay } from "./figures.ts";
import { addTally, emptyTally, type Tally, tallyOrder } from "./rebuild-tally.server.ts";

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

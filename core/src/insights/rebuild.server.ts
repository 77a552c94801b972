// Recomputes the sales aggregates from the orders and the refunded returns
// (`npm run aggregates:rebuild`): once for the
// orders that existed before the aggregates, and as a repair. The orders are read page by page
// (Query gsi2 ORDERS, 100 at a time); only the totals per day and per product are held, never
// the orders. Then every aggregate item is replaced and stale ones deleted. It also writes the
// marks of the transitions recent enough to be delivered still, so an event that arrives after
// the rebuild does not count a second time what the rebuild counted.
//
// Events reacted to while it runs may be lost or doubled: run it when the shop is quiet, and
// again if in doubt (it always converges on what the orders say).
import { BatchWriteCommand, paginateQuery } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import {
  ORDER_STATE_COUNTS_KEY,
  PRODUCT_SALES_PK,
  productSalesKey,
  SALES_DAYS_PK,
  salesDayKey,
} from "../db/keys.ts";
import { orderSaleFacts } from "../orders/order-events.ts";
import { listAllOrders, type Order } from "../orders/orders.server.ts";
import { ORDER_STATES, type OrderState } from "../orders/state.ts";
import { listAllReturns } from "../returns/returns.server.ts";
import {
  chunksOf,
  countsAsSale,
  INSIGHTS_ENTITIES,
  MARK_RETENTION_DAYS,
  markItem,
} from "./aggregates.server.ts";
import { dayOf, productColourKey, type SalesDay } from "./figures.ts";

export interface RebuildSummary {
  orders: number;
  days: number;
  products: number;
  marks: number;
}

/** Orders read per page. */
const PAGE = 100;

export async function rebuildAggregates(
  ctx: Context,
  { now = new Date(), log = (_line: string) => {} } = {},
): Promise<RebuildSummary> {
  const timeZone = ctx.config.timeZone;
  const days = new Map<string, SalesDay>();
  const units = new Map<string, number>();
  const states = Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<OrderState, number>;
  const markSince = now.getTime() - MARK_RETENTION_DAYS * 24 * 3600 * 1000;
  let orders = 0;
  let marks = 0;
  let cursor: string | undefined;
  do {
    const page = await listAllOrders(ctx, { limit: PAGE, ...(cursor ? { cursor } : {}) });
    const pageMarks: Record<string, unknown>[] = [];
    for (const order of page.orders) {
      orders++;
      states[order.state] = (states[order.state] ?? 0) + 1;
      const facts = orderSaleFacts(order);
      if (countsAsSale(facts) && facts.paidAt) {
        const day = dayOf(facts.paidAt, timeZone);
        const sales = days.get(day) ?? emptyDay(day);
        sales.revenueCents += facts.totalCents;
        sales.orders += 1;
        for (const [id, n] of Object.entries(facts.units)) {
          sales.items += n;
          sales.products[id] = (sales.products[id] ?? 0) + n;
          units.set(id, (units.get(id) ?? 0) + n);
        }
        const colours = sales.colours ?? {};
        sales.colours = colours;
        for (const [id, counts] of Object.entries(facts.colours ?? {})) {
          for (const [colour, n] of Object.entries(counts)) {
            const key = productColourKey(id, colour);
            colours[key] = (colours[key] ?? 0) + n;
          }
        }
        days.set(day, sales);
      }
      const chunks = chunksOf(facts.units, facts.colours).length;
      for (const [transition, at] of transitionsOf(order)) {
        if (!at || Date.parse(at) < markSince) continue;
        for (let i = 0; i < chunks; i++) {
          pageMarks.push(markItem(order.id, `${transition}#${i}`, now));
        }
      }
    }
    await writeAll(
      ctx,
      pageMarks.map((Item) => ({ PutRequest: { Item } })),
    );
    marks += pageMarks.length;
    cursor = page.cursor;
    if (orders % 1000 < PAGE) log(`  ${orders} orders read`);
  } while (cursor);

  // Refunded returns come off the day they were refunded (as countReturnRefund does).
  let returnsCursor: string | undefined;
  do {
    const page = await listAllReturns(ctx, {
      state: "refunded",
      limit: PAGE,
      ...(returnsCursor ? { cursor: returnsCursor } : {}),
    });
    const pageMarks: Record<string, unknown>[] = [];
    for (const r of page.returns) {
      if (!r.refundedAt || r.refund.totalCents <= 0) continue;
      const day = dayOf(r.refundedAt, timeZone);
      const sales = days.get(day) ?? emptyDay(day);
      sales.revenueCents -= r.refund.totalCents;
      days.set(day, sales);
      if (Date.parse(r.refundedAt) >= markSince) {
        pageMarks.push(markItem(r.orderId, `refund-${r.rma}#0`, now));
      }
    }
    await writeAll(
      ctx,
      pageMarks.map((Item) => ({ PutRequest: { Item } })),
    );
    marks += pageMarks.length;
    returnsCursor = page.cursor;
  } while (returnsCursor);

  await replacePartition(
    ctx,
    SALES_DAYS_PK,
    [...days.values()].map((d) => ({ ...salesDayKey(d.day), entity: INSIGHTS_ENTITIES.day, ...d })),
  );
  await replacePartition(
    ctx,
    PRODUCT_SALES_PK,
    [...units].map(([productId, n]) => ({
      ...productSalesKey(productId),
      entity: INSIGHTS_ENTITIES.product,
      productId,
      units: n,
    })),
  );
  await writeAll(ctx, [
    {
      PutRequest: {
        Item: { ...ORDER_STATE_COUNTS_KEY, entity: INSIGHTS_ENTITIES.states, ...states },
      },
    },
  ]);
  return { orders, days: days.size, products: units.size, marks };
}

const emptyDay = (day: string): SalesDay => ({
  day,
  revenueCents: 0,
  orders: 0,
  items: 0,
  products: {},
  colours: {},
});

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

type WriteRequest =
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

async function writeAll(ctx: Context, requests: WriteRequest[]): Promise<void> {
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

// The admin's dashboard (docs/product.md §10 "Dashboard"), read from the aggregates only: one
// Query of the sales days (the last 60, both periods of every comparison, each with its products'
// items: the best sellers' units per colour), one GetItem of the orders per state, and the low-stock list (catalog's, the
// stock Query and the warm read model, whose names also serve the top products). A constant number of table calls, whatever the
// number of orders (core/src/db/README.md "Access patterns"). The promotions' figures are items of
// the sales days too (the same Query).
import { GetCommand, paginateQuery, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { type LowStockRow, listLowStock } from "../catalog/availability.server.ts";
import { lastSnapshot } from "../catalog/read-model.server.ts";
import type { Context } from "../context/index.server.ts";
import {
  ORDER_STATE_COUNTS_KEY,
  PROMOTION_SALES_PK,
  SALES_DAYS_PK,
  SALES_PRODUCT_INFIX,
  SALES_PROMOTION_INFIX,
  salesDayEnd,
} from "../db/keys.ts";
import { ORDER_STATES, type OrderState } from "../orders/state.ts";
import { COLOUR_ATTRIBUTE_PREFIX } from "./aggregates.server.ts";
import {
  addDays,
  comparePeriods,
  DAYS_READ,
  dayOf,
  emptySalesDay,
  type PeriodComparison,
  type PromotionSales,
  productColourKey,
  promotionsGiven,
  revenueByDay,
  type SalesDay,
  type TopProduct,
  topProducts,
} from "./figures.ts";

/** Rows of the low-stock list the dashboard shows (the whole list is /admin/stock). */
export const DASHBOARD_LOW_STOCK_ROWS = 10;
/** Days of the revenue chart and of the top products. */
export const CHART_DAYS = 30;

export interface Dashboard {
  /** Today in the shop's time zone (YYYY-MM-DD), and that zone. */
  today: string;
  timeZone: string;
  periods: PeriodComparison[];
  revenue: Array<{ day: string; revenueCents: number }>;
  states: Array<{ state: OrderState; count: number }>;
  /**
   * Most units sold over the chart's days, each split by colour; a deleted product has no name
   * or slug.
   */
  topProducts: Array<TopProduct & { name: string | null; slug: string | null }>;
  lowStock: LowStockRow[];
  lowStockTotal: number;
  /** Each promotion's paid orders and discount given over the chart's days, most first. */
  promotions: Array<PromotionSales & { id: string }>;
}

export async function loadDashboard(ctx: Context, now = new Date()): Promise<Dashboard> {
  const timeZone = ctx.config.timeZone;
  const today = dayOf(now, timeZone);
  const [days, states, lowStock] = await Promise.all([
    readSalesDays(ctx, addDays(today, 1 - DAYS_READ), today),
    readStateCounts(ctx),
    listLowStock(ctx),
  ]);
  // listLowStock has just loaded the catalogue: its names cost no further read.
  const top = topProducts(days, today, CHART_DAYS);
  const wanted = new Set(top.map((t) => t.productId));
  const found = new Map<string, { name: string; slug: string }>();
  for (const product of lastSnapshot(ctx)?.bySlug.values() ?? []) {
    if (wanted.has(product.id)) found.set(product.id, { name: product.name, slug: product.slug });
  }
  return {
    today,
    timeZone,
    periods: comparePeriods(days, today),
    revenue: revenueByDay(days, today, CHART_DAYS),
    states,
    topProducts: top.map((t) => ({
      ...t,
      name: found.get(t.productId)?.name ?? null,
      slug: found.get(t.productId)?.slug ?? null,
    })),
    lowStock: lowStock.slice(0, DASHBOARD_LOW_STOCK_ROWS),
    lowStockTotal: lowStock.length,
    promotions: promotionsGiven(days, today, CHART_DAYS),
  };
}

/**
 * The sales days from `from` to `to` (inclusive), oldest first: one Query of the days' totals
 * and their products' items, which sort right after their day (paged past 1 MB: a page holds
 * about 8,000 products' days, docs/decisions/039-sales-summed-per-batch.md).
 */
export async function readSalesDays(ctx: Context, from: string, to: string): Promise<SalesDay[]> {
  const days = new Map<string, SalesDay>();
  const dayNamed = (day: string) => {
    const found = days.get(day) ?? emptySalesDay(day);
    days.set(day, found);
    return found;
  };
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
        ExpressionAttributeValues: { ":pk": SALES_DAYS_PK, ":from": from, ":to": salesDayEnd(to) },
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      const sk = String(item.sk);
      const promo = sk.indexOf(SALES_PROMOTION_INFIX);
      if (promo >= 0) {
        const day = dayNamed(sk.slice(0, promo));
        const promotions = day.promotions ?? {};
        promotions[sk.slice(promo + SALES_PROMOTION_INFIX.length)] = promotionSalesOf(item);
        day.promotions = promotions;
        continue;
      }
      const at = sk.indexOf(SALES_PRODUCT_INFIX);
      if (at < 0) {
        Object.assign(dayNamed(sk), {
          revenueCents: Number(item.revenueCents ?? 0),
          orders: Number(item.orders ?? 0),
          items: Number(item.items ?? 0),
        });
        continue;
      }
      const day = dayNamed(sk.slice(0, at));
      const productId = sk.slice(at + SALES_PRODUCT_INFIX.length);
      const units = Number(item.units ?? 0);
      if (units !== 0) day.products[productId] = units;
      for (const [attribute, n] of Object.entries(item)) {
        if (!attribute.startsWith(COLOUR_ATTRIBUTE_PREFIX) || Number(n) === 0) continue;
        const colours = day.colours ?? {};
        colours[productColourKey(productId, attribute.slice(COLOUR_ATTRIBUTE_PREFIX.length))] =
          Number(n);
        day.colours = colours;
      }
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** How many orders are in each state, in the states' order. */
export async function readStateCounts(
  ctx: Context,
): Promise<Array<{ state: OrderState; count: number }>> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: ORDER_STATE_COUNTS_KEY }),
  );
  return ORDER_STATES.map((state) => ({ state, count: Number(Item?.[state] ?? 0) }));
}

function promotionSalesOf(item: Record<string, unknown>): PromotionSales {
  return {
    label: String(item.label ?? ""),
    ...(typeof item.code === "string" ? { code: item.code } : {}),
    orders: Number(item.orders ?? 0),
    discountCents: Number(item.discountCents ?? 0),
  };
}

/**
 * Each promotion's paid orders and discount given of all time, by promotion id (the admin's
 * promotions list): one Query of their partition, paged past 1 MB.
 */
export async function readPromotionSales(ctx: Context): Promise<Map<string, PromotionSales>> {
  const found = new Map<string, PromotionSales>();
  const pages = paginateQuery(
    { client: ctx.db },
    {
      TableName: ctx.tableName,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": PROMOTION_SALES_PK },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) found.set(String(item.sk), promotionSalesOf(item));
  }
  return found;
}

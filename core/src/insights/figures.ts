// The dashboard's figures from the sales days (docs/product.md §10 "Dashboard"): pure, so the
// browser-safe part of the area. A day is the shop's calendar day ("2026-11-05") in its time
// zone (SHOP_TIME_ZONE); the periods end today and are compared with the same number of days
// just before them.
import { namedColour } from "../catalog/variants.ts";

/** One day's sales as the aggregates keep them (core/src/insights/aggregates.server.ts). */
export interface SalesDay {
  day: string;
  revenueCents: number;
  /** Paid orders (an order cancelled or deleted since no longer counts). */
  orders: number;
  /** Units sold. */
  items: number;
  /** Units sold per product id. */
  products: Record<string, number>;
  /**
   * Units sold per product and colour, by productColourKey ("<productId>/navy"): the lines that
   * name a colour (none before colourways). Absent on a day kept before the colours were.
   */
  colours?: Record<string, number>;
  /** Paid orders and discount given per promotion id (none on a day kept before them). */
  promotions?: Record<string, PromotionSales>;
}

/**
 * A promotion's paid orders and the discount they were given (tax and delivery included), as
 * the paid orders recorded it: a cancelled order's taken back, a refunded return's not
 * (docs/product.md §9 "Discount given").
 */
export interface PromotionSales {
  /** As the latest order counted named it (a deleted promotion keeps its name here). */
  label: string;
  code?: string;
  orders: number;
  discountCents: number;
}

/** Adds `more` to the promotions of `into` (by id; the label of `more` wins). */
export function addPromotionSales(
  into: Record<string, PromotionSales>,
  more: Readonly<Record<string, PromotionSales>>,
): Record<string, PromotionSales> {
  for (const [id, p] of Object.entries(more)) {
    const own = into[id];
    into[id] = {
      label: p.label,
      ...(p.code ? { code: p.code } : {}),
      orders: (own?.orders ?? 0) + p.orders,
      discountCents: (own?.discountCents ?? 0) + p.discountCents,
    };
  }
  return into;
}

/**
 * Each promotion's paid orders and discount given over the `count` days ending today, most
 * discount first (ties by label); a promotion whose orders were all cancelled is left out.
 */
export function promotionsGiven(
  days: readonly SalesDay[],
  today: string,
  count = 30,
): Array<PromotionSales & { id: string }> {
  const map = byDay(days);
  const total: Record<string, PromotionSales> = {};
  for (const day of daysEnding(today, count)) {
    addPromotionSales(total, map.get(day)?.promotions ?? {});
  }
  return Object.entries(total)
    .filter(([, p]) => p.orders > 0 || p.discountCents > 0)
    .map(([id, p]) => ({ id, ...p }))
    .sort((a, b) => b.discountCents - a.discountCents || a.label.localeCompare(b.label));
}

/** A day with no sale yet. */
export const emptySalesDay = (day: string): SalesDay => ({
  day,
  revenueCents: 0,
  orders: 0,
  items: 0,
  products: {},
  colours: {},
});

/** A day's key of one product's units in one colour (product ids have no "/"). */
export const productColourKey = (productId: string, colour: string) => `${productId}/${colour}`;

/** One part of a best seller's units: a colour's name, or null for units of no named colour. */
export interface ColourUnits {
  name: string | null;
  units: number;
}

/** A best seller: its units over the period and their split by colour. */
export interface TopProduct {
  productId: string;
  units: number;
  /** The split by colour ("Navy 12 · Forest 7"): colourSplit's, empty when none is named. */
  colours: ColourUnits[];
}

/** What a row says for units of no named colour (docs/product.md §10 "Dashboard"). */
export const NO_COLOUR = "No colour";

/**
 * A product's units split by colour, most first (ties by name): each colour the palette names
 * (./catalog/variants.ts namedColour), then the units of no named colour (lines from before
 * colourways, and the "As shown" colourway, which is named nowhere) as one part, `name` null.
 * Empty when no colour is named: the product's units say it all.
 */
export function colourSplit(units: number, byColour: Record<string, number>): ColourUnits[] {
  const named = new Map<string, number>();
  for (const [colour, n] of Object.entries(byColour)) {
    const name = namedColour(colour);
    if (name) named.set(name, (named.get(name) ?? 0) + n);
  }
  const parts = [...named]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, n]) => ({ name, units: n }));
  if (parts.length === 0) return [];
  const unnamed = units - parts.reduce((total, part) => total + part.units, 0);
  return unnamed > 0 ? [...parts, { name: null, units: unnamed }] : parts;
}

/** "Navy 12 · Forest 7 · No colour 3". */
export const colourSplitText = (split: readonly ColourUnits[]) =>
  split.map((part) => `${part.name ?? NO_COLOUR} ${part.units}`).join(" · ");

export interface PeriodFigures {
  revenueCents: number;
  orders: number;
  items: number;
  /** Revenue per paid order, rounded to the cent; 0 without orders. */
  averageCents: number;
}

export interface PeriodComparison {
  label: string;
  days: number;
  current: PeriodFigures;
  previous: PeriodFigures;
}

export const PERIODS = [
  { label: "Today", days: 1 },
  { label: "Last 7 days", days: 7 },
  { label: "Last 30 days", days: 30 },
] as const;

/** The longest period and the one before it: what the dashboard reads. */
export const DAYS_READ = 2 * Math.max(...PERIODS.map((p) => p.days));

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function dayOf(instant: Date | string, timeZone: string): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const parts = new Intl.DateTimeFormat("en", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The day `n` days after `day` (before, for a negative `n`). */
export function addDays(day: string, n: number): string {
  const match = DAY.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + n));
  return date.toISOString().slice(0, 10);
}

/** The `count` days ending with `last`, oldest first. */
export function daysEnding(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(last, i - count + 1));
}

function sum(days: ReadonlyMap<string, SalesDay>, which: readonly string[]): PeriodFigures {
  let revenueCents = 0;
  let orders = 0;
  let items = 0;
  for (const day of which) {
    const found = days.get(day);
    if (!found) continue;
    revenueCents += found.revenueCents;
    orders += found.orders;
    items += found.items;
  }
  const averageCents = orders > 0 ? Math.round(revenueCents / orders) : 0;
  return { revenueCents, orders, items, averageCents };
}

const byDay = (days: readonly SalesDay[]) => new Map(days.map((d) => [d.day, d]));

/** Today, the last 7 and the last 30 days, each with the period just before it. */
export function comparePeriods(days: readonly SalesDay[], today: string): PeriodComparison[] {
  const map = byDay(days);
  return PERIODS.map(({ label, days: count }) => ({
    label,
    days: count,
    current: sum(map, daysEnding(today, count)),
    previous: sum(map, daysEnding(addDays(today, -count), count)),
  }));
}

/** The change from `previous` to `current` in percent (rounded), or null when there was none. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** Revenue of each of the `count` days ending today, oldest first (0 on a day without sales). */
export function revenueByDay(
  days: readonly SalesDay[],
  today: string,
  count = 30,
): Array<{ day: string; revenueCents: number }> {
  const map = byDay(days);
  return daysEnding(today, count).map((day) => ({
    day,
    revenueCents: map.get(day)?.revenueCents ?? 0,
  }));
}

/**
 * The products with the most units sold over the `count` days ending today, most first, each
 * with its units split by colour (colourSplit).
 */
export function topProducts(
  days: readonly SalesDay[],
  today: string,
  count = 30,
  limit = 10,
): TopProduct[] {
  const map = byDay(days);
  const units = new Map<string, number>();
  const colours = new Map<string, Record<string, number>>();
  for (const day of daysEnding(today, count)) {
    const found = map.get(day);
    for (const [productId, n] of Object.entries(found?.products ?? {})) {
      units.set(productId, (units.get(productId) ?? 0) + n);
    }
    for (const [key, n] of Object.entries(found?.colours ?? {})) {
      const slash = key.indexOf("/");
      if (slash < 0) continue;
      const own = colours.get(key.slice(0, slash)) ?? {};
      const colour = key.slice(slash + 1);
      own[colour] = (own[colour] ?? 0) + n;
      colours.set(key.slice(0, slash), own);
    }
  }
  return [...units]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([productId, n]) => ({
      productId,
      units: n,
      colours: colourSplit(n, colours.get(productId) ?? {}),
    }));
}

/** "05/11" of a day (the chart's axis; the shop's dates are dd/MM/yyyy). */
export function shortDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** "05/11/2026" of a day. */
export function longDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

// The dashboard's figures from the sales days (docs/product.md §10 "Dashboard"): pure, so the
// browser-safe part of the area. A day is the shop's calendar day ("2026-11-05") in its time
// zone (SHOP_TIME_ZONE); the periods end today and are compared with the same number of days
// just before them.

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
}

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

/** The products with the most units sold over the `count` days ending today, most first. */
export function topProducts(
  days: readonly SalesDay[],
  today: string,
  count = 30,
  limit = 10,
): Array<{ productId: string; units: number }> {
  const map = byDay(days);
  const units = new Map<string, number>();
  for (const day of daysEnding(today, count)) {
    for (const [productId, n] of Object.entries(map.get(day)?.products ?? {})) {
      units.set(productId, (units.get(productId) ?? 0) + n);
    }
  }
  return [...units]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([productId, n]) => ({ productId, units: n }));
}

/** "05/11" of a day (the chart's axis; the shop's dates are dd/MM/yyyy). */
export function shortDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** "05/11/2026" of a day. */
export function longDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

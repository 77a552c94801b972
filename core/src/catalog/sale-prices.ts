// The catalogue's prices at a moment (docs/product.md §9 "Markdowns"): the read model keeps each
// product's regular price and its sale (../pricing/markdown.ts); a request prices the summaries
// at its own time, so a sale starts and ends at its dates without a change to the catalogue.
// Pure. The priced array is remembered per catalogue array and per set of sales running, so the
// catalogue's sorted orders and answers (./query-sort.ts, ./query-answer.ts) are computed once
// per such set, not per request.
import { dayIn } from "../common/date-window.ts";
import { type Markdown, type ShownPrice, shownPrice } from "../pricing/markdown.ts";
import type { ProductSummary } from "./query.ts";

const priced = new WeakMap<readonly ProductSummary[], Map<string, readonly ProductSummary[]>>();
/** Sets of running sales remembered per catalogue array (a handful change in a day). */
const MAX_SETS = 8;

/**
 * The summaries with each product's price at `now`: `priceCents` the price it sells at, and,
 * while on sale, `compareAtCents` (its regular price) and `percentOff`. The same array when no
 * product has a sale. Never mutates `items`.
 */
export function pricedAt<T extends ProductSummary>(
  items: readonly T[],
  now: Date,
  timeZone: string,
): readonly T[] {
  const running: number[] = [];
  items.forEach((item, i) => {
    if (item.markdown && shownPrice(item, now, timeZone).compareAtCents !== undefined) {
      running.push(i);
    }
  });
  if (running.length === 0 && !items.some((item) => item.compareAtCents !== undefined)) {
    return items;
  }
  let sets = priced.get(items);
  if (!sets) {
    sets = new Map();
    priced.set(items, sets);
  }
  const key = running.join(",");
  const known = sets.get(key);
  if (known) return known as readonly T[];
  const on = new Set(running);
  const result = items.map((item, i) => {
    const { compareAtCents: _c, percentOff: _p, ...regular } = item;
    if (!on.has(i)) return regular as T;
    const price = shownPrice(item, now, timeZone);
    return { ...regular, ...price } as T;
  });
  if (sets.size >= MAX_SETS) sets.delete(sets.keys().next().value ?? "");
  sets.set(key, result);
  return result;
}

/**
 * A product as it sells at `now` (the cart's, the product page's): `priceCents` its price then,
 * and while on sale `compareAtCents` and `percentOff` (../pricing/markdown.ts `shownPrice`).
 */
export function productAt<T extends { priceCents: number; markdown?: Markdown }>(
  product: T,
  now: Date,
  timeZone: string,
): T & ShownPrice {
  return { ...product, ...shownPrice(product, now, timeZone) };
}

/**
 * The last day the price shown at `now` holds, for a product on sale with an end: its end day
 * (an instant's day in the shop's time zone). Search engines read it as the offer's
 * `priceValidUntil` (./product-json-ld.ts).
 */
export function saleLastDay(
  product: { priceCents: number; markdown?: Markdown },
  now: Date,
  timeZone: string,
): string | undefined {
  const endsAt = product.markdown?.endsAt;
  if (!endsAt || shownPrice(product, now, timeZone).compareAtCents === undefined) return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(endsAt) ? endsAt : dayIn(new Date(endsAt), timeZone);
}

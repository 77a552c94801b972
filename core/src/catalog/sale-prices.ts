// The catalogue's prices at a moment (docs/product.md §9 "Markdowns"): the read model keeps each
// product's regular price and its sale (../pricing/markdown.ts); a request prices the summaries
// at its own time, so a sale starts and ends at its dates without a change to the catalogue.
// Pure. Pricing is not done per request (docs/decisions/046-markdowns-priced-per-request.md):
// whether a sale runs depends on the moment only through the shop's day and which of the sales'
// exact instants have passed (../common/date-window.ts `dateWindow`), so per catalogue array the
// priced array is remembered per such "price period" (`pricePeriod`), and a request in a known
// period costs one day lookup and a binary search, whatever the catalogue size. The priced array
// is also remembered per set of sales running, so the catalogue's sorted orders and answers
// (./query-sort.ts, ./query-answer.ts) are computed once per such set, not per day.
import { dayIn } from "../common/date-window.ts";
import { type Markdown, type ShownPrice, shownPrice } from "../pricing/markdown.ts";
import type { ProductSummary } from "./query.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a catalogue array's pricing needs, read once per array. */
interface Sales {
  /** The indexes of the products with a sale (of any dates). */
  onSale: number[];
  /** Whether some summary is already priced (carries a compare-at price). */
  priced: boolean;
  /** The sales' exact instants (ms, ascending, distinct): a price may change at each. */
  instants: number[];
  /** The priced array per set of running sales (a handful change in a day). */
  bySet: Map<string, readonly ProductSummary[]>;
  /** The priced array per price period (see `pricePeriod`). */
  byPeriod: Map<string, readonly ProductSummary[]>;
}

const salesOf = new WeakMap<readonly ProductSummary[], Sales>();
/** Sets of running sales, and price periods, remembered per catalogue array. */
const MAX_SETS = 8;
const MAX_PERIODS = 16;

function sales(items: readonly ProductSummary[]): Sales {
  let known = salesOf.get(items);
  if (known) return known;
  const onSale: number[] = [];
  const instants = new Set<number>();
  items.forEach((item, i) => {
    if (!item.markdown) return;
    onSale.push(i);
    for (const end of [item.markdown.startsAt, item.markdown.endsAt]) {
      if (!end || DAY.test(end)) continue;
      const at = new Date(end).getTime();
      if (!Number.isNaN(at)) instants.add(at);
    }
  });
  known = {
    onSale,
    priced: items.some((item) => item.compareAtCents !== undefined),
    instants: [...instants].sort((a, b) => a - b),
    bySet: new Map(),
    byPeriod: new Map(),
  };
  salesOf.set(items, known);
  return known;
}

/** How many of the ascending `instants` are at or before `at`. */
function passed(instants: readonly number[], at: number): number {
  let low = 0;
  let high = instants.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((instants[middle] as number) <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The price period of `now` for these summaries: two moments with the same period price every
 * product alike. A sale's day-dates hold from a day's first moment in the shop's time zone, its
 * exact dates from their instant (`dateWindow`), so the period is the shop's day and the number
 * of the sales' instants passed.
 */
export function pricePeriod(items: readonly ProductSummary[], now: Date, timeZone: string): string {
  return `${timeZone} ${dayIn(now, timeZone)} ${passed(sales(items).instants, now.getTime())}`;
}

/**
 * The summaries with each product's price at `now`: `priceCents` the price it sells at, and,
 * while on sale, `compareAtCents` (its regular price) and `percentOff`. The same array when no
 * product has a sale, and the same one for every moment of a price period (`pricePeriod`).
 * Never mutates `items`.
 */
export function pricedAt<T extends ProductSummary>(
  items: readonly T[],
  now: Date,
  timeZone: string,
): readonly T[] {
  const known = sales(items);
  if (known.onSale.length === 0 && !known.priced) return items;
  const period = pricePeriod(items, now, timeZone);
  let result = known.byPeriod.get(period) as readonly T[] | undefined;
  if (!result) {
    result = pricedInPeriod(items, known, now, timeZone);
    if (known.byPeriod.size >= MAX_PERIODS) {
      known.byPeriod.delete(known.byPeriod.keys().next().value ?? "");
    }
    known.byPeriod.set(period, result);
  }
  return result;
}

/** `pricedAt` worked out: the products on sale priced one by one. */
function pricedInPeriod<T extends ProductSummary>(
  items: readonly T[],
  known: Sales,
  now: Date,
  timeZone: string,
): readonly T[] {
  const prices = new Map<number, ShownPrice>();
  for (const i of known.onSale) {
    const price = shownPrice(items[i] as T, now, timeZone);
    if (price.compareAtCents !== undefined) prices.set(i, price);
  }
  if (prices.size === 0 && !known.priced) return items;
  const key = [...prices.keys()].join(",");
  const same = known.bySet.get(key);
  if (same) return same as readonly T[];
  const result = items.map((item, i) => {
    const { compareAtCents: _c, percentOff: _p, ...regular } = item;
    const price = prices.get(i);
    return (price ? { ...regular, ...price } : regular) as T;
  });
  if (known.bySet.size >= MAX_SETS) known.bySet.delete(known.bySet.keys().next().value ?? "");
  known.bySet.set(key, result);
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

// The catalogue's sorts (docs/product.md §9 sorts): each catalogue array sorted once per sort and
// kept, so a query is one pass. Used by ./query-answer.ts.
import type { ProductSummary, SortId } from "./query.ts";

type SortKey = SortId;

/** Sorted copies of catalogue arrays, per sort; dropped with the array. Never handed out. */
const sortedCache = new WeakMap<readonly ProductSummary[], Map<SortKey, ProductSummary[]>>();

export function sortedBy(
  items: readonly ProductSummary[],
  sort: SortId | undefined,
): ProductSummary[] {
  const key: SortKey = sort === undefined || sort === "relevance" ? "newest" : sort;
  let bySort = sortedCache.get(items);
  if (!bySort) {
    bySort = new Map();
    sortedCache.set(items, bySort);
  }
  let sorted = bySort.get(key);
  if (!sorted || sorted.length !== items.length) {
    sorted = [...items].sort(comparator(key));
    bySort.set(key, sorted);
  }
  return sorted;
}

type Compare = (a: ProductSummary, b: ProductSummary) => number;

const collator = new Intl.Collator("en", { numeric: true });
const byId: Compare = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byName: Compare = (a, b) => collator.compare(a.name, b.name) || byId(a, b);

const offCents = (item: ProductSummary) =>
  item.compareAtCents === undefined ? 0 : item.compareAtCents - item.priceCents;

/** Every order ends on the id, so equal products keep a stable order across pages. */
function comparator(sort: SortKey): Compare {
  switch (sort) {
    case "price-asc":
      return (a, b) => a.priceCents - b.priceCents || byName(a, b);
    case "price-desc":
      return (a, b) => b.priceCents - a.priceCents || byName(a, b);
    case "name-asc":
      return byName;
    case "name-desc":
      return (a, b) => collator.compare(b.name, a.name) || byId(a, b);
    case "rating":
      return (a, b) => b.ratingAverage - a.ratingAverage || byName(a, b);
    case "discount":
      // The biggest share off first, then the most euros off; the rest by name.
      return (a, b) =>
        (b.percentOff ?? 0) - (a.percentOff ?? 0) || offCents(b) - offCents(a) || byName(a, b);
    case "newest":
    case "relevance":
      // Newest first; ISO-8601 UTC strings sort as text.
      return (a, b) =>
        a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : byId(a, b);
  }
}

// The catalogue query answered (./query.ts: what it is): filtered, sorted and paged over the
// product summaries, in memory, each answer remembered per catalogue array. The colour and size
// filters and their facets are ./query-facets.ts; the sorts ./query-sort.ts; a search is
// answered by the product search passed in (core/src/search, docs/decisions/021-search.md).
import type { SearchAnswer } from "../search/engine.ts";
import { normalizeSearch } from "../search/normalize.ts";
import type { Category } from "./categories.ts";
import {
  type CatalogPage,
  type CatalogQuery,
  PAGE_SIZE,
  type ProductSummary,
  priceBand,
} from "./query.ts";
import { colourFilter, facetsOf, inColour, listedColours, shownColour } from "./query-facets.ts";
import { sortedBy } from "./query-sort.ts";
import { COLOUR_WORDS } from "./search-colours.ts";

/**
 * Filters, sorts and pages the catalogue. The sorted order of `items` is computed once per
 * array and sort and reused (see `sortedBy`), so a query is one pass over the catalogue: fast at
 * 10,000 products; a query asked again is answered from memory (see `answerCache`). Pass a new
 * array for a new catalogue version; never mutate one in place, nor an answer.
 */
export function queryCatalog(
  items: readonly ProductSummary[],
  query: CatalogQuery,
  /**
   * The product search over `items` (core/src/search; search.server.ts passes its index of
   * the catalogue version). Without it a search finds nothing.
   */
  search?: (text: string) => SearchAnswer,
): CatalogPage {
  let answers = answerCache.get(items);
  if (!answers) {
    answers = new Map();
    answerCache.set(items, answers);
  }
  const key = JSON.stringify([
    query.category,
    query.price,
    query.sort,
    query.search,
    query.inStock,
    query.onSale,
    query.colour,
    query.family,
    query.size,
    query.page,
  ]);
  let answer = answers.get(key);
  if (!answer) {
    answer = runQuery(items, query, search);
    if (answers.size >= MAX_REMEMBERED_QUERIES) answers.delete(answers.keys().next().value ?? "");
    answers.set(key, answer);
  }
  return answer;
}

/**
 * Answers already computed for a catalogue array (so for one catalogue version), per query:
 * the same filter, search or page asked again costs a lookup, not a pass over the catalogue.
 * Bounded; dropped with the array. Answers are shared: callers never mutate them.
 */
const answerCache = new WeakMap<readonly ProductSummary[], Map<string, CatalogPage>>();
const MAX_REMEMBERED_QUERIES = 2000;

function runQuery(
  items: readonly ProductSummary[],
  query: CatalogQuery,
  search: ((text: string) => SearchAnswer) | undefined,
): CatalogPage {
  const band = query.price ? priceBand(query.price) : undefined;
  const minCents = band?.minCents ?? 0;
  const maxCents = band?.maxCents ?? Number.POSITIVE_INFINITY;
  const text = normalizeSearch(query.search);
  const answer = text ? (search?.(text) ?? NOTHING) : undefined;
  const found = answer ? new Set(answer.hits.map((hit) => hit.id)) : undefined;
  // A search is listed best first unless another order is asked for.
  const ordered =
    answer && answer.words.length > 0 && (query.sort === undefined || query.sort === "relevance")
      ? answer.hits.flatMap((hit) => summariesById(items).get(hit.id) ?? [])
      : sortedBy(items, query.sort);

  const present = new Set<Category>(items.map((item) => item.category));
  // The products the filters other than colour and size keep: the facets count within them.
  const base: ProductSummary[] = [];
  let onSale = 0;
  const chosen = colourFilter(query);
  for (const item of ordered) {
    if (query.category && item.category !== query.category) continue;
    if (band && (item.priceCents < minCents || item.priceCents >= maxCents)) continue;
    if (found && !found.has(item.id)) continue;
    if (query.inStock && item.soldOut) continue;
    // "On sale" counts within every other filter, colour and size included.
    const sale = item.compareAtCents !== undefined;
    if (sale && listedColours(item, chosen, query.size, query.inStock)) onSale++;
    if (query.onSale && !sale) continue;
    base.push(item);
  }
  const matches: ProductSummary[] = [];
  for (const item of base) {
    if (listedColours(item, chosen, query.size, query.inStock)) matches.push(item);
  }

  const total = matches.length;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(query.page) || 1), pageCount);
  const start = (page - 1) * PAGE_SIZE;
  const named = text && !chosen ? COLOUR_WORDS.named(text) : [];
  return {
    items: matches
      .slice(start, start + PAGE_SIZE)
      .map((item) => inColour(item, shownColour(item, chosen, named, query))),
    total,
    page,
    pageCount,
    categories: [...present].sort(),
    ...(answer?.suggestion && matches.length === 0 ? { suggestion: answer.suggestion } : {}),
    facets: { ...facetsOf(base, query), onSale },
  };
}
/** Products by id, per catalogue array; dropped with the array. */
const byIdCache = new WeakMap<readonly ProductSummary[], Map<string, ProductSummary>>();

/** The catalogue array's products by id, built once per array (shared: never mutate it). */
export function summariesById(items: readonly ProductSummary[]): Map<string, ProductSummary> {
  let map = byIdCache.get(items);
  if (!map) {
    map = new Map(items.map((item) => [item.id, item]));
    byIdCache.set(items, map);
  }
  return map;
}

const NOTHING: SearchAnswer = { hits: [], audiences: [], words: [] };

// The catalogue's pages and its search over the read model (./read-model.server.ts): a page of
// the catalogue filtered, sorted and searched in memory, and the navbar's live search, both on
// the snapshot of the catalogue version read now, with the search index of that version
// (docs/decisions/021-search.md).
import { shopNow } from "../context/clock.server.ts";
import type { Context } from "../context/index.server.ts";
import { highlight, type NamePart, normalizeSearch, type ProductSearch } from "../search/index.ts";
import { paletteColour } from "./palette.ts";
import type { CatalogPage, CatalogQuery, ProductSummary } from "./query.ts";
import { queryCatalog, summariesById } from "./query-answer.ts";
import { type CatalogSnapshot, catalogSnapshot } from "./read-model.server.ts";
import { pricedAt } from "./sale-prices.ts";
import { COLOUR_WORDS } from "./search-colours.ts";
import { indexProducts, publishedSearch } from "./search-index.server.ts";

/** A page of the catalogue, its prices those of `now` (sales: ./sale-prices.ts). */
export async function getCatalogPage(
  ctx: Context,
  query: CatalogQuery,
  now = shopNow(ctx),
): Promise<CatalogPage> {
  return catalogPageOf(ctx, await catalogSnapshot(ctx), query, now);
}

/** getCatalogPage on a snapshot already read (its automatic offers: ../promotions). */
export async function catalogPageOf(
  ctx: Context,
  snapshot: CatalogSnapshot,
  query: CatalogQuery,
  now: Date,
): Promise<CatalogPage> {
  const items = pricedAt(snapshot.items, now, ctx.config.timeZone);
  if (!query.search) return queryCatalog(items, query);
  const index = await searchFor(ctx, snapshot);
  return queryCatalog(items, query, (text) => index.search(text));
}

/**
 * A search that names a colour ("blue shirt") shows each product found in its first colourway of
 * that colour (docs/decisions/021-search.md "Colours"), not in the one the catalogue shows first:
 * the navy polo, not its green one; its `colour` opens its page on it. Copies: the snapshot's
 * summaries are shared. (The catalogue's own pages choose it in ./query-facets.ts.)
 */
function inColourSearched<T extends ProductSummary>(items: T[], search: string): T[] {
  const named = COLOUR_WORDS.named(search);
  if (named.length === 0) return items;
  return items.map((item) => {
    const way = item.colours.find((entry) => {
      const colour = paletteColour(entry.id);
      return colour !== undefined && COLOUR_WORDS.shows(colour, named);
    });
    if (!way) return item;
    const { imageSources: _first, ...rest } = item;
    return {
      ...rest,
      ...(way.imageUrl ? { imageUrl: way.imageUrl } : {}),
      ...(way.imageUrl && way.imageSources ? { imageSources: way.imageSources } : {}),
      ...(!way.imageUrl && item.imageSources ? { imageSources: item.imageSources } : {}),
      colour: way.id,
    } as T;
  });
}

/** Search indexes built in this process, one per snapshot (so per catalogue version). */
const builtIndexes = new WeakMap<CatalogSnapshot, ProductSearch>();

/**
 * The search over this catalogue version (docs/decisions/021-search.md): the published index
 * when it is of this version (or a later one); otherwise, in the few seconds between a change and
 * its index's publication (or when none is published), one built here from the snapshot, once
 * per version, so that search always finds what the catalogue shows.
 */
export async function searchFor(ctx: Context, snapshot: CatalogSnapshot): Promise<ProductSearch> {
  const published = await publishedSearch(ctx);
  if (published && published.catalogVersion >= snapshot.version) return published.search;
  let built = builtIndexes.get(snapshot);
  if (!built) {
    built = indexProducts(snapshot.bySlug.values());
    builtIndexes.set(snapshot, built);
  }
  return built;
}

/** A live search's product: its summary and its name with the matched words marked. */
export interface LiveSearchItem extends ProductSummary {
  nameParts: NamePart[];
}

export interface LiveSearch {
  /** The text searched, normalised (docs/product.md §5 "Search"). */
  search: string;
  /** Every product found (the live list shows the first few). */
  total: number;
  items: LiveSearchItem[];
}

/** The navbar's live search: the best `limit` products for the text, best first. */
export async function liveSearch(ctx: Context, text: string, limit: number): Promise<LiveSearch> {
  const search = normalizeSearch(text) ?? "";
  if (search === "") return { search, total: 0, items: [] };
  const snapshot = await catalogSnapshot(ctx);
  const index = await searchFor(ctx, snapshot);
  // Priced now: the same array while the same sales run (./sale-prices.ts).
  const priced = pricedAt(snapshot.items, shopNow(ctx), ctx.config.timeZone);
  // The same text asked again of this version, its prices and index is a lookup, as the
  // catalogue's are.
  let answers = liveAnswers.get(priced);
  if (!answers || answers.index !== index) {
    answers = { index, byKey: new Map() };
    liveAnswers.set(priced, answers);
  }
  const key = `${limit}\n${search}`;
  const known = answers.byKey.get(key);
  if (known) return known;
  const answer = index.search(search);
  const byId = summariesById(priced);
  const items: LiveSearchItem[] = [];
  for (const hit of answer.hits) {
    if (items.length >= limit) break;
    const item = byId.get(hit.id);
    if (item) items.push({ ...item, nameParts: highlight(item.name, hit.terms) });
  }
  const live: LiveSearch = {
    search,
    total: answer.hits.length,
    items: inColourSearched(items, search),
  };
  if (answers.byKey.size >= MAX_LIVE_ANSWERS) {
    answers.byKey.delete(answers.byKey.keys().next().value ?? "");
  }
  answers.byKey.set(key, live);
  return live;
}

/** Live-search answers per priced catalogue and index (bounded; dropped with them). Never mutated. */
const liveAnswers = new WeakMap<
  readonly ProductSummary[],
  { index: ProductSearch; byKey: Map<string, LiveSearch> }
>();
const MAX_LIVE_ANSWERS = 2000;

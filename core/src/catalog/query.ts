// The catalogue query (docs/product.md §2 "/product", §5 "Search", §9 sorts, price filters, page size;
// docs/product.md §9 "Price filters", "Colours", "Sizes"): filter by category, price band, colour
// (a family or one colour), size (in stock) and name, sort, and page 12 at a time; each colour and
// size offered with the number of products it would list.
// Pure and in memory, so it runs over a cached read model of product summaries. A search is
// answered by the product search (core/src/search, docs/decisions/021-search.md).
import type { Markdown } from "../pricing/markdown.ts";
import type { SearchAnswer } from "../search/engine.ts";
import { normalizeSearch, SEARCH_TEXT_MAX_LENGTH } from "../search/normalize.ts";
import { type Category, categoryFromSlug, categorySlug } from "./categories.ts";
import {
  COLOUR_FAMILIES,
  COLOUR_IDS,
  type ColourFamily,
  isColourFamily,
  isColourId,
} from "./colour-ids.ts";
import type { ImageSources } from "./image-variants.ts";
import { colourInStock, variantInStock } from "./in-stock.ts";
import { familyName, PALETTE, paletteColour } from "./palette.ts";
import { PHOTO_PARAM } from "./photos.ts";
import { COLOUR_WORDS } from "./search-colours.ts";
import { isSizeTag, SCALE_TAGS, SIZE_SCALE_IDS, type SizeScaleId } from "./size-tags.ts";
import { SIZE_SCALES } from "./sizes.ts";
import { parseVariantKey } from "./variants.ts";

/** One colourway on a card: its swatch, and its first photo (the card shows it in that colour). */
export interface SummaryColour {
  /** A palette id ("navy"), or AS_SHOWN's ("as-shown": no swatch, ./variants.ts). */
  id: string;
  name: string;
  swatch: string;
  imageUrl?: string;
  imageSources?: ImageSources;
}

export interface ProductSummary {
  id: string;
  slug: string;
  name: string;
  category: Category;
  /** "dresses" (./product-type.ts); none on products saved before types. */
  productType?: string;
  /** Its regular price; once priced at a moment (./sale-prices.ts), the price it sells at. */
  priceCents: number;
  /** Its sale, with its dates (../pricing/markdown.ts). */
  markdown?: Markdown;
  /** Once priced, while on sale: the regular price, shown struck through. */
  compareAtCents?: number;
  /** Once priced, while on sale: whole percent off ("−33%"). */
  percentOff?: number;
  imageUrl: string;
  /** The picture's AVIF and WebP variants, once stored (./image-variants.ts). */
  imageSources?: ImageSources;
  /** Average rating, 0 when there are no reviews. */
  ratingAverage: number;
  ratingCount: number;
  /** No offered size has a unit left. */
  soldOut: boolean;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** Its colourways in the shop's order (the first is the card's picture). */
  colours: SummaryColour[];
  /** The keys of its variants in stock ("navy/M"), kept by ./availability.server.ts. */
  inStock: readonly string[];
  /**
   * The colourway the card shows, when a colour filter or a search naming a colour chose it
   * (`queryCatalog`): its picture is that colourway's first photo and its link opens on it.
   */
  colour?: string;
  /** The photo shown (1-based), when it is not the first: the product's page opens on it too. */
  photo?: number;
}

export const PAGE_SIZE = 12;
export const SEARCH_MAX_LENGTH = SEARCH_TEXT_MAX_LENGTH;
export { normalizeSearch };

/** Bounds are lower-inclusive and upper-exclusive; "Under 25" works (docs/product.md §9 "Price filters"). */
export const PRICE_BANDS = [
  { id: "under-25", label: "Under 25", minCents: 0, maxCents: 2500 },
  { id: "25-50", label: "25 to 50", minCents: 2500, maxCents: 5000 },
  { id: "50-100", label: "50 to 100", minCents: 5000, maxCents: 10_000 },
  { id: "100-200", label: "100 to 200", minCents: 10_000, maxCents: 20_000 },
  { id: "200-plus", label: "200 and above", minCents: 20_000, maxCents: null },
] as const satisfies readonly PriceBand[];

export interface PriceBand {
  id: string;
  label: string;
  minCents: number;
  /** null: no upper bound. */
  maxCents: number | null;
}

export type PriceBandId = (typeof PRICE_BANDS)[number]["id"];

/**
 * Sort options. Without one, a search lists the best matches first ("relevance") and the
 * catalogue otherwise the newest products first ("newest"); relevance without a search is the
 * newest first.
 */
export const SORTS = [
  { id: "relevance", label: "Relevance" },
  { id: "newest", label: "Newest" },
  { id: "price-asc", label: "Price: low to high" },
  { id: "price-desc", label: "Price: high to low" },
  { id: "name-asc", label: "Name: A to Z" },
  { id: "name-desc", label: "Name: Z to A" },
  { id: "rating", label: "Best rating" },
  { id: "discount", label: "Biggest discount" },
] as const;

export type SortId = (typeof SORTS)[number]["id"];

/**
 * The URL parameters: ?category=men&price=25-50&family=blue&size=M&sort=price-asc&search=shirt&page=2
 * (docs/product.md §2 "Catalogue"). A colour filter is a family (`?family=blue`) or one colour of
 * the palette (`?colour=navy`, as the product page reads it); `?colour=blue`, a family's name that
 * is no palette colour, reads as the family. Both at once: the colour.
 */
export interface CatalogQuery {
  category?: Category;
  price?: PriceBandId;
  /** A colour family: a colourway of any of its colours. */
  family?: ColourFamily;
  /** One palette colour (its id). */
  colour?: string;
  /** A size tag of any scale (./sizes.ts): some colour (of the colour filter) in that size in stock. */
  size?: string;
  sort?: SortId;
  search?: string;
  /** "In stock only": leave out products with no size left. */
  inStock?: boolean;
  /** "On sale": only products sold below their regular price now (`?sale=on`). */
  onSale?: boolean;
  page: number;
}

export interface CatalogPage {
  items: ProductSummary[];
  /** Number of products matching the filters (all pages). */
  total: number;
  /** The page shown, clamped to 1..pageCount. */
  page: number;
  /** At least 1, even when nothing matches. */
  pageCount: number;
  /** Categories present in the whole catalogue (not the filtered one), alphabetically. */
  categories: Category[];
  /** A search that matched nothing: a corrected search that would ("Did you mean …?"). */
  suggestion?: string;
  /** The colour and size filters' values, each with the products it would list. */
  facets: CatalogFacets;
}

/**
 * The colour filter's families (in COLOUR_FAMILIES' order) with their colours (palette order),
 * and the size filter's sizes grouped by scale (in the scale's order), each with the number of
 * products it would list given the other filters. A value that would list none is left out,
 * unless it is the one chosen.
 */
export interface CatalogFacets {
  families: FamilyFacet[];
  sizes: ScaleFacet[];
  /** The family whose colours the filter shows open: the one chosen, or the chosen colour's. */
  open?: ColourFamily;
  /** How many products "On sale" would list given the other filters. */
  onSale: number;
}

export interface FamilyFacet {
  family: ColourFamily;
  name: string;
  count: number;
  colours: Array<{ id: string; name: string; swatch: string; count: number }>;
}

export interface ScaleFacet {
  scale: SizeScaleId;
  /** The group's heading: "Adult", "Waist", "Kids", "Baby", "Socks", "One size". */
  name: string;
  sizes: Array<{ tag: string; label: string; name: string; count: number }>;
}

/** The size filter's group headings. */
export const SCALE_HEADINGS: Readonly<Record<SizeScaleId, string>> = {
  adult: "Adult",
  waist: "Waist",
  kids: "Kids",
  baby: "Baby",
  socks: "Socks",
  "one-size": "One size",
};

export function priceBand(id: PriceBandId): PriceBand {
  const band = PRICE_BANDS.find((candidate) => candidate.id === id);
  if (!band) throw new RangeError(`Unknown price band ${id}`);
  return band;
}

export function isPriceBandId(value: unknown): value is PriceBandId {
  return PRICE_BANDS.some((band) => band.id === value);
}

export function isSortId(value: unknown): value is SortId {
  return SORTS.some((sort) => sort.id === value);
}

const exactly = (values: readonly string[]) =>
  new RegExp(
    `^(?:${values.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`,
  );

/**
 * The values the catalogue reads of `?colour=` (a palette id, or a family's name), `?family=` and
 * `?size=` (a size tag of any scale): the edge keeps only these in a page's cache key
 * (web/server/edge-query.ts, docs/decisions/018-edge-cache.md "The cache key").
 */
// Pure, with their arguments: the browser, which does not read them, drops them from its bundle.
export const CATALOG_COLOUR_VALUE = /* @__PURE__ */ (() =>
  exactly([...COLOUR_IDS, ...COLOUR_FAMILIES]))();
export const CATALOG_FAMILY_VALUE = /* @__PURE__ */ (() => exactly(COLOUR_FAMILIES))();
export const CATALOG_SIZE_VALUE = /* @__PURE__ */ (() =>
  exactly(SIZE_SCALE_IDS.flatMap((scale) => SCALE_TAGS[scale])))();

/** Reads the catalogue query from a URL; anything unknown or malformed is ignored. */
export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  const query: CatalogQuery = { page: parsePage(params.get("page")) };
  const category = categoryFromSlug(params.get("category"));
  if (category) query.category = category;
  const price = params.get("price");
  if (isPriceBandId(price)) query.price = price;
  const sort = params.get("sort");
  if (isSortId(sort)) query.sort = sort;
  const search = normalizeSearch(params.get("search"));
  if (search) query.search = search;
  if (params.get("stock") === "in") query.inStock = true;
  if (params.get("sale") === "on") query.onSale = true;
  const colour = params.get("colour");
  const family = params.get("family");
  if (isColourId(colour)) query.colour = colour;
  else if (isColourFamily(colour)) query.family = colour;
  else if (isColourFamily(family)) query.family = family;
  const size = params.get("size");
  if (isSizeTag(size)) query.size = size;
  return query;
}

/**
 * A product's page, opening on the colourway its card shows when a filter or a search chose one
 * (`?colour=navy`), or else on the photo a search picked.
 */
export function productHref(product: Pick<ProductSummary, "slug" | "photo" | "colour">): string {
  const page = `/product/${product.slug}`;
  if (product.colour) return `${page}?colour=${encodeURIComponent(product.colour)}`;
  return product.photo ? `${page}?${PHOTO_PARAM}=${product.photo}` : page;
}

/** A product's page opened on one of its colours (a card's swatch). */
export function colourHref(slug: string, colour: string): string {
  return `/product/${slug}?colour=${encodeURIComponent(colour)}`;
}

/** The inverse of parseCatalogQuery, for links: defaults (no filter, page 1) are left out. */
export function catalogQueryToSearchParams(query: Partial<CatalogQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.category) params.set("category", categorySlug(query.category));
  if (query.price) params.set("price", query.price);
  if (query.sort) params.set("sort", query.sort);
  const search = normalizeSearch(query.search);
  if (search) params.set("search", search);
  if (query.inStock) params.set("stock", "in");
  if (query.onSale) params.set("sale", "on");
  if (query.colour) params.set("colour", query.colour);
  else if (query.family) params.set("family", query.family);
  if (query.size) params.set("size", query.size);
  if (query.page && query.page > 1) params.set("page", String(Math.floor(query.page)));
  return params;
}

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

/** Does this colour pass the colour filter? undefined: no colour filter. */
type ColourTest = ((colour: string) => boolean) | undefined;

function colourFilter(query: Pick<CatalogQuery, "colour" | "family">): ColourTest {
  const { colour, family } = query;
  if (colour) return (id) => id === colour;
  if (family) return (id) => paletteColour(id)?.families.includes(family) === true;
  return undefined;
}

/**
 * The product's colours that list it under these filters, in its order, or null when none does
 * (docs/product.md §2 "Catalogue"): with a size, a colour (of the colour filter) in that size in
 * stock, the same variant; with "In stock only", a colour with some size in stock; else a
 * colourway of the colour filter.
 */
function listedColours(
  item: ProductSummary,
  chosen: ColourTest,
  size: string | undefined,
  inStockOnly: boolean | undefined,
): string[] | null {
  const listed: string[] = [];
  for (const { id } of item.colours) {
    if (chosen && !chosen(id)) continue;
    if (
      size
        ? !variantInStock(item.inStock, id, size)
        : inStockOnly && !colourInStock(item.inStock, id)
    ) {
      continue;
    }
    listed.push(id);
  }
  return listed.length > 0 ? listed : null;
}

/**
 * The colourway a listed product's card shows: the first its colour filter lists; else the first
 * of those a search names ("blue polo": the navy one); else, under a size or "In stock only", the
 * first that has it when the product's first colour does not. undefined: its first picture.
 */
function shownColour(
  item: ProductSummary,
  chosen: ColourTest,
  named: readonly string[],
  query: CatalogQuery,
): string | undefined {
  const listed = listedColours(item, chosen, query.size, query.inStock) ?? [];
  if (chosen) return listed[0];
  if (named.length > 0) {
    const colour = listed.find((id) => {
      const entry = paletteColour(id);
      return entry !== undefined && COLOUR_WORDS.shows(entry, named);
    });
    if (colour) return colour;
  }
  return listed[0] !== undefined && listed[0] !== item.colours[0]?.id ? listed[0] : undefined;
}

/** The card in this colour: that colourway's first photo, and its link opens on the colour. */
function inColour(item: ProductSummary, colour: string | undefined): ProductSummary {
  const way = colour ? item.colours.find((entry) => entry.id === colour) : undefined;
  if (!way) return item;
  const { imageSources: _first, photo: _photo, ...rest } = item;
  const image = way.imageUrl
    ? { imageUrl: way.imageUrl, ...(way.imageSources ? { imageSources: way.imageSources } : {}) }
    : {
        imageUrl: item.imageUrl,
        ...(item.imageSources ? { imageSources: item.imageSources } : {}),
      };
  return { ...rest, ...image, colour: way.id };
}

/**
 * The colour and size filters' values over `base` (the products the other filters keep): a
 * colour or family counts the products it would list with the size chosen, a size those it would
 * list with the colour chosen.
 */
function facetsOf(
  base: readonly ProductSummary[],
  query: CatalogQuery,
): Omit<CatalogFacets, "onSale"> {
  const byColour = new Map<string, number>();
  const byFamily = new Map<ColourFamily, number>();
  const bySize = new Map<string, number>();
  const chosen = colourFilter(query);
  const families = new Set<ColourFamily>();
  const sizes = new Set<string>();
  for (const item of base) {
    families.clear();
    for (const id of listedColours(item, undefined, query.size, query.inStock) ?? []) {
      const entry = paletteColour(id);
      if (!entry) continue;
      byColour.set(id, (byColour.get(id) ?? 0) + 1);
      for (const family of entry.families) families.add(family);
    }
    for (const family of families) byFamily.set(family, (byFamily.get(family) ?? 0) + 1);
    sizes.clear();
    for (const key of item.inStock) {
      const variant = parseVariantKey(key);
      if (variant && (!chosen || chosen(variant.colour))) sizes.add(variant.size);
    }
    for (const size of sizes) bySize.set(size, (bySize.get(size) ?? 0) + 1);
  }
  const familyFacets: FamilyFacet[] = [];
  for (const family of COLOUR_FAMILIES) {
    const count = byFamily.get(family) ?? 0;
    if (
      count === 0 &&
      query.family !== family &&
      paletteColour(query.colour)?.families[0] !== family
    ) {
      continue;
    }
    familyFacets.push({
      family,
      name: familyName(family),
      count,
      colours: PALETTE.filter((entry) => entry.families.includes(family))
        .filter((entry) => (byColour.get(entry.id) ?? 0) > 0 || entry.id === query.colour)
        .map(({ id, name, swatch }) => ({ id, name, swatch, count: byColour.get(id) ?? 0 })),
    });
  }
  const scaleFacets: ScaleFacet[] = [];
  for (const scale of SIZE_SCALE_IDS) {
    const offered = SIZE_SCALES[scale].sizes
      .filter(({ tag }) => (bySize.get(tag) ?? 0) > 0 || tag === query.size)
      .map(({ tag, label, name }) => ({ tag, label, name, count: bySize.get(tag) ?? 0 }));
    if (offered.length > 0)
      scaleFacets.push({ scale, name: SCALE_HEADINGS[scale], sizes: offered });
  }
  const open = query.family ?? paletteColour(query.colour)?.families[0];
  return { families: familyFacets, sizes: scaleFacets, ...(open ? { open } : {}) };
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

type SortKey = SortId;

/** Sorted copies of catalogue arrays, per sort; dropped with the array. Never handed out. */
const sortedCache = new WeakMap<readonly ProductSummary[], Map<SortKey, ProductSummary[]>>();

function sortedBy(items: readonly ProductSummary[], sort: SortId | undefined): ProductSummary[] {
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

function parsePage(value: string | null): number {
  if (!value || !/^\d+$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

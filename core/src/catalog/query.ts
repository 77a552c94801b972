// The catalogue query (docs/product.md §2 "/product", §5 "Search", §9 sorts, price filters, page size;
// docs/product.md §9 "Price filters", "Colours", "Sizes"): filter by category, price band, colour
// (a family or one colour), size (in stock) and name, sort, and page 12 at a time; each colour and
// size offered with the number of products it would list.
// Pure and in memory, so it runs over a cached read model of product summaries. A search is
// answered by the product search (core/src/search, docs/decisions/021-search.md).
// This file is what the query is and its URL (parsed, and written back for links); it is answered
// by ./query-answer.ts, which filters with ./query-facets.ts and sorts with ./query-sort.ts.
import type { Markdown } from "../pricing/markdown.ts";
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
import { PHOTO_PARAM } from "./photos.ts";
import { isSizeTag, SCALE_TAGS, SIZE_SCALE_IDS, type SizeScaleId } from "./size-tags.ts";

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

function parsePage(value: string | null): number {
  if (!value || !/^\d+$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

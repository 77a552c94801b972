// What to purge from the edge cache when the table changes (docs/decisions/018-edge-cache.md,
// "Purge on change"): from one batch of the table's stream records, the storefront paths whose
// cached copies may now be wrong, deduplicated, for one CloudFront invalidation.
//
// What counts (docs/architecture.md §2, core/src/db/README.md):
// - a product item (`PRODUCT#<id>` / `PRODUCT`) created, changed or deleted: its page, the
//   catalogue in every query variant, the search API and the sitemap (each product's `lastmod` is
//   its `updatedAt`, so any change is a sitemap change). Reviews change the product's rating
//   counters in the review's own transaction, the sold-out flag is set on the product by the
//   `stock.changed` reaction, and image variants are written onto the product: all arrive here as
//   a product record;
// - a slug claim (`SLUG#<slug>`) put or deleted: a product renamed, created or deleted. Its key
//   names the slug, so the old address of a renamed or deleted product is purged even though the
//   stream carries new images only (a deleted item's record has its keys and nothing else);
// - a stock item (`PRODUCT#<id>` / `STOCK`) whose counts change a size's label on the product
//   page ("Only N left", "Out of stock": core/src/inventory): exactly when a label differs
//   between the counts before and after. This table's stream carries new images only, so the
//   counts before are the item's own `previousCounts`, which every change of the counts writes
//   in the same update (core/src/inventory/stock.server.ts); an old image, where a stream has
//   one, serves as well. An item written before `previousCounts` existed purges when some size
//   is at or under the threshold, where every count is shown. The page is named by the stock
//   item's `slug` or by a product record of the same batch; a stock item without either is
//   skipped and reported (`unresolved`);
// - a shard of a product's stock spread for a sale (`PRODUCT#<id>#STOCK#<n>` / `STOCK`, or the
//   product's stock item saying `shards`; docs/decisions/043-stock-shards.md): the page shows the
//   sum of the shards, which one record cannot tell. A label can change only when the sum is at
//   or under the threshold before or after, and then so is every shard of that variant, so the
//   page purges when a changed variant's count on the shard is at or under the threshold before
//   or after: a sale with plenty left on every shard purges nothing. (A shard below zero, after a
//   payment that came after its order expired, breaks that bound: such a page may keep its label
//   until its s-maxage.)
// - automatic offers show on the cards and the pages of the products they target
//   (../promotions/shown-offers.ts). An offer's own item purges nothing (every order that uses a
//   limited offer writes it); its creation and deletion, and the scheduled run at its start and
//   end, put the offer-pages item (`OFFERS` / `PAGES`, ../db/offer-pages.ts), which names the
//   products (`slugs`) or all of them (`allProducts`): their pages and the catalogue's are
//   purged, not the sitemap (no `lastmod` changes). Codes show on no public page. Every other
//   item is not shown on a cached page.
//
// How CloudFront reads an invalidation path (its developer guide, "What you need to know when
// invalidating files" and "Concurrent invalidation request maximum"):
// - a path begins with "/", is case sensitive, at most 4,000 characters, URL-encoded beyond
//   ASCII (our slugs are [a-z0-9-]);
// - `*` stands for zero or more characters only as the LAST character (anywhere else it is a
//   literal), so it is a prefix match: `/product*` would purge every product page, and
//   `/product/shirt*` would purge `/product/shirt-blue` too;
// - with query strings in the cache key (the site's behaviour keys on them), a path without a
//   query string purges only the copy without one; `/p?a=1` purges that variant, and `/p?*`
//   every variant with a query string and nothing else;
// - at most 15 wildcard paths may be in progress at once per distribution (3,000 exact ones),
//   and a wildcard path is billed as one path.
// Remix's single fetch (v3_singleFetch) asks for a page's data at `<path>.data` (the query string
// kept, `_routes=` added when a route opts out of revalidation). So a product's page is
// `/product/<slug>`, `/product/<slug>?*`, `/product/<slug>.data`, `/product/<slug>.data?*` (two
// wildcards); the catalogue `/product`, `/product/` (the guide advises both forms of a folder),
// `/product?*` and `/product.data*` (nothing else starts with `/product.data`); the search API `/api/search*` (its
// data URL included); the sitemap `/sitemap.xml` and its parts `/sitemap/*`.
// Past WILDCARD_BUDGET wildcard paths in one invalidation (more than four products changed in one batch),
// the product pages collapse into one `/product/*`: every product page is purged, a lesser evil
// than an invalidation CloudFront refuses.
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { isSlug } from "../catalog/slug.ts";
import { OFFER_PAGES_KEY } from "../db/keys.ts";
import { OFFER_PAGES_ENTITY } from "../db/offer-pages.ts";
import { availabilityLabel, sizeAvailability } from "../inventory/stock.ts";

/** A stream record as Lambda and DynamoDB Streams give it (only the fields read here). */
export interface ChangeRecord {
  eventName?: string;
  dynamodb?: {
    Keys?: Record<string, AttributeValue>;
    NewImage?: Record<string, AttributeValue>;
    OldImage?: Record<string, AttributeValue>;
  };
}

/** The item kinds whose changes can purge a page. */
export const PURGING_ENTITIES = ["product", "slugClaim", "stock", OFFER_PAGES_ENTITY] as const;
/** A deleted slug claim's record carries its keys only (the stream has new images). */
export const RELEASED_SLUG_PREFIX = "SLUG#";

/**
 * The records the purge function is given: the dispatcher forwards these to the purge's queue
 * (docs/decisions/042-two-stream-readers.md), its event source mapping's filters
 * (stacks/functions.ts) and the local cloud's delivery apply this same rule.
 */
export function isPurgeCandidate(record: ChangeRecord): boolean {
  const entity = record.dynamodb?.NewImage?.entity;
  if (entity && "S" in entity && (PURGING_ENTITIES as readonly string[]).includes(entity.S ?? "")) {
    return true;
  }
  const pk = record.dynamodb?.Keys?.pk;
  return (
    record.eventName === "REMOVE" &&
    Boolean(pk && "S" in pk && pk.S?.startsWith(RELEASED_SLUG_PREFIX))
  );
}

/** Wildcard paths one invalidation may carry: CloudFront allows 15 in progress at once. */
export const WILDCARD_BUDGET = 12;
/** CloudFront's maximum of exact paths in progress at once, per distribution. */
export const MAX_PATHS = 3000;

export const CATALOGUE_PATHS = [
  "/product",
  "/product/",
  "/product?*",
  "/product.data*",
  "/api/search*",
] as const;
export const SITEMAP_PATHS = ["/sitemap.xml", "/sitemap/*"] as const;
/** Every product page at once (only past the wildcard budget). */
export const ALL_PRODUCT_PAGES = "/product/*";

/** A product page and its data, in every query variant, and nothing of another product. */
export const productPaths = (slug: string) => [
  `/product/${slug}`,
  `/product/${slug}?*`,
  `/product/${slug}.data`,
  `/product/${slug}.data?*`,
];

export interface Purge {
  /** The paths to invalidate, sorted; empty when nothing cached changed. */
  paths: string[];
  /** Product ids whose stock changed a label but whose page could not be named. */
  unresolved: string[];
}

type Item = Record<string, unknown>;
const image = (attrs: Record<string, AttributeValue> | undefined): Item | undefined =>
  attrs ? (unmarshall(attrs) as Item) : undefined;

/** The paths to purge for one stream batch (see the header). */
export function pathsToPurge(
  records: readonly ChangeRecord[],
  options: { lowStockThreshold: number },
): Purge {
  const slugs = new Set<string>();
  let catalogue = false;
  let sitemap = false;
  let allProducts = false;
  const slugOfProduct = new Map<string, string>();
  const stockChanged: Array<{ productId: string; slug?: string }> = [];

  for (const record of records) {
    const keys = image(record.dynamodb?.Keys) ?? {};
    const after = image(record.dynamodb?.NewImage);
    const before = image(record.dynamodb?.OldImage);
    const pk = String(keys.pk ?? after?.pk ?? before?.pk ?? "");
    const sk = String(keys.sk ?? after?.sk ?? before?.sk ?? "");

    if (pk === OFFER_PAGES_KEY.pk && sk === OFFER_PAGES_KEY.sk) {
      if (!after) continue;
      catalogue = true;
      if (after.allProducts === true || !Array.isArray(after.slugs)) allProducts = true;
      else for (const slug of after.slugs) if (isSlug(slug)) slugs.add(slug);
    } else if (pk.startsWith("PRODUCT#") && sk === "PRODUCT") {
      catalogue = true;
      sitemap = true;
      for (const slug of [after?.slug, before?.slug]) {
        if (isSlug(slug)) {
          slugs.add(slug);
          slugOfProduct.set(pk.slice("PRODUCT#".length), slug);
        }
      }
    } else if (pk.startsWith("SLUG#") && sk === "SLUG") {
      if (record.eventName === "MODIFY") continue;
      catalogue = true;
      sitemap = true;
      const slug = pk.slice("SLUG#".length);
      if (isSlug(slug)) slugs.add(slug);
    } else if (pk.startsWith("PRODUCT#") && sk === "STOCK") {
      const sharded = SHARD_PK.test(pk) || Number(after?.shards ?? before?.shards ?? 1) > 1;
      const threshold = options.lowStockThreshold;
      const may = sharded
        ? shardMayChangeLabels(before, after, threshold)
        : labelsMayHaveChanged(before, after, threshold);
      if (!may) continue;
      const slug = [after?.slug, before?.slug].find(isSlug);
      stockChanged.push({ productId: pk.slice("PRODUCT#".length).replace(SHARD_PK, ""), slug });
    }
  }

  const unresolved: string[] = [];
  for (const { productId, slug } of stockChanged) {
    const known = slug ?? slugOfProduct.get(productId);
    if (known) slugs.add(known);
    else unresolved.push(productId);
  }

  return {
    paths: pagePaths(slugs, { catalogue, sitemap, allProducts }),
    unresolved: [...new Set(unresolved)].sort(),
  };
}

/**
 * The paths of these products' pages, and with `catalogue` the catalogue's, the search API's
 * and the sitemap's, sorted: with `allProducts`, or past WILDCARD_BUDGET wildcards (or
 * MAX_PATHS), every product page at once (see the header).
 */
export function pagePaths(
  slugs: Iterable<string>,
  {
    catalogue,
    sitemap = catalogue,
    allProducts = false,
  }: { catalogue: boolean; sitemap?: boolean; allProducts?: boolean },
): string[] {
  const shared = [...(catalogue ? CATALOGUE_PATHS : []), ...(sitemap ? SITEMAP_PATHS : [])];
  const perProduct = [...new Set(slugs)].sort().flatMap(productPaths);
  const wildcards = [...shared, ...perProduct].filter((p) => p.endsWith("*")).length;
  const paths =
    allProducts || wildcards > WILDCARD_BUDGET || shared.length + perProduct.length > MAX_PATHS
      ? [...shared, ALL_PRODUCT_PAGES]
      : [...shared, ...perProduct];
  return [...new Set(paths)].sort();
}

/** A stock shard's partition key ends so (core/src/db/keys.ts stockShardKey). */
const SHARD_PK = /#STOCK#\d+$/;

/**
 * Whether a write of one shard of a spread product's stock may have changed a label of the page,
 * which shows the shards' sum (see the header): some variant whose count changed is at or under
 * the threshold on this shard, before or after.
 */
function shardMayChangeLabels(
  before: Item | undefined,
  after: Item | undefined,
  threshold: number,
): boolean {
  if (!after) return false;
  const countsAfter = (after.counts ?? {}) as Record<string, number>;
  const countsBefore = (before?.counts ?? after.previousCounts) as
    | Record<string, number>
    | undefined;
  const low = (n: number | undefined) => (n ?? 0) <= threshold;
  if (!countsBefore) return Object.values(countsAfter).some(low);
  const keys = new Set([...Object.keys(countsBefore), ...Object.keys(countsAfter)]);
  return [...keys].some(
    (key) =>
      countsBefore[key] !== countsAfter[key] && (low(countsBefore[key]) || low(countsAfter[key])),
  );
}

/** Whether a stock write may have changed a label of the product page (see the header). */
function labelsMayHaveChanged(
  before: Item | undefined,
  after: Item | undefined,
  threshold: number,
): boolean {
  const countsAfter = (after?.counts ?? {}) as Record<string, number>;
  const label = (counts: Record<string, number>, size: string) =>
    availabilityLabel(sizeAvailability(counts[size], threshold));
  // The stock goes only with its product, whose records purge the page.
  if (!after) return false;
  const countsBefore = (before?.counts ?? after.previousCounts) as
    | Record<string, number>
    | undefined;
  if (countsBefore) {
    const sizes = new Set([...Object.keys(countsBefore), ...Object.keys(countsAfter)]);
    return [...sizes].some((size) => label(countsBefore, size) !== label(countsAfter, size));
  }
  return Object.keys(countsAfter).some((size) => label(countsAfter, size) !== null);
}

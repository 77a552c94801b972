// The catalogue read model (docs/architecture.md §2): the products loaded with one paginated Query on
// gsi1 (CATALOG) and kept in this process, checked against the catalogue version on every
// request. A warm catalogue page or product page costs exactly one round trip (GetItem of the
// version), whatever the catalogue size; filtering, sorting, paging and the slug lookup run in
// memory. Every change to a product or a review bumps the version (same transaction).
//
// The index is eventually consistent on AWS: a Query on gsi1 right after a change may still see
// the product as it was. So a snapshot loaded before the change had settled (CATALOG_SETTLE_MS
// after the version's `changedAt`) is served only until then, and the next request after it
// loads the index once more: the catalogue never keeps an old price or a deleted product.
//
// A new version's load never holds shoppers back for long, nor fails them: a process that holds
// an older snapshot answers with it when the load takes longer than CATALOG_RELOAD_WAIT_MS or
// fails (a throttled index at a sale's peak, when every instance reloads after an edit), and the
// change reaches shoppers a moment later.
//
// The live automatic offers' items are read beside the products (a Query of gsi1 PROMOS of their
// own, in parallel: no round trip in sequence) and kept in the snapshot as stored: the promotions
// read them (../promotions/page-offers.server.ts), and the catalogue's cards and the product page
// show the ones that target a product. Creating or deleting one that pages show bumps the version
// as a product change does (../promotions/promotion-admin.server.ts); an offer's start and end need
// no reload, the pages judge its dates at each request.
//
// Concurrent requests share version reads (never one that started before they arrived), and
// requests that need the same version while it is being loaded share that one load: fifty
// shoppers arriving right after an edit cost one or two reads of the version and one read of
// the index, not fifty of each.
import { BatchGetCommand, GetCommand, paginateQuery } from "@aws-sdk/lib-dynamodb";
import { freshReads } from "../common/fresh-reads.ts";
import type { Context } from "../context/index.server.ts";
import { AUTOMATIC_OFFER_PREFIX, CATALOG_VERSION_KEY, promotionIndexes } from "../db/keys.ts";
import { reviewStats } from "../reviews/stats.ts";
import { type Product, type ProductItem, toProduct } from "./products.server.ts";
import type { ProductSummary } from "./query.ts";
import { indexProducts, publishedVersion, writeSearchIndex } from "./search-index.server.ts";
import { CATALOG_INDEX } from "./search-object.ts";

/** The catalogue as of one version. Shared by every request: never mutate it. */
export interface CatalogSnapshot {
  version: number;
  /** Every product's summary, as the catalogue pages list them. */
  items: ProductSummary[];
  bySlug: ReadonlyMap<string, Product>;
  /** The live automatic offers' items as stored, whatever their dates (see the header). */
  offerItems: readonly Record<string, unknown>[];
  /** Loaded after the change had settled in the index: good for as long as the version holds. */
  settled: boolean;
  /** Results derived from this version (see `rememberForVersion`). */
  memo: Map<string, Promise<unknown>>;
}

/** How long after a change the index may still answer with the old data (it is usually < 1 s). */
export const CATALOG_SETTLE_MS = 2000;
/** The most results `rememberForVersion` keeps per version. */
const MEMO_LIMIT = 1000;
const snapshots = new WeakMap<Context, CatalogSnapshot>();
const loading = new WeakMap<Context, { version: number; snapshot: Promise<CatalogSnapshot> }>();

interface Version {
  version: number;
  changedAt: number;
}
const versionReaders = new WeakMap<Context, () => Promise<Version>>();

/**
 * The catalogue version, read (consistently) after the call: a change committed before it is
 * always seen. Concurrent requests share reads (see `freshReads`), so fifty shoppers at once
 * cost about one GetItem per round trip, not fifty.
 */
function currentVersion(ctx: Context): Promise<Version> {
  let reader = versionReaders.get(ctx);
  if (!reader) {
    reader = freshReads(async () => {
      const { Item } = await ctx.db.send(
        new GetCommand({
          TableName: ctx.tableName,
          Key: CATALOG_VERSION_KEY,
          ConsistentRead: true,
        }),
      );
      return {
        version: (Item?.version as number | undefined) ?? 0,
        changedAt: (Item?.changedAt as number | undefined) ?? 0,
      };
    });
    versionReaders.set(ctx, reader);
  }
  return reader();
}

interface Loaded {
  products: Product[];
  offerItems: Record<string, unknown>[];
}

/** The products and the automatic offers' items, in parallel (two Queries, one round trip). */
async function loadCatalog(ctx: Context): Promise<Loaded> {
  const [products, offerItems] = await Promise.all([loadProducts(ctx), loadOfferItems(ctx)]);
  return { products, offerItems };
}

/** The live automatic offers' items (gsi1 PROMOS, begins_with "auto:"; a deleted one is not). */
async function loadOfferItems(ctx: Context): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const pages = paginateQuery(
    { client: ctx.db },
    {
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk AND begins_with(gsi1sk, :auto)",
      ExpressionAttributeValues: {
        ":pk": promotionIndexes("").gsi1pk,
        ":auto": AUTOMATIC_OFFER_PREFIX,
      },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) if (!item.deletedAt) items.push(item);
  }
  return items;
}

async function loadProducts(ctx: Context): Promise<Product[]> {
  const products: Product[] = [];
  const pages = paginateQuery(
    { client: ctx.db, pageSize: 1000 },
    {
      TableName: ctx.tableName,
      IndexName: CATALOG_INDEX,
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": "CATALOG" },
    },
  );
  for await (const page of pages) {
    for (const raw of page.Items ?? []) products.push(toProduct(ctx, raw as ProductItem));
  }
  return products;
}

function toSummary(p: Product): ProductSummary {
  const stats = reviewStats(p.ratingCounts);
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    category: p.category,
    ...(p.productType ? { productType: p.productType } : {}),
    priceCents: p.priceCents,
    ...(p.markdown ? { markdown: p.markdown } : {}),
    imageUrl: p.images[0]?.url ?? "",
    ...(p.images[0]?.sources ? { imageSources: p.images[0].sources } : {}),
    ratingAverage: stats.average,
    ratingCount: stats.count,
    soldOut: p.soldOut,
    colours: p.colourways.map(({ colour, images: [first] }) => ({
      id: colour.id,
      name: colour.name,
      swatch: colour.swatch,
      ...(first ? { imageUrl: first.url } : {}),
      ...(first?.sources ? { imageSources: first.sources } : {}),
    })),
    inStock: p.inStock,
    createdAt: p.createdAt,
  };
}

/** The catalogue, fresh as of the catalogue version read now. */
export async function catalogSnapshot(ctx: Context): Promise<CatalogSnapshot> {
  const early = firstLoad(ctx);
  return snapshotOf(ctx, await currentVersion(ctx), early);
}

/** Products being read before their version is known (see `firstLoad`). */
interface EarlyLoad {
  products: Promise<Loaded>;
  startedAt: number;
}
const firstLoads = new WeakMap<Context, EarlyLoad>();

/**
 * The process's first read of the catalogue (a cold start) reads the products beside the version
 * instead of after it: one round trip fewer before the first page. Requests arriving together
 * share it; once a snapshot is loaded, every load waits for its version as before. If a change
 * commits while the products are read, they may be older than the version read beside them, but
 * then the change is less than CATALOG_SETTLE_MS before the load began, so the snapshot is not
 * settled and the next request loads the catalogue again (as after any recent change).
 */
function firstLoad(ctx: Context): EarlyLoad | undefined {
  if (snapshots.has(ctx)) return undefined;
  let early = firstLoads.get(ctx);
  if (!early) {
    const load: EarlyLoad = { products: loadCatalog(ctx), startedAt: Date.now() };
    // Awaited by the snapshot's load, which reports a failure; a failed one is not kept.
    load.products.catch(() => {
      if (firstLoads.get(ctx) === load) firstLoads.delete(ctx);
    });
    firstLoads.set(ctx, load);
    early = load;
  }
  return early;
}

/**
 * The catalogue, fresh as of the version read now, and the item at `key` read in the same
 * consistent BatchGetItem as the version (the product page's stock): one round trip when warm.
 * Concurrent requests for the same key share reads as `catalogSnapshot`'s do (`freshReads`):
 * fifty shoppers on one product page cost about one BatchGetItem per round trip, not fifty.
 */
export async function catalogSnapshotWith(
  ctx: Context,
  key: { pk: string; sk: string },
): Promise<{ snapshot: CatalogSnapshot; item: Record<string, unknown> | undefined }> {
  let readers = itemReaders.get(ctx);
  if (!readers) {
    readers = new Map();
    itemReaders.set(ctx, readers);
  }
  const id = `${key.pk}\n${key.sk}`;
  let reader = readers.get(id);
  if (!reader) {
    if (readers.size >= ITEM_READERS_LIMIT) readers.clear();
    reader = freshReads(() => readVersionAnd(ctx, key));
    readers.set(id, reader);
  }
  const early = firstLoad(ctx);
  const { version, item } = await reader();
  return { snapshot: await snapshotOf(ctx, version, early), item };
}

/** The most keys `catalogSnapshotWith` keeps a shared reader for (one per product page seen). */
const ITEM_READERS_LIMIT = 5000;
const itemReaders = new WeakMap<
  Context,
  Map<string, () => Promise<{ version: Version; item: Record<string, unknown> | undefined }>>
>();

async function readVersionAnd(
  ctx: Context,
  key: { pk: string; sk: string },
): Promise<{ version: Version; item: Record<string, unknown> | undefined }> {
  let pending: Array<Record<string, unknown>> = [CATALOG_VERSION_KEY, key];
  const found: Array<Record<string, unknown>> = [];
  while (pending.length > 0) {
    const { Responses, UnprocessedKeys } = await ctx.db.send(
      new BatchGetCommand({
        RequestItems: { [ctx.tableName]: { Keys: pending, ConsistentRead: true } },
      }),
    );
    found.push(...(Responses?.[ctx.tableName] ?? []));
    pending = UnprocessedKeys?.[ctx.tableName]?.Keys ?? [];
  }
  const versionItem = found.find(
    (item) => item.pk === CATALOG_VERSION_KEY.pk && item.sk === CATALOG_VERSION_KEY.sk,
  );
  return {
    version: {
      version: (versionItem?.version as number | undefined) ?? 0,
      changedAt: (versionItem?.changedAt as number | undefined) ?? 0,
    },
    item: found.find((item) => item.pk === key.pk && item.sk === key.sk),
  };
}

/** The snapshot last loaded, whatever its version (to know a slug's product id ahead). */
export function lastSnapshot(ctx: Context): CatalogSnapshot | undefined {
  return snapshots.get(ctx);
}

async function snapshotOf(
  ctx: Context,
  { version, changedAt }: Version,
  early?: EarlyLoad,
): Promise<CatalogSnapshot> {
  const cached = snapshots.get(ctx);
  if (cached && cached.version === version) {
    if (cached.settled) return cached;
    // Loaded after the change, perhaps before the index had it: kept until the change has
    // settled, then loaded once more (not by every request meanwhile: every instance's every
    // request would read the whole index for those seconds).
    if (Date.now() - changedAt <= CATALOG_SETTLE_MS) return cached;
  }
  const inFlight = loading.get(ctx);
  if (inFlight && inFlight.version === version) return orSnapshotHeld(inFlight.snapshot, cached);

  // The first load's products, read beside the version (see firstLoad), once; then a new read.
  const first = early !== undefined && firstLoads.get(ctx) === early ? early : undefined;
  if (first) firstLoads.delete(ctx);
  const catalog = first ? first.products : loadCatalog(ctx);
  const startedAt = first ? first.startedAt : Date.now();
  const snapshot = catalog.then(({ products, offerItems }): CatalogSnapshot => {
    const loaded: CatalogSnapshot = {
      version,
      items: products.map(toSummary),
      bySlug: new Map(products.map((product) => [product.slug, product])),
      offerItems,
      settled: startedAt - changedAt > CATALOG_SETTLE_MS,
      memo: new Map(),
    };
    // A slower load of an older version never replaces a newer snapshot.
    if ((snapshots.get(ctx)?.version ?? -1) <= version) snapshots.set(ctx, loaded);
    return loaded;
  });
  loading.set(ctx, { version, snapshot });
  const done = () => {
    if (loading.get(ctx)?.snapshot === snapshot) loading.delete(ctx);
  };
  snapshot.then(done, done);
  return orSnapshotHeld(snapshot, cached);
}

/**
 * How long a request waits for the load of a new version when the process holds an older
 * snapshot: past it, the request gets the older one and the load goes on for the next ones.
 * Locally a load takes milliseconds; on AWS, at a sale's peak, every instance reloads after each
 * edit and the index may answer slowly or refuse (a throttle).
 */
export const CATALOG_RELOAD_WAIT_MS = 1000;

/**
 * The new version's snapshot, or, when the process holds an older one, that one if the load
 * takes longer than CATALOG_RELOAD_WAIT_MS or fails (a change reaches shoppers a moment later;
 * a throttled index never turns into an error page). Without a snapshot, the load's own outcome.
 */
function orSnapshotHeld(
  load: Promise<CatalogSnapshot>,
  held: CatalogSnapshot | undefined,
): Promise<CatalogSnapshot> {
  if (!held) return load;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<CatalogSnapshot>((resolve) => {
    timer = setTimeout(() => resolve(held), CATALOG_RELOAD_WAIT_MS);
  });
  const loaded = load.catch((error: unknown) => {
    console.error("Could not load the catalogue; answering with the snapshot held", error);
    return held;
  });
  return Promise.race([loaded, waited]).finally(() => clearTimeout(timer));
}

/** All product summaries, fresh as of the catalogue version read now. */
export async function catalogSummaries(ctx: Context): Promise<ProductSummary[]> {
  return (await catalogSnapshot(ctx)).items;
}

/**
 * Publishes the search index of the catalogue as it is now (the catalogue's change reader calls
 * it after a product changed): once the change has settled in the table's index, unless an index
 * of this version or a later one is already published. Returns what it did.
 */
export async function publishSearchIndex(
  ctx: Context,
): Promise<{ catalogVersion: number; products: number; bytes: number } | { skipped: number }> {
  const { changedAt } = await currentVersion(ctx);
  const wait = changedAt + CATALOG_SETTLE_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
  const snapshot = await catalogSnapshot(ctx);
  const stored = await publishedVersion(ctx);
  if (stored !== undefined && stored >= snapshot.version) return { skipped: stored };
  const search = indexProducts(snapshot.bySlug.values());
  const bytes = await writeSearchIndex(ctx, snapshot.version, search);
  return { catalogVersion: snapshot.version, products: search.size, bytes };
}

/**
 * `load()`, remembered for as long as the catalogue keeps this version, for data that only a
 * product or review change (which bumps the version) can change, such as a product's first page
 * of reviews. Read from an eventually consistent index, so nothing is remembered until the
 * version has settled. Concurrent callers share one load; a failed load is not kept.
 */
export function rememberForVersion<T>(
  snapshot: CatalogSnapshot,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  if (!snapshot.settled) return load();
  const known = snapshot.memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  if (snapshot.memo.size >= MEMO_LIMIT) snapshot.memo.clear();
  const result = load();
  snapshot.memo.set(key, result);
  result.catch(() => {
    if (snapshot.memo.get(key) === result) snapshot.memo.delete(key);
  });
  return result;
}

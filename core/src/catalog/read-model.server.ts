// The catalogue read model (DESIGN section 2): product summaries loaded with one paginated Query
// on gsi1 (CATALOG) and kept in this process, checked against the catalogue version on every
// request. A warm catalogue page costs exactly one round trip (GetItem of the version),
// whatever the catalogue size; filtering, sorting and paging run in memory.
//
// The index is eventually consistent on AWS: a Query on gsi1 right after a change may still see
// the product as it was. So a snapshot is kept for its version only if it was loaded once the
// change had settled (CATALOG_SETTLE_MS after the version's `changedAt`); until then every
// request loads the index again, and the catalogue never keeps an old price or a deleted product.
//
// Requests that need the same version while it is being loaded share that one load: fifty
// shoppers arriving right after an edit cost one read of the index, not fifty.
import { GetCommand, paginateQuery } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { CATALOG_VERSION_KEY } from "../db/keys.ts";
import { reviewStats } from "../reviews/stats.ts";
import { type ProductItem, toProduct } from "./products.server.ts";
import { type CatalogPage, type CatalogQuery, type ProductSummary, queryCatalog } from "./query.ts";

interface Snapshot {
  version: number;
  items: ProductSummary[];
  /** Loaded after the change had settled in the index: good for as long as the version holds. */
  settled: boolean;
}

/** How long after a change the index may still answer with the old data (it is usually < 1 s). */
export const CATALOG_SETTLE_MS = 2000;
const snapshots = new WeakMap<Context, Snapshot>();
const loading = new WeakMap<Context, { version: number; items: Promise<ProductSummary[]> }>();

async function currentVersion(ctx: Context): Promise<{ version: number; changedAt: number }> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: CATALOG_VERSION_KEY, ConsistentRead: true }),
  );
  return {
    version: (Item?.version as number | undefined) ?? 0,
    changedAt: (Item?.changedAt as number | undefined) ?? 0,
  };
}

async function loadSummaries(ctx: Context): Promise<ProductSummary[]> {
  const items: ProductSummary[] = [];
  const pages = paginateQuery(
    { client: ctx.db, pageSize: 1000 },
    {
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": "CATALOG" },
    },
  );
  for await (const page of pages) {
    for (const raw of page.Items ?? []) items.push(toSummary(toProduct(ctx, raw as ProductItem)));
  }
  return items;
}

function toSummary(p: ReturnType<typeof toProduct>): ProductSummary {
  const stats = reviewStats(p.ratingCounts);
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    category: p.category,
    priceCents: p.priceCents,
    imageUrl: p.images[0]?.url ?? "",
    ratingAverage: stats.average,
    ratingCount: stats.count,
    createdAt: p.createdAt,
  };
}

/** All product summaries, fresh as of the catalogue version read now. */
export async function catalogSummaries(ctx: Context): Promise<ProductSummary[]> {
  const { version, changedAt } = await currentVersion(ctx);
  const cached = snapshots.get(ctx);
  if (cached && cached.version === version && cached.settled) return cached.items;
  const inFlight = loading.get(ctx);
  if (inFlight && inFlight.version === version) return inFlight.items;

  const startedAt = Date.now();
  const items = loadSummaries(ctx).then((loaded) => {
    // A slower load of an older version never replaces a newer snapshot.
    if ((snapshots.get(ctx)?.version ?? -1) <= version) {
      snapshots.set(ctx, {
        version,
        items: loaded,
        settled: startedAt - changedAt > CATALOG_SETTLE_MS,
      });
    }
    return loaded;
  });
  loading.set(ctx, { version, items });
  try {
    return await items;
  } finally {
    if (loading.get(ctx)?.items === items) loading.delete(ctx);
  }
}

export async function getCatalogPage(ctx: Context, query: CatalogQuery): Promise<CatalogPage> {
  return queryCatalog(await catalogSummaries(ctx), query);
}

// The catalogue's search index as one object (docs/decisions/021-search.md): the catalogue's
// change reader (functions/src/edge-purge.ts, a reader of the table's stream) publishes it after
// a product changes; the site loads it on its first search after it starts, then asks again with
// a conditional GET at most every SEARCH_REFRESH_MS, never per request. While the published index
// is older than the catalogue a site shows (the seconds after a change, a new stage, an engine
// upgrade), one is built per catalogue version in the process instead
// (searchFor in ./search.server.ts).
import { gunzipSync, gzipSync } from "node:zlib";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import type { Context } from "../context/index.server.ts";
import { slugKey } from "../db/keys.ts";
import { ProductSearch, type SavedSearch, SEARCH_ENGINE_VERSION } from "../search/index.ts";
import { getObjectIfChanged, objectMetadata, putObject } from "../storage/index.server.ts";
import type { Product } from "./products.server.ts";
import { colourIndexText } from "./search-colours.ts";
import { SEARCH_INDEX_KEY } from "./search-object.ts";

/** A site asks whether the published index changed at most this often. */
export const SEARCH_REFRESH_MS = 3000;
/** The object's metadata naming the catalogue version it indexes (x-amz-meta-catalog-version). */
const VERSION_METADATA = "catalog-version";
/** The metadata naming the engine (its saved format) that wrote it (x-amz-meta-engine-version). */
const ENGINE_METADATA = "engine-version";

/** The object's content: the catalogue version it indexes and the saved engine. */
interface PublishedIndex {
  catalogVersion: number;
  builtAt: string;
  search: SavedSearch;
}

/**
 * The search engine over these products (name, audience, description, and their colourways'
 * names and families: ./search-colours.ts).
 */
export function indexProducts(products: Iterable<Product>): ProductSearch {
  return ProductSearch.build(
    [...products].map((product) => ({
      id: product.id,
      name: product.name,
      audience: product.category,
      description: product.description,
      colours: colourIndexText(product.colourways.map((colourway) => colourway.colour)),
    })),
  );
}

/** A record of the table's stream, as far as `changesSearch` reads it. */
interface TableChange {
  eventName?: string;
  dynamodb?: { Keys?: Record<string, AttributeValue>; NewImage?: Record<string, AttributeValue> };
}

/**
 * Does this change of the table alter what search finds? A product written (created, renamed,
 * described anew, given a review) or a product's slug released (it was deleted).
 */
export function changesSearch(record: TableChange): boolean {
  const entity = record.dynamodb?.NewImage?.entity;
  if (entity && "S" in entity && entity.S === "product") return true;
  const pk = record.dynamodb?.Keys?.pk;
  return (
    record.eventName === "REMOVE" && Boolean(pk && "S" in pk && pk.S?.startsWith(slugKey("").pk))
  );
}

/**
 * The catalogue version of the published index, or undefined when none is, or when another
 * engine wrote it (a site cannot load it: the next publication replaces it).
 */
export async function publishedVersion(ctx: Context): Promise<number | undefined> {
  const metadata = await objectMetadata(ctx, ctx.config.searchBucket, SEARCH_INDEX_KEY);
  if (metadata?.[ENGINE_METADATA] !== String(SEARCH_ENGINE_VERSION)) return undefined;
  const version = Number(metadata?.[VERSION_METADATA] ?? Number.NaN);
  return Number.isFinite(version) ? version : undefined;
}

/** Stores `search` as the index of catalogue version `catalogVersion`. Returns its gzip size. */
export async function writeSearchIndex(
  ctx: Context,
  catalogVersion: number,
  search: ProductSearch,
): Promise<number> {
  const published: PublishedIndex = {
    catalogVersion,
    builtAt: new Date().toISOString(),
    search: search.toJSON(),
  };
  const body = gzipSync(JSON.stringify(published));
  await putObject(ctx, {
    Bucket: ctx.config.searchBucket,
    Key: SEARCH_INDEX_KEY,
    Body: body,
    ContentType: "application/json",
    ContentEncoding: "gzip",
    Metadata: {
      [VERSION_METADATA]: String(catalogVersion),
      [ENGINE_METADATA]: String(SEARCH_ENGINE_VERSION),
    },
  });
  return body.length;
}

/** A published index as a site holds it. */
export interface LoadedIndex {
  search: ProductSearch;
  catalogVersion: number;
}

/**
 * The published index, as one process holds it: read on first use, then checked by a
 * conditional GET (its ETag) at most every SEARCH_REFRESH_MS, in the background, so no search
 * waits for S3 once one index is loaded. A failed read keeps what was loaded; a missing object
 * (or one an older engine wrote) leaves the process without one.
 */
class PublishedSearch {
  private loaded: (LoadedIndex & { etag: string }) | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly ctx: Context) {}

  async current(): Promise<LoadedIndex | undefined> {
    if (!this.refreshing && Date.now() - this.checkedAt >= SEARCH_REFRESH_MS) {
      this.refreshing = this.refresh().finally(() => {
        this.refreshing = undefined;
      });
    }
    // Only the first read is waited for; later ones refresh behind the answers.
    if (!this.loaded && this.refreshing) await this.refreshing;
    return this.loaded;
  }

  private async refresh(): Promise<void> {
    this.checkedAt = Date.now();
    try {
      const object = await getObjectIfChanged(
        this.ctx,
        this.ctx.config.searchBucket,
        SEARCH_INDEX_KEY,
        this.loaded?.etag,
      );
      if (object === "unchanged") return;
      if (object === null) {
        this.loaded = undefined;
        return;
      }
      const published = JSON.parse(gunzipSync(object.bytes).toString("utf8")) as PublishedIndex;
      if (typeof published?.catalogVersion !== "number") {
        throw new Error("the search index object names no catalogue version");
      }
      this.loaded = {
        search: ProductSearch.load(published.search),
        catalogVersion: published.catalogVersion,
        etag: object.etag,
      };
    } catch (error) {
      // Unreadable (an older engine's format, a damaged object) or S3 unavailable: keep what we
      // have; without one the read model builds its own.
      console.warn(`The published search index could not be read: ${String(error)}`);
    }
  }
}

const published = new WeakMap<Context, PublishedSearch>();

/** The published search index this process holds (see PublishedSearch), if any. */
export function publishedSearch(ctx: Context): Promise<LoadedIndex | undefined> {
  let holder = published.get(ctx);
  if (!holder) {
    holder = new PublishedSearch(ctx);
    published.set(ctx, holder);
  }
  return holder.current();
}

// Stock in the table (docs/product.md §9 "Stock"): one item per product with its units per variant,
// by variant key "navy/M" (db/keys.ts stockKey; ./stock.ts countKey). Every change is conditional or relative, never a read-modify-write:
// an order takes its units in the transaction that writes it (stockItems "reserve", conditional
// on enough being left), a failed, expired or cancelled order gives them back in the transaction
// that changes its state (stockItems "release"), and an admin's save applies what they typed on
// top of whatever sold meanwhile (saveStock, conditional on the count it read). Each change
// carries a `stock.changed` event in its transaction; core/src/reactions follows it up.
// Stock items are in no index: on gsi1's one STOCK partition every order's stock change rewrote
// its entry (110% of a partition's writes at a sale's load, docs/decisions/040-capacity-model.md),
// so every update removes the index keys an older item still carries, and the lists of all stock
// read the catalogue's products' stock items by key (docs/decisions/041-flash-sale-stock.md).
// A product's stock may be spread over shards, each a partition key of its own, so that a flash
// sale's orders do not all write one item (docs/decisions/043-stock-shards.md): its one item is
// shard 0 and says how many there are (`shards`); an order takes its units from a shard that has
// them (conditional, as on the one item), every release and late take goes to shard 0, and every
// reader sums the shards.
//
// This module: the stock items and reading them. The orders' changes: ./stock.server.ts (which
// re-exports this one and ./stock-save.server.ts, the admin's saves, spreads and renames).
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { batchGetItems } from "../db/batch-get.server.ts";
import { productIndexes, stockKey, stockShardKey } from "../db/keys.ts";
import { queryIndexPage } from "../db/query.server.ts";
import type { TransactItem } from "../db/transact.server.ts";
import { type StockCounts, sumCounts } from "./stock.ts";

export const STOCK_ENTITY = "stock";
export const STOCK_CHANGED = "stock.changed";

/** What a `stock.changed` event says: whose stock changed (the reactions read the counts). */
export interface StockChanged {
  productIds: string[];
}

export interface StockLine {
  productId: string;
  /** The colourway (a palette id); none on lines of orders placed before colourways. */
  colour?: string | undefined;
  size: string;
  quantity: number;
}

/**
 * Every update of a stock item takes it out of gsi1, where items written before stock left the
 * index still are (gsi1 STOCK): the index's one partition is then written no more.
 */
export const LEAVE_INDEX = "REMOVE gsi1pk, gsi1sk";

/**
 * The Put of a new product's stock, in the transaction that creates the product. The product's
 * `slug` rides along so that a stock change names its page on the table's stream (the edge purge,
 * core/src/edge-cache); a rename updates it (core/src/catalog/product-saves.server.ts).
 */
export function newStockItem(
  ctx: Pick<Context, "tableName">,
  productId: string,
  counts: StockCounts,
  slug?: string,
): TransactItem {
  return {
    Put: {
      TableName: ctx.tableName,
      Item: {
        ...stockKey(productId),
        entity: STOCK_ENTITY,
        productId,
        counts: wholeCounts(counts),
        ...(slug ? { slug } : {}),
      },
      ConditionExpression: "attribute_not_exists(pk)",
    },
  };
}

/**
 * The stock item's copy of the slug, after a rename (core/src/catalog/product-saves.server.ts).
/** Most shards a product's stock may have: a save writes each in one transaction (100 items). */
export const MAX_STOCK_SHARDS = 25;
/** The shards of a product spread for a sale (docs/decisions/043-stock-shards.md). */
export const SALE_STOCK_SHARDS = 10;

/** How many shards a product's stock item says it has (1: never spread). */
function shardCount(item: Record<string, unknown> | undefined): number {
  const n = Math.floor(Number(item?.shards ?? 1));
  return Number.isFinite(n) && n > 1 ? Math.min(n, MAX_STOCK_SHARDS) : 1;
}

/** One product's counts, summed over its shards, read consistently (none: every variant at 0). */
export async function getStock(ctx: Context, productId: string): Promise<StockCounts> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: stockKey(productId), ConsistentRead: true }),
  );
  return countsOfStockItem(ctx, Item);
}

/**
 * The counts of a product from its stock item (shard 0) as read, the other shards of a spread
 * product read now, consistently, and summed (the product page reads the item beside the
 * catalogue's version).
 */
export async function countsOfStockItem(
  ctx: Context,
  item: Record<string, unknown> | undefined,
): Promise<StockCounts> {
  if (!item) return {};
  const shards = await shardsOfItems(ctx, [item]);
  return sumCounts(shards.get(item.productId as string) ?? []);
}

/**
 * Per product that has a stock item, its shards' counts (index: the shard), read consistently:
 * the stock items in BatchGetItems of 100 keys, then the other shards of the products spread.
 */
export async function getStockShards(
  ctx: Context,
  productIds: readonly string[],
): Promise<Map<string, StockCounts[]>> {
  const items = await batchGetItems(ctx, [...new Set(productIds)].map(stockKey), {
    consistent: true,
  });
  return shardsOfItems(ctx, items);
}

/** The shards of these products, from their stock items (shard 0): the others read by key. */
export async function shardsOfItems(
  ctx: Context,
  items: ReadonlyArray<Record<string, unknown>>,
): Promise<Map<string, StockCounts[]>> {
  const found = new Map<string, StockCounts[]>();
  const others: Array<{ pk: string; sk: string }> = [];
  for (const item of items) {
    const productId = item.productId as string;
    const count = shardCount(item);
    const shards: StockCounts[] = Array.from({ length: count }, () => ({}));
    shards[0] = (item.counts as StockCounts | undefined) ?? {};
    found.set(productId, shards);
    for (let shard = 1; shard < count; shard++) others.push(stockShardKey(productId, shard));
  }
  if (others.length === 0) return found;
  for (const item of await batchGetItems(ctx, others, { consistent: true })) {
    const shards = found.get(item.productId as string);
    const shard = Number(item.shard);
    if (shards && shard > 0 && shard < shards.length) {
      shards[shard] = (item.counts as StockCounts | undefined) ?? {};
    }
  }
  return found;
}

/** The keys of every stock item of a product (its shards), for its deletion. */
export async function stockItemKeys(ctx: Context, productId: string) {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: stockKey(productId), ConsistentRead: true }),
  );
  return Array.from({ length: shardCount(Item) }, (_, shard) => stockShardKey(productId, shard));
}

/** Several products' counts in one BatchGetItem per 100 products, read consistently. */
export async function getStocks(
  ctx: Context,
  productIds: readonly string[],
): Promise<Map<string, StockCounts>> {
  const found = await readStockItems(ctx, productIds);
  return new Map(productIds.map((id) => [id, found.get(id) ?? {}]));
}

/**
 * The counts of the products that have a stock item (a product without one is left out), read
 * consistently in BatchGetItems of 100 keys, the keys DynamoDB left unprocessed asked again.
 */
async function readStockItems(
  ctx: Context,
  productIds: readonly string[],
): Promise<Map<string, StockCounts>> {
  const shards = await getStockShards(ctx, productIds);
  return new Map([...shards].map(([id, counts]) => [id, sumCounts(counts)]));
}

/**
 * Every stock item of the catalogue's products (the seed, the end-to-end tests' setup): the
 * products' ids from the catalogue's index (gsi1 CATALOG, paged), then their stock items by key.
 * A product without a stock item is left out.
 */
export async function listAllStock(ctx: Context): Promise<Map<string, StockCounts>> {
  return readStockItems(ctx, await catalogProductIds(ctx));
}

/** The ids of every product in the catalogue (gsi1 CATALOG, paged, only their ids). */
export async function catalogProductIds(ctx: Context): Promise<string[]> {
  const ids: string[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await queryIndexPage(ctx, productIndexes("", "").gsi1pk, {
      ProjectionExpression: "id",
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    });
    for (const item of page.Items ?? []) ids.push(String(item.id));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return ids;
}

/**
 * Every change of the counts keeps, in the same update, the counts it changed (`previousCounts`):
 * the table's stream carries new images only, so this is how its reader sees what a page showed
 * before (core/src/edge-cache: a restock from "Only 2 left" to plenty purges the page). DynamoDB
 * evaluates every operand of an update against the item as it was, so the copy is exact.
 */
export const KEEP_PREVIOUS = "#previous = if_not_exists(counts, :noCounts)";
export const PREVIOUS_NAMES = { "#previous": "previousCounts" };
export const PREVIOUS_VALUES = { ":noCounts": {} as StockCounts };

/** Counts as whole non-negative numbers. */
export function wholeCounts(counts: StockCounts): Record<string, number> {
  return Object.fromEntries(
    Object.entries(counts).map(([key, n]) => [key, Math.max(0, Math.floor(n))]),
  );
}

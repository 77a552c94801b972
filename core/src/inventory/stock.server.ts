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
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { batchGetItems } from "../db/batch-get.server.ts";
import { productIndexes, stockKey } from "../db/keys.ts";
import { queryIndexPage } from "../db/query.server.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import {
  countAfterSave,
  countKey,
  overStockMessage,
  type StockCounts,
  unitsByProduct,
} from "./stock.ts";

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

/** Saves retried when a sale changes a count between the read and the write. */
const SAVE_ATTEMPTS = 5;
/**
 * Every update of a stock item takes it out of gsi1, where items written before stock left the
 * index still are (gsi1 STOCK): the index's one partition is then written no more.
 */
const LEAVE_INDEX = "REMOVE gsi1pk, gsi1sk";

/**
 * The Put of a new product's stock, in the transaction that creates the product. The product's
 * `slug` rides along so that a stock change names its page on the table's stream (the edge purge,
 * core/src/edge-cache); a rename updates it (core/src/catalog/products.server.ts).
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
 * The stock item's copy of the slug, after a rename (core/src/catalog/products.server.ts).
 * Outside the rename's transaction, so a product without a stock item (older data) renames all
 * the same; if this write is lost, a stock change purges the old address and the new page keeps
 * its labels until its s-maxage (docs/decisions/018-edge-cache.md).
 */
export async function renameStock(ctx: Context, productId: string, slug: string) {
  try {
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: stockKey(productId),
        UpdateExpression: `SET #slug = :slug ${LEAVE_INDEX}`,
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeNames: { "#slug": "slug" },
        ExpressionAttributeValues: { ":slug": slug },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== "ConditionalCheckFailedException") throw error;
  }
}

/** One product's counts, read consistently (none: every variant at 0). */
export async function getStock(ctx: Context, productId: string): Promise<StockCounts> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: stockKey(productId), ConsistentRead: true }),
  );
  return (Item?.counts as StockCounts | undefined) ?? {};
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
  const items = await batchGetItems(ctx, [...new Set(productIds)].map(stockKey), {
    consistent: true,
  });
  const found = new Map<string, StockCounts>();
  for (const item of items) {
    found.set(item.productId as string, (item.counts as StockCounts | undefined) ?? {});
  }
  return found;
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
 * What an order's lines do to the stock:
 * - "reserve": take its units, each conditional on enough being left of every variant (the whole
 *   order or nothing);
 * - "take": take them whatever is left (a payment that arrived after its order had expired: the
 *   goods are owed; a count may go below zero, shown as none left);
 * - "release": give them back (relative: any sale meanwhile is kept).
 */
export type StockChange = "reserve" | "take" | "release";

/**
 * The items of `change` for an order's lines: one update per product (a transaction may touch an
 * item only once), then the `stock.changed` event.
 */
export function stockItems(
  ctx: Pick<Context, "tableName">,
  lines: readonly StockLine[],
  change: StockChange,
  now = new Date(),
): TransactItem[] {
  return [
    ...[...unitsByProduct(lines)].map(([productId, units]) =>
      countsUpdate(ctx, productId, units, change),
    ),
    stockChangedItem(ctx, lines, now),
  ];
}

function stockChangedItem(
  ctx: Pick<Context, "tableName">,
  lines: readonly StockLine[],
  now: Date,
): TransactItem {
  const payload: StockChanged = { productIds: [...unitsByProduct(lines).keys()] };
  return eventPut(ctx, STOCK_CHANGED, payload, now);
}

/**
 * Every change of the counts keeps, in the same update, the counts it changed (`previousCounts`):
 * the table's stream carries new images only, so this is how its reader sees what a page showed
 * before (core/src/edge-cache: a restock from "Only 2 left" to plenty purges the page). DynamoDB
 * evaluates every operand of an update against the item as it was, so the copy is exact.
 */
const KEEP_PREVIOUS = "#previous = if_not_exists(counts, :noCounts)";
const PREVIOUS_NAMES = { "#previous": "previousCounts" };
const PREVIOUS_VALUES = { ":noCounts": {} as StockCounts };

function countsUpdate(
  ctx: Pick<Context, "tableName">,
  productId: string,
  units: Map<string, number>,
  change: StockChange,
): TransactItem {
  const names: Record<string, string> = { ...PREVIOUS_NAMES };
  const values: Record<string, number | StockCounts> = { ...PREVIOUS_VALUES };
  const sets: string[] = [KEEP_PREVIOUS];
  const conditions: string[] = [];
  [...units].forEach(([key, quantity], i) => {
    names[`#s${i}`] = key;
    values[`:q${i}`] = quantity;
    if (change === "reserve") {
      sets.push(`counts.#s${i} = counts.#s${i} - :q${i}`);
      conditions.push(`counts.#s${i} >= :q${i}`);
    } else if (change === "take") {
      values[":zero"] = 0;
      sets.push(`counts.#s${i} = if_not_exists(counts.#s${i}, :zero) - :q${i}`);
    } else {
      values[":zero"] = 0;
      sets.push(`counts.#s${i} = if_not_exists(counts.#s${i}, :zero) + :q${i}`);
    }
  });
  return {
    Update: {
      TableName: ctx.tableName,
      Key: stockKey(productId),
      UpdateExpression: `SET ${sets.join(", ")} ${LEAVE_INDEX}`,
      ConditionExpression:
        change === "reserve" ? conditions.join(" AND ") : "attribute_exists(counts)",
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Why an order's reservation failed, read after its transaction was cancelled: the first line
 * over what is left, named (product, size, units left). Lines carry the names to show.
 */
export async function overStockError(
  ctx: Context,
  lines: ReadonlyArray<StockLine & { name: string; sizeName: string }>,
): Promise<DomainError | null> {
  const stocks = await getStocks(
    ctx,
    lines.map((line) => line.productId),
  );
  const wanted = unitsByProduct(lines);
  for (const line of lines) {
    const key = countKey(line);
    const left = stocks.get(line.productId)?.[key] ?? 0;
    if ((wanted.get(line.productId)?.get(key) ?? 0) > left) {
      return new DomainError(overStockMessage(line.name, line.sizeName, left), "cart", 409);
    }
  }
  return null;
}

/** One variant (its key, "navy/M") as the admin's form had it: the count it showed and the count typed. */
export interface StockEdit {
  key: string;
  shown: number;
  typed: number;
}

/**
 * An admin's stock save: each variant becomes what was typed plus whatever changed since the form
 * was shown (a sale meanwhile is kept, never undone), conditional on the count just read; a sale
 * landing between the read and the write makes it read again. Returns the counts saved.
 */
export async function saveStock(
  ctx: Context,
  productId: string,
  edits: readonly StockEdit[],
  now = new Date(),
): Promise<StockCounts> {
  for (let attempt = 1; ; attempt++) {
    const { Item } = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: stockKey(productId), ConsistentRead: true }),
    );
    const current: Record<string, number> = { ...((Item?.counts as StockCounts) ?? {}) };
    const next = { ...current };
    for (const edit of edits) {
      next[edit.key] = countAfterSave(current[edit.key] ?? 0, edit.shown, edit.typed);
    }
    const changed = edits.filter((edit) => next[edit.key] !== current[edit.key]);
    if (changed.length === 0) return current;
    const item: TransactItem = Item
      ? conditionalSet(
          ctx,
          productId,
          changed.map((e) => e.key),
          current,
          next,
        )
      : newStockItem(ctx, productId, next);
    try {
      await transact(ctx, [
        item,
        eventPut(ctx, STOCK_CHANGED, { productIds: [productId] } satisfies StockChanged, now),
      ]);
      return next;
    } catch (error) {
      if (!(error instanceof TransactionCancelled && error.failedAt(0))) throw error;
      if (attempt >= SAVE_ATTEMPTS) throw error;
    }
  }
}

function conditionalSet(
  ctx: Pick<Context, "tableName">,
  productId: string,
  keys: readonly string[],
  current: Record<string, number>,
  next: Record<string, number>,
): TransactItem {
  const names: Record<string, string> = { ...PREVIOUS_NAMES };
  const values: Record<string, number | StockCounts> = { ...PREVIOUS_VALUES };
  const sets: string[] = [KEEP_PREVIOUS];
  const conditions: string[] = [];
  keys.forEach((key, i) => {
    names[`#s${i}`] = key;
    values[`:n${i}`] = next[key] ?? 0;
    sets.push(`counts.#s${i} = :n${i}`);
    if (key in current) {
      values[`:c${i}`] = current[key] ?? 0;
      conditions.push(`counts.#s${i} = :c${i}`);
    } else {
      conditions.push(`attribute_not_exists(counts.#s${i})`);
    }
  });
  return {
    Update: {
      TableName: ctx.tableName,
      Key: stockKey(productId),
      UpdateExpression: `SET ${sets.join(", ")} ${LEAVE_INDEX}`,
      ConditionExpression: conditions.join(" AND "),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Counts as whole non-negative numbers. */
function wholeCounts(counts: StockCounts): Record<string, number> {
  return Object.fromEntries(
    Object.entries(counts).map(([key, n]) => [key, Math.max(0, Math.floor(n))]),
  );
}

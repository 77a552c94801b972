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
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { batchGetItems } from "../db/batch-get.server.ts";
import { productIndexes, stockKey, stockShardKey } from "../db/keys.ts";
import { queryIndexPage } from "../db/query.server.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import {
  countAfterSave,
  countKey,
  overStockMessage,
  planShards,
  type ShardTake,
  type StockCounts,
  splitEvenly,
  sumCounts,
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
  // Every shard carries the slug: the edge purge names the page from the shard that changed.
  for (const Key of await stockItemKeys(ctx, productId)) {
    try {
      await ctx.db.send(
        new UpdateCommand({
          TableName: ctx.tableName,
          Key,
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
}

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
async function shardsOfItems(
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
 * What an order's lines do to the stock:
 * - "reserve": take its units, each conditional on enough being left of every variant (the whole
 *   order or nothing);
 * - "take": take them whatever is left (a payment that arrived after its order had expired: the
 *   goods are owed; a count may go below zero, shown as none left);
 * - "release": give them back (relative: any sale meanwhile is kept).
 * A reservation takes each product's units from the shards its plan names (planStock); without
 * a plan, and for every take and release, they go to shard 0, the item every product has (a
 * release is exact whichever shard it reaches: the readers sum them).
 */
export type StockChange = "reserve" | "take" | "release";

/** Per product, the units a reservation takes from each of its shards (planStock). */
export type StockPlan = ReadonlyMap<string, ShardTake>;

/**
 * The items of `change` for an order's lines: one update per stock item touched (a transaction
 * may touch an item only once), then the `stock.changed` event.
 */
export function stockItems(
  ctx: Pick<Context, "tableName">,
  lines: readonly StockLine[],
  change: StockChange,
  now = new Date(),
  plan?: StockPlan,
): TransactItem[] {
  return [
    ...[...unitsByProduct(lines)].flatMap(([productId, units]) => {
      const shards = (change === "reserve" && plan?.get(productId)) || new Map([[0, units]]);
      return [...shards].map(([shard, take]) => countsUpdate(ctx, productId, shard, take, change));
    }),
    stockChangedItem(ctx, lines, now),
  ];
}

/**
 * Where an order's lines take their units: for each product, from one shard that has them all
 * if one does, the shards tried from a random one so that buyers at once spread over them
 * (./stock.ts planShards); read consistently now. Null when a line wants more than its product's
 * summed count; `over` then names the first such line and what is left of it.
 */
export async function planStock(
  ctx: Context,
  lines: readonly StockLine[],
  random: () => number = Math.random,
): Promise<
  | { plan: StockPlan; over?: undefined }
  | { plan?: undefined; over: { line: StockLine; left: number } }
> {
  const shards = await getStockShards(
    ctx,
    lines.map((line) => line.productId),
  );
  const wanted = unitsByProduct(lines);
  const plan = new Map<string, ShardTake>();
  for (const [productId, units] of wanted) {
    const counts = shards.get(productId) ?? [{}];
    const take = planShards(counts, units, Math.floor(random() * counts.length));
    if (take) {
      plan.set(productId, take);
      continue;
    }
    const summed = sumCounts(counts);
    const line =
      lines.find(
        (l) =>
          l.productId === productId && (units.get(countKey(l)) ?? 0) > (summed[countKey(l)] ?? 0),
      ) ?? lines.find((l) => l.productId === productId);
    if (line) return { over: { line, left: Math.max(0, summed[countKey(line)] ?? 0) } };
  }
  return { plan };
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
  shard: number,
  units: ReadonlyMap<string, number>,
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
      Key: stockShardKey(productId, shard),
      UpdateExpression: `SET ${sets.join(", ")} ${LEAVE_INDEX}`,
      ConditionExpression:
        change === "reserve" ? conditions.join(" AND ") : "attribute_exists(counts)",
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * An order's reservation planned (planStock), or why it cannot be: the first line over what is
 * left, named (product, size, units left). Lines carry the names to show.
 */
export async function planOrderStock(
  ctx: Context,
  lines: ReadonlyArray<StockLine & { name: string; sizeName: string }>,
): Promise<StockPlan | DomainError> {
  const { plan, over } = await planStock(ctx, lines);
  if (plan) return plan;
  const line = over.line as StockLine & { name: string; sizeName: string };
  return new DomainError(overStockMessage(line.name, line.sizeName, over.left), "cart", 409);
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
 * landing between the read and the write makes it read again. Returns the counts saved. On a
 * product spread over shards, each changed variant's new count is shared out evenly over them
 * (each shard conditional on its count read), a shard whose count stays as it was untouched.
 */
export async function saveStock(
  ctx: Context,
  productId: string,
  edits: readonly StockEdit[],
  now = new Date(),
): Promise<StockCounts> {
  for (let attempt = 1; ; attempt++) {
    const shards = (await getStockShards(ctx, [productId])).get(productId);
    const current: Record<string, number> = { ...sumCounts(shards ?? []) };
    const next = { ...current };
    for (const edit of edits) {
      next[edit.key] = countAfterSave(current[edit.key] ?? 0, edit.shown, edit.typed);
    }
    const changed = edits.filter((edit) => next[edit.key] !== current[edit.key]);
    if (changed.length === 0) return current;
    const items: TransactItem[] = shards
      ? shardSets(
          ctx,
          productId,
          shards,
          changed.map((e) => e.key),
          next,
        )
      : [newStockItem(ctx, productId, next)];
    try {
      await transact(ctx, [
        ...items,
        eventPut(ctx, STOCK_CHANGED, { productIds: [productId] } satisfies StockChanged, now),
      ]);
      return next;
    } catch (error) {
      if (!(error instanceof TransactionCancelled && items.some((_, i) => error.failedAt(i)))) {
        throw error;
      }
      if (attempt >= SAVE_ATTEMPTS) throw error;
    }
  }
}

/**
 * The conditional sets that leave `keys` at their `next` sums shared out over `parts` shards,
 * for the `shards` read (with `spreadFrom`, shard 0 also says there are `parts` now, conditional
 * on there having been `spreadFrom`): one update per shard read whose counts change, each
 * conditional on what was read of it. Shards past those read are the caller's to put.
 */
function shardSets(
  ctx: Pick<Context, "tableName">,
  productId: string,
  shards: readonly StockCounts[],
  keys: readonly string[],
  next: Record<string, number>,
  parts = shards.length,
  spreadFrom?: number,
): TransactItem[] {
  const shares = new Map(keys.map((key) => [key, splitEvenly(next[key] ?? 0, parts)]));
  return shards.flatMap((counts, shard) => {
    const target: Record<string, number> = { ...counts };
    for (const key of keys) target[key] = shares.get(key)?.[shard] ?? 0;
    const changing = keys.filter((key) => target[key] !== counts[key]);
    const spreading = shard === 0 && spreadFrom !== undefined;
    if (changing.length === 0 && !spreading) return [];
    const item = conditionalSet(ctx, productId, shard, changing, counts, target);
    if (spreading && item.Update) {
      const update = item.Update;
      update.UpdateExpression = (update.UpdateExpression ?? "").replace(
        /^SET /,
        "SET #shards = :shards, ",
      );
      update.ExpressionAttributeNames = { ...update.ExpressionAttributeNames, "#shards": "shards" };
      update.ExpressionAttributeValues = {
        ...update.ExpressionAttributeValues,
        ":shards": parts,
        ":spreadFrom": spreadFrom,
      };
      const was =
        spreadFrom === 1
          ? "(attribute_not_exists(#shards) OR #shards = :spreadFrom)"
          : "#shards = :spreadFrom";
      update.ConditionExpression = update.ConditionExpression
        ? `${update.ConditionExpression} AND ${was}`
        : was;
    }
    return [item];
  });
}

/**
 * Spreads a product's stock over `shards` stock items, each a partition key of its own, before a
 * flash sale (docs/decisions/043-stock-shards.md): every variant's count shared out evenly, the
 * new shards written with the slug, shard 0 saying how many there are, all in one transaction
 * conditional on the counts read (a sale meanwhile makes it read again). The sums do not
 * change. A product's shards never shrink (a release or an order may name any of them); asking
 * for as many or fewer changes nothing. Returns the number of shards.
 */
export async function spreadStock(
  ctx: Context,
  productId: string,
  shards = SALE_STOCK_SHARDS,
): Promise<number> {
  const target = Math.min(MAX_STOCK_SHARDS, Math.max(1, Math.floor(shards)));
  for (let attempt = 1; ; attempt++) {
    const { Item } = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: stockKey(productId), ConsistentRead: true }),
    );
    if (!Item) throw new DomainError("This product has no stock to spread", "productId", 404);
    const read = (await shardsOfItems(ctx, [Item])).get(productId) ?? [{}];
    if (target <= read.length) return read.length;
    const summed = sumCounts(read);
    const keys = Object.keys(summed);
    const shares = new Map(keys.map((key) => [key, splitEvenly(summed[key] ?? 0, target)]));
    const items = shardSets(ctx, productId, read, keys, summed, target, read.length);
    for (let shard = read.length; shard < target; shard++) {
      items.push({
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...stockShardKey(productId, shard),
            entity: STOCK_ENTITY,
            productId,
            shard,
            counts: Object.fromEntries(keys.map((key) => [key, shares.get(key)?.[shard] ?? 0])),
            ...(typeof Item.slug === "string" ? { slug: Item.slug } : {}),
          },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      });
    }
    try {
      await transact(ctx, items);
      return target;
    } catch (error) {
      if (!(error instanceof TransactionCancelled && items.some((_, i) => error.failedAt(i)))) {
        throw error;
      }
      if (attempt >= SAVE_ATTEMPTS) throw error;
    }
  }
}

function conditionalSet(
  ctx: Pick<Context, "tableName">,
  productId: string,
  shard: number,
  keys: readonly string[],
  current: Readonly<Record<string, number>>,
  next: Readonly<Record<string, number>>,
): TransactItem {
  const names: Record<string, string> = { ...PREVIOUS_NAMES };
  const values: Record<string, unknown> = { ...PREVIOUS_VALUES };
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
      Key: stockShardKey(productId, shard),
      UpdateExpression: `SET ${sets.join(", ")} ${LEAVE_INDEX}`,
      ConditionExpression: conditions.length > 0 ? conditions.join(" AND ") : undefined,
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

// The admin's changes of the stock: a save applies what they typed on top of whatever sold
// meanwhile (conditional on the counts read), spreading a product over shards before a sale, and
// the stock items' copy of a renamed product's slug (design: ./stock-read.server.ts).
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { conditionalUpdate } from "../db/conditional.server.ts";
import { stockKey, stockShardKey } from "../db/keys.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { countAfterSave, type StockCounts, splitEvenly, sumCounts } from "./stock.ts";
import {
  getStockShards,
  KEEP_PREVIOUS,
  LEAVE_INDEX,
  MAX_STOCK_SHARDS,
  newStockItem,
  PREVIOUS_NAMES,
  PREVIOUS_VALUES,
  SALE_STOCK_SHARDS,
  STOCK_CHANGED,
  STOCK_ENTITY,
  type StockChanged,
  shardsOfItems,
  stockItemKeys,
} from "./stock-read.server.ts";

/** Saves retried when a sale changes a count between the read and the write. */
const SAVE_ATTEMPTS = 5;

/**
 * The stock item's copy of the slug, after a rename (core/src/catalog/product-saves.server.ts).
 * Outside the rename's transaction, so a product without a stock item (older data) renames all
 * the same; if this write is lost, a stock change purges the old address and the new page keeps
 * its labels until its s-maxage (docs/decisions/018-edge-cache.md).
 */
export async function renameStock(ctx: Context, productId: string, slug: string) {
  // Every shard carries the slug: the edge purge names the page from the shard that changed.
  for (const Key of await stockItemKeys(ctx, productId)) {
    await conditionalUpdate(ctx, {
      TableName: ctx.tableName,
      Key,
      UpdateExpression: `SET #slug = :slug ${LEAVE_INDEX}`,
      ConditionExpression: "attribute_exists(pk)",
      ExpressionAttributeNames: { "#slug": "slug" },
      ExpressionAttributeValues: { ":slug": slug },
    });
  }
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

// The orders' changes of the stock: an order takes its units in the transaction that writes it
// (stockItems "reserve", conditional on enough being left, from the shards planStock names), and
// gives them back in the transaction that changes its state (stockItems "release"). The stock
// items, their reading and the admin's changes are in the modules re-exported here (the whole
// design: ./stock-read.server.ts).
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { stockShardKey } from "../db/keys.ts";
import type { TransactItem } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import {
  countKey,
  overStockMessage,
  planShards,
  type ShardTake,
  type StockCounts,
  sumCounts,
  unitsByProduct,
} from "./stock.ts";
import {
  getStockShards,
  KEEP_PREVIOUS,
  LEAVE_INDEX,
  PREVIOUS_NAMES,
  PREVIOUS_VALUES,
  STOCK_CHANGED,
  type StockChanged,
  type StockLine,
} from "./stock-read.server.ts";

export * from "./stock-read.server.ts";
export * from "./stock-save.server.ts";

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

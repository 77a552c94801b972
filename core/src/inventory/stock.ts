// Stock per variant, a product's colourway in one size (docs/product.md §9 "Stock"), browser-safe:
// what a variant's count means to a shopper ("Only N left" at or under the threshold, LOW_STOCK_THRESHOLD; "Out of
// stock"), the product's schema.org availability and the message that refuses an order line
// over the stock. Counts live in the table (stock.server.ts).

/**
 * Units on hand per variant, by its key ("navy/M" → 3: ../catalog/variants.ts variantKey). A
 * variant without a count has none.
 */
export type StockCounts = Readonly<Record<string, number>>;

/** The stock key of one colourway in one size: "navy/M". */
export function variantKey(colour: string, size: string): string {
  return `${colour}/${size}`;
}

export function parseVariantKey(key: string): { colour: string; size: string } | undefined {
  const slash = key.indexOf("/");
  if (slash <= 0 || slash === key.length - 1) return undefined;
  return { colour: key.slice(0, slash), size: key.slice(slash + 1) };
}

/**
 * The count's key of a line: its variant's; a line without a colour (an order placed before
 * colourways) counts under its size alone, a key no product of today offers.
 */
export function countKey(line: { colour?: string | undefined; size: string }): string {
  return line.colour ? variantKey(line.colour, line.size) : line.size;
}

export type SizeAvailability =
  | { state: "in"; left: number }
  | { state: "low"; left: number }
  | { state: "out"; left: 0 };

export const OUT_OF_STOCK = "Out of stock";

export const onlyLeft = (left: number) => `Only ${left} left`;

/** What one size's count means on the product page. */
export function sizeAvailability(left: number | undefined, threshold: number): SizeAvailability {
  const units = typeof left === "number" && left > 0 ? Math.floor(left) : 0;
  if (units === 0) return { state: "out", left: 0 };
  return units <= threshold ? { state: "low", left: units } : { state: "in", left: units };
}

/** The label under a size, or null when plenty are left. */
export function availabilityLabel(availability: SizeAvailability): string | null {
  if (availability.state === "out") return OUT_OF_STOCK;
  if (availability.state === "low") return onlyLeft(availability.left);
  return null;
}

/**
 * The same number of units of every key given (seeding and tests): variant keys, or sizes, which
 * a new product's stock gives to every colourway (../catalog/product-saves.server.ts).
 */
export function unitsOfEach(keys: readonly string[], units: number): StockCounts {
  return Object.fromEntries(keys.map((key) => [key, units]));
}

/** Whether any of the offered variants (their keys) can be bought. */
export function anyInStock(keys: readonly string[], stock: StockCounts): boolean {
  return keys.some((key) => (stock[key] ?? 0) > 0);
}

export type SchemaAvailability = "InStock" | "LimitedAvailability" | "OutOfStock";

/**
 * The availability for search engines of these variants (their keys: a product's, or one): in
 * stock when some has plenty, limited when only low ones are left, out of stock when none is.
 */
export function schemaAvailability(
  keys: readonly string[],
  stock: StockCounts,
  threshold: number,
): SchemaAvailability {
  const states = keys.map((key) => sizeAvailability(stock[key], threshold).state);
  if (states.includes("in")) return "InStock";
  if (states.includes("low")) return "LimitedAvailability";
  return "OutOfStock";
}

/**
 * A variant as the stock messages name it, from its colour's and size's names: "Navy, size
 * Medium"; "size Medium" without a named colour (orders placed before colourways, docs/product.md
 * §9 "Colours"). A line's is cart/cart.ts lineVariant.
 */
export function variantPhrase(colourName: string | undefined, sizeName: string): string {
  return colourName ? `${colourName}, size ${sizeName}` : `size ${sizeName}`;
}

/**
 * Why a line cannot be ordered: names the product, its variant (variantPhrase) and what is left:
 * "Only 2 left of Piqué Polo Shirt in Navy, size Medium".
 */
export function overStockMessage(productName: string, variant: string, left: number): string {
  return left > 0
    ? `Only ${left} left of ${productName} in ${variant}`
    : `${productName} in ${variant} is out of stock`;
}

export interface LineStock {
  /** "over": more in the cart than is left; "low": at or under the threshold. */
  tone: "ok" | "low" | "over";
  text: string;
}

/** What the cart and the checkout say under a line, from the units left of its variant. */
export function lineStock(
  line: { quantity: number; productName: string; variant: string },
  left: number,
  threshold: number,
): LineStock {
  const units = Math.max(0, left);
  if (line.quantity > units) {
    return { tone: "over", text: overStockMessage(line.productName, line.variant, units) };
  }
  if (units <= threshold) return { tone: "low", text: onlyLeft(units) };
  return { tone: "ok", text: "In stock" };
}

/** Quantities per product and count key (countKey), summed over lines (an order may repeat one). */
export function unitsByProduct(
  lines: ReadonlyArray<{
    productId: string;
    colour?: string | undefined;
    size: string;
    quantity: number;
  }>,
): Map<string, Map<string, number>> {
  const units = new Map<string, Map<string, number>>();
  for (const line of lines) {
    const keys = units.get(line.productId) ?? new Map<string, number>();
    const key = countKey(line);
    keys.set(key, (keys.get(key) ?? 0) + line.quantity);
    units.set(line.productId, keys);
  }
  return units;
}

/**
 * The count an admin's save leaves: what they typed, plus whatever sales (or releases) changed
 * since the form was shown — a save never undoes a concurrent sale. Never below zero.
 */
export function countAfterSave(current: number, shown: number, typed: number): number {
  return Math.max(0, current + (typed - shown));
}

/**
 * A product's counts summed over its stock shards (docs/decisions/043-stock-shards.md): what the
 * shop shows and sells. A product never spread has one shard, its one stock item.
 */
export function sumCounts(shards: readonly StockCounts[]): StockCounts {
  const sum: Record<string, number> = {};
  for (const counts of shards) {
    for (const [key, n] of Object.entries(counts)) sum[key] = (sum[key] ?? 0) + n;
  }
  return sum;
}

/** `total` units over `parts` shards, as evenly as whole units go (the first ones get the rest). */
export function splitEvenly(total: number, parts: number): number[] {
  const whole = Math.max(0, Math.floor(total));
  const base = Math.floor(whole / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < whole % parts ? 1 : 0));
}

/** Units to take per shard (its number) and count key. */
export type ShardTake = Map<number, Map<string, number>>;

/**
 * Where an order takes one product's units (`wanted` per count key) among its shards' counts:
 * one shard that can serve them all, the first found going round from `start` (a buyer's random
 * start spreads buyers over the shards); else each key's units from the shards that have some,
 * going round from `start`. Null when the product's summed count of some key is short of what
 * is wanted (a shard below zero, after a payment that arrived late, counts against the sum).
 */
export function planShards(
  shards: readonly StockCounts[],
  wanted: ReadonlyMap<string, number>,
  start = 0,
): ShardTake | null {
  const n = Math.max(1, shards.length);
  const summed = sumCounts(shards);
  for (const [key, quantity] of wanted) if ((summed[key] ?? 0) < quantity) return null;
  const order = Array.from({ length: n }, (_, i) => (start + i) % n);
  const whole = order.find((shard) =>
    [...wanted].every(([key, quantity]) => (shards[shard]?.[key] ?? 0) >= quantity),
  );
  if (whole !== undefined) return new Map([[whole, new Map(wanted)]]);
  const take: ShardTake = new Map();
  for (const [key, quantity] of wanted) {
    let left = quantity;
    for (const shard of order) {
      const units = Math.min(left, Math.max(0, shards[shard]?.[key] ?? 0));
      if (units <= 0) continue;
      const keys = take.get(shard) ?? new Map<string, number>();
      keys.set(key, units);
      take.set(shard, keys);
      left -= units;
      if (left === 0) break;
    }
    if (left > 0) return null;
  }
  return take;
}

// Stock per product and size (docs/product.md §9 "Stock"), browser-safe: what a size's count
// means to a shopper ("Only N left" at or under the threshold, LOW_STOCK_THRESHOLD; "Out of
// stock"), the product's schema.org availability and the message that refuses an order line
// over the stock. Counts live in the table (stock.server.ts).

/** Units on hand per size tag ("M" → 3). A size without a count has none. */
export type StockCounts = Readonly<Record<string, number>>;

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

/** The same number of units of every size (seeding and tests). */
export function unitsOfEach(sizes: readonly string[], units: number): StockCounts {
  return Object.fromEntries(sizes.map((size) => [size, units]));
}

/** Whether any of the offered sizes can be bought. */
export function anyInStock(sizes: readonly string[], stock: StockCounts): boolean {
  return sizes.some((size) => (stock[size] ?? 0) > 0);
}

export type SchemaAvailability = "InStock" | "LimitedAvailability" | "OutOfStock";

/**
 * The product's availability for search engines: in stock when some size has plenty, limited
 * when only low sizes are left, out of stock when none is.
 */
export function schemaAvailability(
  sizes: readonly string[],
  stock: StockCounts,
  threshold: number,
): SchemaAvailability {
  const states = sizes.map((size) => sizeAvailability(stock[size], threshold).state);
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

/** Quantities per product and size, summed over lines (an order may repeat a product). */
export function unitsByProduct(
  lines: ReadonlyArray<{ productId: string; size: string; quantity: number }>,
): Map<string, Map<string, number>> {
  const units = new Map<string, Map<string, number>>();
  for (const line of lines) {
    const sizes = units.get(line.productId) ?? new Map<string, number>();
    sizes.set(line.size, (sizes.get(line.size) ?? 0) + line.quantity);
    units.set(line.productId, sizes);
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

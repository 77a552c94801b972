// Which of a product's variants can be bought (docs/product.md §9 "Stock"), as the catalogue keeps
// it on the product item (`inStock`, kept by ./availability.server.ts from the stock counts keyed
// by variant key, ./variants.ts variantKey): its colour and size filters are answered from it.
// Browser-safe.
import { parseVariantKey, variantKey } from "./variants.ts";

/**
 * The keys among `keys` with a unit left, in `keys`' order. Counts kept by size alone (stock
 * older than variants, until its migration) count for every colour of that size.
 */
export function inStockVariants(
  keys: readonly string[],
  counts: Readonly<Record<string, number>>,
): string[] {
  const bySize = !Object.keys(counts).some((key) => key.includes("/"));
  return keys.filter((key) => {
    const units = bySize ? counts[parseVariantKey(key)?.size ?? ""] : counts[key];
    return (units ?? 0) > 0;
  });
}

/** Is this colour in this size in stock? */
export function variantInStock(inStock: readonly string[], colour: string, size: string): boolean {
  return inStock.includes(variantKey(colour, size));
}

/** Has this colour some size in stock? */
export function colourInStock(inStock: readonly string[], colour: string): boolean {
  return inStock.some((key) => parseVariantKey(key)?.colour === colour);
}

/** The sizes in stock in this colour. */
export function sizesInStock(inStock: readonly string[], colour: string): string[] {
  return inStock.flatMap((key) => {
    const variant = parseVariantKey(key);
    return variant?.colour === colour ? [variant.size] : [];
  });
}

// The cart page's prices: the stored lines joined with today's products from /api/cart. Kept
// apart from lib/cart.ts, which every page loads for the navbar count, so only the cart page
// ships this code.
import { type CartLine, lineKey, lineVariant } from "@shop/core/cart";
import { type LineStock, lineStock } from "@shop/core/inventory";
import { useCallback, useEffect, useState } from "react";
import type { CartColourway, CartProduct } from "../routes/api.cart";
import { readCart, removeLines, settleCartColours } from "./cart";

/**
 * A cart line with its product as the server has it today (name, current price), its colourway
 * (name, swatch, that colour's photo) and what its quantity means against the units left of its
 * variant ("Only 2 left of … in Navy, size Medium").
 */
export interface PricedCartLine extends CartLine {
  key: string;
  product: CartProduct;
  colourway: CartColourway;
  stock: LineStock;
}

export type CartProductsState =
  | { status: "loading" }
  | { status: "error"; retry: () => void }
  | { status: "ready"; lines: PricedCartLine[]; removedCount: number };

/**
 * The cart's lines priced with today's products, fetched from /api/cart (never a stored price).
 * Asks again only when a product not yet fetched appears; quantity changes are instant. Lines
 * whose product no longer exists (or no longer comes in that size) are removed from the stored
 * cart, and `removedCount` says how many were removed since the page opened. Lines saved before
 * colourways are settled into their product's first colourway and stored so.
 */
export function useCartProducts(lines: readonly CartLine[]): CartProductsState {
  const [products, setProducts] = useState<ReadonlyMap<string, CartProduct | null>>(
    () => new Map(),
  );
  const [threshold, setThreshold] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [removedCount, setRemovedCount] = useState(0);

  // Product ids the page has not asked about yet.
  const missing = [...new Set(lines.map((line) => line.productId))].filter(
    (id) => !products.has(id),
  );
  const missingKey = missing.join(",");

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the request on retry.
  useEffect(() => {
    if (missingKey === "") return;
    const controller = new AbortController();
    // Everything in the cart is asked at once, so every price shown is today's.
    const ids = [
      ...new Set([...readCart().map((line) => line.productId), ...missingKey.split(",")]),
    ];
    setFailed(false);
    fetch(`/api/cart?ids=${encodeURIComponent(ids.join(","))}`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`GET /api/cart answered ${response.status}`);
        const body = (await response.json()) as {
          products: CartProduct[];
          lowStockThreshold: number;
        };
        setThreshold(body.lowStockThreshold);
        const next = new Map<string, CartProduct | null>(ids.map((id) => [id, null]));
        for (const product of body.products) next.set(product.id, product);
        setProducts(next);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error(error);
          setFailed(true);
        }
      });
    return () => controller.abort();
  }, [missingKey, attempt]);

  // A cart saved before colourways: its lines take their product's first colourway, stored.
  const unsettledKey = lines
    .filter((line) => !line.colour && products.get(line.productId))
    .map(lineKey)
    .join(",");
  useEffect(() => {
    if (unsettledKey === "") return;
    settleCartColours((id) => products.get(id)?.colourways[0]?.id);
  }, [unsettledKey, products]);

  // Remove lines that cannot be bought any more (once their product is known to be gone, or no
  // longer comes in that colour or size).
  const unavailable = lines.filter((line) => {
    if (!products.has(line.productId)) return false;
    const product = products.get(line.productId);
    return !product || !colourwayOf(product, line) || !product.sizes.includes(line.size);
  });
  const unavailableKey = unavailable.map(lineKey).join(",");
  useEffect(() => {
    if (unavailableKey === "") return;
    const keys = unavailableKey.split(",");
    removeLines(keys);
    setRemovedCount((count) => count + keys.length);
  }, [unavailableKey]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (failed) return { status: "error", retry };
  const priced: PricedCartLine[] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    if (product === undefined) return { status: "loading" };
    // Not yet settled into its first colourway: shown once it is (the effect above).
    if (product && !line.colour) return { status: "loading" };
    const colourway = product ? colourwayOf(product, line) : undefined;
    if (product && colourway && product.sizes.includes(line.size)) {
      const stock = lineStock(
        {
          quantity: line.quantity,
          productName: product.name,
          variant: lineVariant(colourway.id, line.size),
        },
        colourway.stock[line.size] ?? 0,
        threshold,
      );
      priced.push({ ...line, key: lineKey(line), product, colourway, stock });
    }
  }
  return { status: "ready", lines: priced, removedCount };
}

/** The line's colourway; a line without a colour is in the product's first. */
function colourwayOf(product: CartProduct, line: CartLine): CartColourway | undefined {
  if (!line.colour) return product.colourways[0];
  return product.colourways.find((way) => way.id === line.colour);
}

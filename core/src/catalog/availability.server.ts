// Which of a product's variants the catalogue lists as in stock (`inStock`, its variant keys: the
// colour and size filters) and whether it is sold out (its "In stock only" filter), kept from the
// stock: a reaction to `stock.changed` (core/src/reactions) reads the counts (keyed by variant,
// "navy/M") and, only when a product's answer changes, updates the product and the catalogue
// version in one transaction. A sale that leaves units of the variant changes nothing the
// catalogue shows, so the read model is not reloaded for it; the sale of a variant's last unit
// is. Idempotent: a second delivery finds nothing to change.
import type { Context } from "../context/index.server.ts";
import { bumpCatalogVersion } from "../db/catalog-version.ts";
import { productKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { getStocks, type StockChanged } from "../inventory/stock.server.ts";
import { inStockVariants } from "./in-stock.ts";
import { getProductsByIds } from "./product-lookups.server.ts";
import { catalogSnapshot } from "./read-model.server.ts";
import { type SizeTag, sizeLabel, sizeName } from "./sizes.ts";
import { colourOf } from "./variants.ts";

/**
 * Reaction to `stock.changed`: returns the ids of the products whose in-stock variants (and so,
 * maybe, sold-out flag) changed.
 */
export async function syncSoldOut(ctx: Context, event: DomainEvent): Promise<string[]> {
  const { productIds = [] } = event.payload as unknown as Partial<StockChanged>;
  const [products, stocks] = await Promise.all([
    getProductsByIds(ctx, productIds),
    getStocks(ctx, productIds),
  ]);
  const flipped: string[] = [];
  for (const product of products) {
    const inStock = inStockVariants(
      product.variants.map((variant) => variant.key),
      stocks.get(product.id) ?? {},
    );
    const soldOut = inStock.length === 0;
    if (soldOut === product.soldOut && sameKeys(inStock, product.inStock)) continue;
    try {
      await transact(ctx, [
        {
          Update: {
            TableName: ctx.tableName,
            Key: productKey(product.id),
            UpdateExpression: "SET soldOut = :soldOut, inStock = :inStock",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: { ":soldOut": soldOut, ":inStock": inStock },
          },
        },
        bumpCatalogVersion(ctx),
      ]);
      flipped.push(product.id);
    } catch (error) {
      // Deleted meanwhile: nothing to show.
      if (!(error instanceof TransactionCancelled && error.failedAt(0))) throw error;
    }
  }
  return flipped;
}

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key, i) => key === b[i]);

/** A variant at or under the low-stock threshold (the admin's "Low stock" view). */
export interface LowStockRow {
  productId: string;
  name: string;
  slug: string;
  /** The variant's key ("navy/M"), its colour (a palette id, and its name), size and SKU. */
  key: string;
  colour: string;
  colourName: string;
  size: SizeTag;
  sizeLabel: string;
  sizeName: string;
  sku: string;
  left: number;
}

/**
 * Every variant at or under the threshold, lowest first (then by name, colour and size): the
 * catalogue read model's products, and their stock items read by key (BatchGetItem, 100 at a
 * time: stock items are in no index, docs/decisions/041-flash-sale-stock.md), joined in memory.
 * Counts are kept per variant, by its key (docs/product.md §9 "Stock").
 */
export async function listLowStock(ctx: Context): Promise<LowStockRow[]> {
  const snapshot = await catalogSnapshot(ctx);
  const stocks = await getStocks(
    ctx,
    [...snapshot.bySlug.values()].map((product) => product.id),
  );
  const threshold = ctx.config.lowStockThreshold;
  const rows: Array<LowStockRow & { order: number }> = [];
  for (const product of snapshot.bySlug.values()) {
    const counts = stocks.get(product.id) ?? {};
    product.variants.forEach(({ key, colour, size, sku }, order) => {
      const left = Math.max(0, counts[key] ?? 0);
      if (left > threshold) return;
      const { id: productId, name, slug } = product;
      rows.push({
        productId,
        name,
        slug,
        key,
        colour,
        colourName: colourOf(colour)?.name ?? colour,
        size,
        sizeLabel: sizeLabel(size),
        sizeName: sizeName(size),
        sku,
        left,
        order,
      });
    });
  }
  // Within a product, its variants in the product's order (colour by colour, sizes in order).
  return rows
    .sort((a, b) => a.left - b.left || a.name.localeCompare(b.name) || a.order - b.order)
    .map(({ order: _, ...row }) => row);
}

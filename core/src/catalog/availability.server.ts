// Whether the catalogue lists a product as sold out (its "In stock only" filter), kept from the
// stock: a reaction to `stock.changed` (core/src/reactions) reads the counts and, only when a
// product's answer flips, updates the product and the catalogue version in one transaction. A
// sale that leaves units changes nothing the catalogue shows, so the read model is not reloaded
// for it. Idempotent: a second delivery finds nothing to flip.
import type { Context } from "../context/index.server.ts";
import { bumpCatalogVersion } from "../db/catalog-version.ts";
import { productKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { getStocks, listAllStock, type StockChanged } from "../inventory/stock.server.ts";
import { anyInStock } from "../inventory/stock.ts";
import { getProductsByIds } from "./product-lookups.server.ts";
import { catalogSnapshot } from "./read-model.server.ts";
import type { SizeTag } from "./sizes.ts";
import { variantName } from "./variants.ts";

/** Reaction to `stock.changed`: returns the ids of the products whose sold-out flag flipped. */
export async function syncSoldOut(ctx: Context, event: DomainEvent): Promise<string[]> {
  const { productIds = [] } = event.payload as unknown as Partial<StockChanged>;
  const [products, stocks] = await Promise.all([
    getProductsByIds(ctx, productIds),
    getStocks(ctx, productIds),
  ]);
  const flipped: string[] = [];
  for (const product of products) {
    const keys = product.variants.map((variant) => variant.key);
    const soldOut = !anyInStock(keys, stocks.get(product.id) ?? {});
    if (soldOut === product.soldOut) continue;
    try {
      await transact(ctx, [
        {
          Update: {
            TableName: ctx.tableName,
            Key: productKey(product.id),
            UpdateExpression: "SET soldOut = :soldOut",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: { ":soldOut": soldOut },
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

/** A product size at or under the low-stock threshold (the admin's "Low stock" view). */
export interface LowStockRow {
  productId: string;
  name: string;
  slug: string;
  /** The variant: its key ("navy/M"), colour, size and SKU. */
  key: string;
  colour: string;
  size: SizeTag;
  sku: string;
  /** "Navy, Medium" (the size alone for a product whose colour is not named). */
  sizeName: string;
  left: number;
}

/**
 * Every variant at or under the threshold, lowest first (then by name and variant): the stock
 * items (one Query on gsi1 STOCK, paged) joined with the catalogue read model in memory.
 */
export async function listLowStock(ctx: Context): Promise<LowStockRow[]> {
  const [stocks, snapshot] = await Promise.all([listAllStock(ctx), catalogSnapshot(ctx)]);
  const threshold = ctx.config.lowStockThreshold;
  const rows: LowStockRow[] = [];
  for (const product of snapshot.bySlug.values()) {
    const counts = stocks.get(product.id) ?? {};
    for (const { key, colour, size, sku } of product.variants) {
      const left = Math.max(0, counts[key] ?? 0);
      if (left > threshold) continue;
      const { id: productId, name, slug } = product;
      rows.push({
        productId,
        name,
        slug,
        key,
        colour,
        size,
        sku,
        sizeName: variantName(colour, size),
        left,
      });
    }
  }
  return rows.sort(
    (a, b) => a.left - b.left || a.name.localeCompare(b.name) || a.key.localeCompare(b.key),
  );
}

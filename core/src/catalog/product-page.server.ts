// The product page's data (docs/product.md §2 "Product page"): the product, its stock per size and
// a page of its reviews.
import type { Context } from "../context/index.server.ts";
import { stockKey } from "../db/keys.ts";
import { getStock } from "../inventory/stock.server.ts";
import type { StockCounts } from "../inventory/stock.ts";
import { listProductReviews, type ReviewPage } from "../reviews/listing.server.ts";
import type { Product } from "./products.server.ts";
import {
  type CatalogSnapshot,
  catalogSnapshot,
  catalogSnapshotWith,
  lastSnapshot,
  rememberForVersion,
} from "./read-model.server.ts";

export interface ProductPageData {
  product: Product;
  /** Units per size, read now (consistently). */
  stock: StockCounts;
  reviewPage: ReviewPage;
}

/**
 * The product with this slug, its stock and a page of its reviews (the first, or the one
 * `reviewsCursor` points at); null when no product has this slug. The product comes from the
 * catalogue read model and its stock from the same BatchGetItem that reads the catalogue
 * version (the product's id is known from the snapshot in memory); the first page of reviews,
 * which every visitor sees, is remembered for the catalogue version (a review written or deleted
 * bumps it): one round trip when warm, whatever the catalogue size. Other pages of reviews cost
 * one Query more, and so does a product the process has not seen yet.
 */
export async function getProductPage(
  ctx: Context,
  slug: string,
  options: { reviewsCursor?: string | null } = {},
): Promise<ProductPageData | null> {
  const knownId = lastSnapshot(ctx)?.bySlug.get(slug)?.id;
  let snapshot: CatalogSnapshot;
  let stock: StockCounts | undefined;
  if (knownId) {
    const read = await catalogSnapshotWith(ctx, stockKey(knownId));
    snapshot = read.snapshot;
    stock = (read.item?.counts as StockCounts | undefined) ?? {};
  } else {
    snapshot = await catalogSnapshot(ctx);
  }
  const product = snapshot.bySlug.get(slug);
  if (!product) return null;
  if (product.id !== knownId) stock = await getStock(ctx, product.id);
  const reviewPage = options.reviewsCursor
    ? await listProductReviews(ctx, product.id, { cursor: options.reviewsCursor })
    : await rememberForVersion(snapshot, `reviews:${product.id}`, () =>
        listProductReviews(ctx, product.id),
      );
  return { product, stock: stock ?? {}, reviewPage };
}

// The product page's data (docs/product.md §2 "Product page"): the product, its stock per size and
// a page of its reviews.
import type { Context } from "../context/index.server.ts";
import { stockKey } from "../db/keys.ts";
import { countsOfStockItem, getStock } from "../inventory/stock.server.ts";
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
 * one Query more, and so does a product the process has not seen yet; a product whose stock is
 * spread over shards one BatchGetItem more (docs/decisions/043-stock-shards.md).
 */
export async function getProductPage(
  ctx: Context,
  slug: string,
  options: { reviewsCursor?: string | null } = {},
): Promise<ProductPageData | null> {
  const parts = await getProductPageParts(ctx, slug, options);
  return parts && { ...parts, reviewPage: await parts.reviewPage };
}

/** The product page's data in two parts: what the page needs first, and its reviews to come. */
export interface ProductPageParts {
  product: Product;
  /** The snapshot it came from (its automatic offers: ../promotions/page-offers.server.ts). */
  snapshot: CatalogSnapshot;
  /** Units per size, read now (consistently). */
  stock: StockCounts;
  /** The page of reviews, its read already started: the page may render before it answers. */
  reviewPage: Promise<ReviewPage>;
}

/**
 * getProductPage, without waiting for the reviews: the product and its stock once read, the
 * reviews' read started at once beside whatever the caller reads next (the product page defers
 * them, docs/architecture.md §13).
 */
export async function getProductPageParts(
  ctx: Context,
  slug: string,
  options: { reviewsCursor?: string | null } = {},
): Promise<ProductPageParts | null> {
  const knownId = lastSnapshot(ctx)?.bySlug.get(slug)?.id;
  let snapshot: CatalogSnapshot;
  let stock: StockCounts | undefined;
  if (knownId) {
    const read = await catalogSnapshotWith(ctx, stockKey(knownId));
    snapshot = read.snapshot;
    // A product spread over stock shards for a sale: its other shards read now, and summed.
    stock = await countsOfStockItem(ctx, read.item);
  } else {
    snapshot = await catalogSnapshot(ctx);
  }
  const product = snapshot.bySlug.get(slug);
  if (!product) return null;
  const reviewPage = options.reviewsCursor
    ? listProductReviews(ctx, product.id, { cursor: options.reviewsCursor })
    : rememberForVersion(snapshot, `reviews:${product.id}`, () =>
        listProductReviews(ctx, product.id),
      );
  // A product this process had not seen: its stock is read beside its reviews.
  if (product.id !== knownId) {
    try {
      stock = await getStock(ctx, product.id);
    } catch (error) {
      reviewPage.catch(() => {}); // the page fails with the stock's error; the reviews' is moot
      throw error;
    }
  }
  return { product, snapshot, stock: stock ?? {}, reviewPage };
}

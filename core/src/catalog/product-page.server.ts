// The product page's data (docs/product.md §2 "Product page"): the product and a page of its reviews.
import type { Context } from "../context/index.server.ts";
import { listProductReviews, type ReviewPage } from "../reviews/listing.server.ts";
import type { Product } from "./products.server.ts";
import { catalogSnapshot, rememberForVersion } from "./read-model.server.ts";

export interface ProductPageData {
  product: Product;
  reviewPage: ReviewPage;
}

/**
 * The product with this slug and a page of its reviews (the first, or the one `reviewsCursor`
 * points at); null when no product has this slug. The product comes from the catalogue read
 * model, and the first page of reviews, which every visitor sees, is remembered for the
 * catalogue version (a review written or deleted bumps it): one round trip when warm, whatever
 * the catalogue size. Other pages of reviews cost one Query more.
 */
export async function getProductPage(
  ctx: Context,
  slug: string,
  options: { reviewsCursor?: string | null } = {},
): Promise<ProductPageData | null> {
  const snapshot = await catalogSnapshot(ctx);
  const product = snapshot.bySlug.get(slug);
  if (!product) return null;
  const reviewPage = options.reviewsCursor
    ? await listProductReviews(ctx, product.id, { cursor: options.reviewsCursor })
    : await rememberForVersion(snapshot, `reviews:${product.id}`, () =>
        listProductReviews(ctx, product.id),
      );
  return { product, reviewPage };
}

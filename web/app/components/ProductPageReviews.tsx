// The product page's reviews (docs/product.md §2): deferred data for a signed-in visitor's client
// navigation, awaited in a <Suspense> that keeps their place, with their pages and "Write a
// review" when the server allows it (web/app/lib/product-page-loader.server.ts).
import { Await } from "@remix-run/react";
import type { ReviewStats } from "@shop/core/reviews";
import { type ComponentProps, lazy, Suspense } from "react";
import { ProductReviews, type ReviewView } from "./ProductReviews";
import { WRITE_REVIEW_PARAM, WriteReviewBox } from "./ReviewDialog";

/**
 * The reviews, below the fold: rendered by the server, and in the browser a chunk of their own,
 * hydrated once it has arrived, after the page's own code (docs/decisions/033-colourways-and-variants.md
 * "Performance"). The router's updates are transitions, so the server's reviews stay meanwhile.
 */
const LazyReviews = import.meta.env.SSR
  ? ProductReviews
  : lazy(() =>
      import("./ProductReviews").then((module) => ({
        default: module.ProductReviews,
      })),
    );

function Reviews(props: ComponentProps<typeof ProductReviews>) {
  return (
    <Suspense fallback={null}>
      <LazyReviews {...props} />
    </Suspense>
  );
}

/** A page of the product's reviews as the loader sends it. */
export interface ProductReviewsPage {
  reviews: ReviewView[];
  previousCursor: string | null;
  nextCursor: string | null;
  canReview: boolean;
}

const reviewsHref = (cursor: string | null) =>
  cursor ? `?reviews=${encodeURIComponent(cursor)}#reviews` : null;

export function ProductPageReviews({
  stats,
  reviews,
}: {
  stats: ReviewStats;
  reviews: ProductReviewsPage | Promise<ProductReviewsPage>;
}) {
  return (
    <Suspense fallback={<Reviews stats={stats} pending />}>
      <Await resolve={reviews} errorElement={<Reviews stats={stats} failed />}>
        {(page) => (
          <Reviews
            stats={stats}
            reviews={page.reviews}
            previousHref={reviewsHref(page.previousCursor)}
            nextHref={reviewsHref(page.nextCursor)}
            writeReview={
              page.canReview ? <WriteReviewBox openHref={`?${WRITE_REVIEW_PARAM}=1`} /> : null
            }
          />
        )}
      </Await>
    </Suspense>
  );
}

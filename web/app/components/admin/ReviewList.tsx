import { Link } from "@remix-run/react";
import { ConfirmButton } from "./ConfirmButton";

export interface AdminReviewView {
  productId: string;
  userId: string;
  authorFirstName: string;
  authorLastName: string;
  rating: number;
  description: string;
  createdAt: string;
  product: { name: string; slug: string } | null;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

const authorOf = (review: AdminReviewView) =>
  `${review.authorFirstName} ${review.authorLastName}`.trim() || "Customer";

/** The latest reviews, each with its product, author, stars, date and text (as text). */
export function ReviewList({
  reviews,
  cursor,
}: {
  reviews: readonly AdminReviewView[];
  /** The page shown, so a delete comes back to it. */
  cursor: string | null;
}) {
  if (reviews.length === 0) return <p className="text-stone-600">There are no reviews.</p>;
  return (
    <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200">
      {reviews.map((review) => (
        <li key={`${review.productId}-${review.userId}`} data-testid="admin-review" className="p-4">
          <article aria-label={`Review by ${authorOf(review)}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                {review.product ? (
                  <Link
                    to={`/product/${review.product.slug}`}
                    className="break-words font-semibold text-accent-700 underline hover:text-accent-800"
                  >
                    {review.product.name}
                  </Link>
                ) : (
                  <span className="font-semibold text-stone-500">Deleted product</span>
                )}
                <p className="text-sm text-stone-600">
                  <span className="font-medium text-stone-800">{authorOf(review)}</span>
                  {" · "}
                  <time dateTime={review.createdAt}>
                    {dateFormat.format(new Date(review.createdAt))}
                  </time>
                </p>
              </div>
              <ConfirmButton
                label="Delete"
                question={`Delete the review by ${authorOf(review)}?`}
                detail="It disappears from the product page and its rating no longer counts."
                fields={{
                  intent: "delete",
                  productId: review.productId,
                  userId: review.userId,
                  ...(cursor ? { cursor } : {}),
                }}
              />
            </div>
            <p className="mt-2 flex items-center" data-testid="admin-review-rating">
              <span className="sr-only">Rated {review.rating} out of 5 stars</span>
              {[1, 2, 3, 4, 5].map((star) => (
                <svg
                  key={star}
                  viewBox="0 0 20 20"
                  width="16"
                  height="16"
                  className={star <= review.rating ? "fill-star" : "fill-stone-300"}
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z" />
                </svg>
              ))}
            </p>
            <p className="mt-2 whitespace-pre-line break-words text-stone-700">
              {review.description}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}

import { Form, Link } from "@remix-run/react";
import type { ReviewStats } from "@shop/core/reviews";
import type { ReactNode } from "react";
import { longDateUtc } from "../lib/dates";
import { StarIcon, Stars } from "./Stars";

export interface ReviewView {
  /**
   * The author's account, only when the viewer may delete the review (their own, or any for an
   * admin): a page for anonymous visitors, which a shared cache keeps, names no account.
   */
  deletableBy: string | null;
  /** As the shop shows it ("Jane D.", `reviewAuthorName`): the page never carries the last name. */
  author: string;
  rating: number;
  description: string;
  createdAt: string;
}

/**
 * Customer reviews (docs/product.md §2): the rounded average, the distribution from 5 stars down to 1 and
 * a list of 10 a page, newest first, paged with real links (?reviews=<cursor>). Review texts
 * are rendered as text, never as HTML. `writeReview` is where the "Write a review" box goes
 * (the product page passes it when the signed-in user may review); nothing renders without it.
 * The list may come after the rest of the page (deferred data): `pending` keeps its place until
 * it does, and `failed` says that it could not be read.
 */
export function ProductReviews({
  stats,
  reviews = [],
  previousHref = null,
  nextHref = null,
  writeReview,
  pending = false,
  failed = false,
}: {
  stats: ReviewStats;
  reviews?: readonly ReviewView[];
  previousHref?: string | null;
  nextHref?: string | null;
  writeReview?: ReactNode;
  pending?: boolean;
  failed?: boolean;
}) {
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="mt-16 scroll-mt-6 border-t border-stone-200 pt-12 lg:grid lg:grid-cols-[18rem_1fr] lg:gap-12"
    >
      <div>
        <h2 id="reviews-heading" className="text-2xl font-semibold tracking-tight">
          Customer reviews
        </h2>
        <div className="mt-3 flex items-center gap-3">
          <Stars average={stats.roundedAverage} count={stats.count} />
        </div>
        <p className="mt-1 text-sm text-stone-600">
          {stats.count === 0
            ? "No reviews yet"
            : `Based on ${stats.count} ${stats.count === 1 ? "review" : "reviews"}`}
        </p>

        <h3 className="sr-only">Rating distribution</h3>
        <dl className="mt-6 space-y-2">
          {stats.distribution.map((share) => (
            <div key={share.stars} className="flex items-center gap-3 text-sm">
              <dt className="w-14 shrink-0 text-stone-700">
                {share.stars} {share.stars === 1 ? "star" : "stars"}
              </dt>
              <dd className="flex flex-1 items-center gap-3">
                <span
                  aria-hidden="true"
                  className="h-2.5 flex-1 overflow-hidden rounded-full bg-stone-200"
                >
                  <span
                    className="block h-full rounded-full bg-star"
                    style={{ width: `${share.percent}%` }}
                  />
                </span>
                <span className="w-8 text-right text-stone-600 tabular-nums">{share.count}</span>
              </dd>
            </div>
          ))}
        </dl>

        {writeReview ? <div className="mt-8">{writeReview}</div> : null}
      </div>

      <div className="mt-10 lg:mt-0">
        <h3 className="sr-only">Reviews</h3>
        {pending ? (
          // The list's place kept (no layout shift when it arrives); said once to screen readers.
          <p aria-busy="true" className="min-h-48 text-stone-600" data-testid="reviews-pending">
            Loading the reviews…
          </p>
        ) : failed ? (
          <p role="alert" className="text-stone-600">
            The reviews could not be loaded. Reload the page to see them.
          </p>
        ) : reviews.length === 0 ? (
          <p className="text-stone-600">
            There are no reviews of this product yet. Customers who bought it can write one.
          </p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {reviews.map((review) => (
              <li key={`${review.createdAt}-${review.author}`} className="py-6 first:pt-0">
                <article aria-label={`Review by ${review.author}`}>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <p className="font-semibold text-stone-900">{review.author}</p>
                    <time dateTime={review.createdAt} className="text-sm text-stone-500">
                      {longDateUtc(review.createdAt)}
                    </time>
                  </div>
                  <div className="mt-1">
                    <RatingStars rating={review.rating} />
                  </div>
                  <p className="mt-3 whitespace-pre-line break-words text-stone-700">
                    {review.description}
                  </p>
                  {review.deletableBy ? (
                    <Form method="post" preventScrollReset className="mt-3">
                      <input type="hidden" name="intent" value="delete-review" />
                      <input type="hidden" name="author" value={review.deletableBy} />
                      <button
                        type="submit"
                        aria-label={`Delete review by ${review.author}`}
                        className="rounded text-sm font-medium text-red-700 underline hover:text-red-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
                      >
                        Delete
                      </button>
                    </Form>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        )}

        {previousHref || nextHref ? (
          <nav aria-label="Reviews pages" className="mt-8 flex justify-between gap-4">
            <PageLink to={previousHref} label="Previous reviews" />
            <PageLink to={nextHref} label="Next reviews" />
          </nav>
        ) : null}
      </div>
    </section>
  );
}

function PageLink({ to, label }: { to: string | null; label: string }) {
  const className = "inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium";
  if (!to) {
    return (
      <span aria-disabled="true" className={`${className} border-stone-200 text-stone-400`}>
        {label}
      </span>
    );
  }
  return (
    <Link
      to={to}
      preventScrollReset
      className={`${className} border-stone-300 text-stone-800 hover:bg-stone-100`}
    >
      {label}
    </Link>
  );
}

function RatingStars({ rating }: { rating: number }) {
  return (
    <p className="flex items-center">
      <span className="sr-only">Rated {rating} out of 5 stars</span>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} filled={star <= rating} />
      ))}
    </p>
  );
}

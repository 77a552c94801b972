// Review figures (docs/product.md §2 product detail "customer reviews", §9 "Reviews per page"): the
// average (rounded for the stars), the count, and the distribution from 5 stars down to 1.
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEW_MAX_LENGTH = 1000;
export const MIN_RATING = 1;
export const MAX_RATING = 5;

export type Rating = 1 | 2 | 3 | 4 | 5;

/** How many reviews gave each rating: index 0 = 1 star … index 4 = 5 stars. */
export type RatingCounts = [number, number, number, number, number];

export interface RatingShare {
  stars: Rating;
  count: number;
  /** Share of all reviews, a whole percentage 0–100. */
  percent: number;
}

export interface ReviewStats {
  count: number;
  /** The average rating to two decimals (e.g. 4.33), 0 when there are no reviews. */
  average: number;
  /** The average rounded to whole stars (docs/product.md §9: "The product average is rounded"), 0 when none. */
  roundedAverage: number;
  /** 5 stars first, down to 1. */
  distribution: RatingShare[];
}

export const NO_RATINGS: Readonly<RatingCounts> = [0, 0, 0, 0, 0];

export function isRating(value: unknown): value is Rating {
  return (
    Number.isInteger(value) && (value as number) >= MIN_RATING && (value as number) <= MAX_RATING
  );
}

export function reviewStats(counts: Readonly<RatingCounts>): ReviewStats {
  const safe = counts.map(wholeCount);
  let count = 0;
  let stars = 0;
  safe.forEach((n, index) => {
    count += n;
    stars += n * (index + 1);
  });
  const exact = count === 0 ? 0 : stars / count;
  const distribution: RatingShare[] = [5, 4, 3, 2, 1].map((rating) => {
    const n = safe[rating - 1] ?? 0;
    return {
      stars: rating as Rating,
      count: n,
      percent: count === 0 ? 0 : Math.round((n / count) * 100),
    };
  });
  return {
    count,
    average: Math.round(exact * 100) / 100,
    roundedAverage: Math.round(exact),
    distribution,
  };
}

/** The counts after one more review with `rating`. Throws a RangeError for a rating not 1–5. */
export function addRating(counts: Readonly<RatingCounts>, rating: number): RatingCounts {
  return changeCount(counts, rating, +1);
}

/** The counts after a review with `rating` is deleted; never below 0. */
export function removeRating(counts: Readonly<RatingCounts>, rating: number): RatingCounts {
  return changeCount(counts, rating, -1);
}

/** How a review's author is shown: "Jane D." (first name and last initial). */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0]?.toUpperCase();
  const name = [first, initial ? `${initial}.` : ""].filter(Boolean).join(" ");
  return name === "" ? "Customer" : name;
}

function changeCount(counts: Readonly<RatingCounts>, rating: number, delta: 1 | -1): RatingCounts {
  if (!isRating(rating))
    throw new RangeError(`A rating is a whole number from 1 to 5, got ${rating}`);
  const next = counts.map(wholeCount) as RatingCounts;
  next[rating - 1] = Math.max(0, (next[rating - 1] ?? 0) + delta);
  return next;
}

function wholeCount(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

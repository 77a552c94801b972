import { describe, expect, it } from "vitest";
import {
  addRating,
  NO_RATINGS,
  type RatingCounts,
  REVIEW_MAX_LENGTH,
  REVIEWS_PAGE_SIZE,
  removeRating,
  reviewAuthorName,
  reviewStats,
} from "./stats.ts";

describe("constants", () => {
  it("shows 10 reviews a page and allows 1000 characters", () => {
    expect(REVIEWS_PAGE_SIZE).toBe(10);
    expect(REVIEW_MAX_LENGTH).toBe(1000);
  });
});

describe("reviewStats", () => {
  it("a product without reviews: 0 stars, 0 reviews, empty bars", () => {
    const stats = reviewStats(NO_RATINGS);
    expect(stats.count).toBe(0);
    expect(stats.average).toBe(0);
    expect(stats.roundedAverage).toBe(0);
    expect(stats.distribution).toEqual([
      { stars: 5, count: 0, percent: 0 },
      { stars: 4, count: 0, percent: 0 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });

  it("three reviews 5, 4, 4: average 4.33, shown as 4 stars, bars from 5 down to 1", () => {
    const stats = reviewStats([0, 0, 0, 2, 1]);
    expect(stats.count).toBe(3);
    expect(stats.average).toBe(4.33);
    expect(stats.roundedAverage).toBe(4);
    expect(stats.distribution).toEqual([
      { stars: 5, count: 1, percent: 33 },
      { stars: 4, count: 2, percent: 67 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });

  it("rounds a half star up: 4 and 5 give 4.5, shown as 5 stars", () => {
    const stats = reviewStats([0, 0, 0, 1, 1]);
    expect(stats.average).toBe(4.5);
    expect(stats.roundedAverage).toBe(5);
  });

  it("a single 1-star review", () => {
    const stats = reviewStats([1, 0, 0, 0, 0]);
    expect(stats).toMatchObject({ count: 1, average: 1, roundedAverage: 1 });
    expect(stats.distribution.at(-1)).toEqual({ stars: 1, count: 1, percent: 100 });
  });

  it("treats broken counts (negative, fractional, NaN) as whole non-negative numbers", () => {
    const stats = reviewStats([-2, Number.NaN, 1.9, 0, 1]);
    expect(stats.count).toBe(2);
    expect(stats.average).toBe(4);
  });
});

describe("addRating and removeRating", () => {
  it("count one review more or less, without changing the counts given", () => {
    const counts: RatingCounts = [0, 1, 0, 0, 2];
    expect(addRating(counts, 5)).toEqual([0, 1, 0, 0, 3]);
    expect(addRating(counts, 1)).toEqual([1, 1, 0, 0, 2]);
    expect(removeRating(counts, 2)).toEqual([0, 0, 0, 0, 2]);
    expect(counts).toEqual([0, 1, 0, 0, 2]);
  });

  it("never count below zero", () => {
    expect(removeRating(NO_RATINGS, 3)).toEqual([0, 0, 0, 0, 0]);
  });

  it.each([0, 6, 2.5, Number.NaN])("refuse a rating of %s", (rating) => {
    expect(() => addRating(NO_RATINGS, rating)).toThrow(RangeError);
    expect(() => removeRating(NO_RATINGS, rating)).toThrow(RangeError);
  });
});

describe("reviewAuthorName", () => {
  it("shows the first name and the last initial", () => {
    expect(reviewAuthorName("Jane", "Doe")).toBe("Jane D.");
    expect(reviewAuthorName(" Jane ", " doe")).toBe("Jane D.");
    expect(reviewAuthorName("Åsa", "Östberg")).toBe("Åsa Ö.");
  });

  it("copes with missing parts", () => {
    expect(reviewAuthorName("Jane", "")).toBe("Jane");
    expect(reviewAuthorName("", "Doe")).toBe("D.");
    expect(reviewAuthorName(" ", " ")).toBe("Customer");
  });

  it("does not split a character made of two code units", () => {
    expect(reviewAuthorName("Jane", "𝒟oe")).toBe("Jane 𝒟.");
  });
});

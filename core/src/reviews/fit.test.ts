import { describe, expect, it } from "vitest";
import {
  FIT_MESSAGES,
  FIT_MIN_ANSWERS,
  type FitCounts,
  fitCountsOf,
  fitDetail,
  fitSummary,
  isFit,
  NO_FIT,
} from "./fit.ts";

const counts = (
  small: number,
  fits: number,
  large: number,
  returns = { small: 0, large: 0 },
): FitCounts => ({
  reviews: { small, true: fits, large },
  returns,
});

describe("fitSummary", () => {
  it("says nothing below 5 answers, from reviews and returns together", () => {
    expect(FIT_MIN_ANSWERS).toBe(5);
    expect(fitSummary(NO_FIT)).toBeNull();
    expect(fitSummary(counts(4, 0, 0))).toBeNull();
    expect(fitSummary(counts(2, 0, 0, { small: 1, large: 1 }))).toBeNull();
    expect(fitSummary(counts(3, 0, 0, { small: 1, large: 1 }))?.answers).toBe(5);
  });

  it("5 reviews saying runs small: runs small, consider a size up", () => {
    const summary = fitSummary(counts(5, 0, 0));
    expect(summary).toMatchObject({
      answers: 5,
      verdict: "small",
      message: "Most buyers say: runs small, consider a size up",
      shares: { small: { count: 5, percent: 100 }, true: { count: 0, percent: 0 } },
    });
  });

  it("counts a return for too small as runs small and one for too large as runs large", () => {
    expect(fitSummary(counts(1, 1, 0, { small: 3, large: 0 }))?.verdict).toBe("small");
    expect(fitSummary(counts(1, 2, 1, { small: 0, large: 1 }))?.verdict).toBe("mixed");
    expect(fitSummary(counts(0, 2, 1, { small: 0, large: 2 }))?.verdict).toBe("large");
  });

  it.each([
    [counts(0, 6, 1), "true", "Most buyers say: true to size"],
    [counts(1, 1, 4), "large", "Most buyers say: runs large, consider a size down"],
    [counts(5, 1, 0), "small", "Most buyers say: runs small, consider a size up"],
    [counts(2, 2, 2), "mixed", "Buyers are divided on the fit"],
    // Exactly half is not "most".
    [counts(3, 3, 0), "mixed", "Buyers are divided on the fit"],
  ] as const)("words each outcome: %j → %s", (given, verdict, message) => {
    const summary = fitSummary(given);
    expect(summary?.verdict).toBe(verdict);
    expect(summary?.message).toBe(message);
    expect(FIT_MESSAGES[verdict]).toBe(message);
  });

  it("gives whole percentages and the detail line", () => {
    const summary = fitSummary(counts(4, 2, 1));
    expect(summary?.shares).toEqual({
      small: { count: 4, percent: 57 },
      true: { count: 2, percent: 29 },
      large: { count: 1, percent: 14 },
    });
    expect(summary && fitDetail(summary)).toBe(
      "7 answers from reviews and returns: runs small 57%, true to size 29%, runs large 14%",
    );
  });

  it("ignores negative or odd counts", () => {
    expect(fitSummary(counts(-3, Number.NaN, 2.7, { small: 5, large: -1 }))).toMatchObject({
      answers: 7,
      verdict: "small",
    });
  });
});

describe("fitCountsOf", () => {
  it("reads the product item's counters, missing or negative as 0", () => {
    expect(fitCountsOf({ fitSmall: 2, fitTrue: -1, fitReturnLarge: 3, fitLarge: "x" })).toEqual({
      reviews: { small: 2, true: 0, large: 0 },
      returns: { small: 0, large: 3 },
    });
  });

  it("knows the answers", () => {
    expect(["small", "true", "large"].every(isFit)).toBe(true);
    expect(isFit("too-small")).toBe(false);
  });
});

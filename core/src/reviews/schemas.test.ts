import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import { ReviewSchema } from "./schemas.ts";

const errorsOf = (result: ReturnType<typeof parseForm>) =>
  result.success ? {} : result.fieldErrors;

describe("ReviewSchema", () => {
  it("reads the star rating from the form field and trims the description", () => {
    expect(parseForm(ReviewSchema, { rating: "4", description: "  Fits well.  " })).toEqual({
      success: true,
      data: { rating: 4, description: "Fits well." },
    });
  });

  it.each(["1", "5", 3])("accepts a rating of %j", (rating) => {
    expect(parseForm(ReviewSchema, { rating, description: "Nice" }).success).toBe(true);
  });

  it.each([undefined, "", "0", "6", "3.5", "abc", "-1", "Infinity", ["4"], true])(
    "asks for 1 to 5 stars when the rating is %j",
    (rating) => {
      expect(errorsOf(parseForm(ReviewSchema, { rating, description: "Nice" }))).toEqual({
        rating: "Choose a rating from 1 to 5 stars",
      });
    },
  );

  it("requires a description of at most 1000 characters", () => {
    expect(errorsOf(parseForm(ReviewSchema, { rating: "5", description: "   " }))).toEqual({
      description: "Description is required",
    });
    expect(parseForm(ReviewSchema, { rating: "5", description: "x".repeat(1000) }).success).toBe(
      true,
    );
    expect(
      errorsOf(parseForm(ReviewSchema, { rating: "5", description: "x".repeat(1001) })),
    ).toEqual({
      description: "Description must be at most 1000 characters",
    });
  });

  it("ignores product, user and date sent with the form", () => {
    const result = parseForm(ReviewSchema, {
      rating: "5",
      description: "Great",
      user: "someone-else",
      createdAt: "1999-01-01",
    });
    expect(result).toEqual({ success: true, data: { rating: 5, description: "Great" } });
  });
});

describe("ReviewSchema's fit", () => {
  it.each(["small", "true", "large"])("takes %j", (fit) => {
    expect(parseForm(ReviewSchema, { rating: "4", description: "Nice", fit })).toEqual({
      success: true,
      data: { rating: 4, description: "Nice", fit },
    });
  });

  it.each([undefined, null, ""])("is optional: %j is no answer", (fit) => {
    const parsed = parseForm(ReviewSchema, { rating: "4", description: "Nice", fit });
    expect(parsed.success && parsed.data.fit).toBeUndefined();
  });

  it.each(["medium", "too-small", ["small"], 1])("refuses %j with its message", (fit) => {
    expect(errorsOf(parseForm(ReviewSchema, { rating: "4", description: "Nice", fit }))).toEqual({
      fit: "Choose runs small, true to size or runs large",
    });
  });
});

// The add-review form (docs/product.md §5 "Review"): a rating of 1 to 5 stars and a description of at most
// 1000 characters, both required, and how the size fitted, if the reviewer says (./fit.ts).
import * as v from "valibot";
import { requiredText } from "../common/fields.ts";
import { FITS } from "./fit.ts";
import { REVIEW_MAX_LENGTH } from "./stats.ts";

export const RATING_MESSAGE = "Choose a rating from 1 to 5 stars";
export const FIT_MESSAGE = "Choose runs small, true to size or runs large";

export const ReviewSchema = v.object({
  rating: v.pipe(
    v.nullish(v.union([v.string(), v.number()], RATING_MESSAGE), ""),
    v.transform((value) => (typeof value === "string" && value.trim() === "" ? 0 : Number(value))),
    v.number(RATING_MESSAGE),
    v.integer(RATING_MESSAGE),
    v.minValue(1, RATING_MESSAGE),
    v.maxValue(5, RATING_MESSAGE),
    v.transform((rating) => rating as 1 | 2 | 3 | 4 | 5),
  ),
  description: requiredText("Description", { max: REVIEW_MAX_LENGTH }),
  /** Optional: empty or missing is no answer. */
  fit: v.pipe(
    v.nullish(v.string(FIT_MESSAGE), ""),
    v.transform((value) => (value === "" ? undefined : value)),
    v.optional(v.picklist(FITS, FIT_MESSAGE)),
  ),
});
export type Review = v.InferOutput<typeof ReviewSchema>;

// The add-review form (docs/product.md §5 "Review"): a rating of 1 to 5 stars and a description of at most
// 1000 characters, both required.
import * as v from "valibot";
import { requiredText } from "../common/fields.ts";
import { REVIEW_MAX_LENGTH } from "./stats.ts";

export const RATING_MESSAGE = "Choose a rating from 1 to 5 stars";

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
});
export type Review = v.InferOutput<typeof ReviewSchema>;

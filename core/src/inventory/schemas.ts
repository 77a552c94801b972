// "Notify me" on a sold-out variant (docs/product.md §9 "Stock"): an e-mail address, required and
// valid, the colour (optional: the product's first) and the size.
import * as v from "valibot";
import { emailField } from "../common/fields.ts";

export const RestockRequestSchema = v.object({
  email: emailField(),
  colour: v.optional(v.pipe(v.string(), v.maxLength(40, "Choose a colour"))),
  size: v.pipe(v.string("Choose a size"), v.nonEmpty("Choose a size"), v.maxLength(10)),
});
export type RestockRequest = v.InferOutput<typeof RestockRequestSchema>;

export const RESTOCK_REQUESTED = "We will e-mail you once when it is back in stock.";
export const SIZE_IN_STOCK = "This size is in stock: add it to your cart";
export const SIZE_NOT_OFFERED = "This size is not offered";
export const COLOUR_NOT_OFFERED = "This colour is not offered";

// "Notify me" on a sold-out size (docs/product.md §9 "Stock"): an e-mail address, required and
// valid, and the size.
import * as v from "valibot";
import { emailField } from "../common/fields.ts";

export const RestockRequestSchema = v.object({
  email: emailField(),
  size: v.pipe(v.string("Choose a size"), v.nonEmpty("Choose a size"), v.maxLength(10)),
});
export type RestockRequest = v.InferOutput<typeof RestockRequestSchema>;

export const RESTOCK_REQUESTED = "We will e-mail you once when it is back in stock.";
export const SIZE_IN_STOCK = "This size is in stock: add it to your cart";
export const SIZE_NOT_OFFERED = "This size is not offered";

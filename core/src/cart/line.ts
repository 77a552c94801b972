// A cart line and the cart's limits, once (docs/product.md §3 "Cart line", §9 "Quantity per
// line"): the browser's cart keeps them (cart.ts), and the server's quote and order take each line
// through CartLineSchema (checkout/priced-cart.server.ts), so the cart can never hold what an order
// refuses.
import * as v from "valibot";
import { isColourwayColour } from "../catalog/colour-ids.ts";
import { isSizeTag, type SizeTag } from "../catalog/size-tags.ts";

/** A line's quantity: 1 to 9. */
export const MAX_QUANTITY = 9;
/**
 * Distinct lines a cart holds, and so an order: the paid order's transaction writes an item per
 * line. Also a guard against hostile stored or posted carts.
 */
export const MAX_CART_LINES = 50;

export const CART_LINE_INVALID = "Your cart holds an item that is not valid";
export const SIZE_INVALID = "Choose a valid size";
export const COLOUR_INVALID = "Choose a valid colour";
export const QUANTITY_RANGE = `Quantity must be between 1 and ${MAX_QUANTITY}`;

/**
 * A line as the server takes it: a product id, a colour (a palette id; none on a line saved
 * before colourways, which means the product's first), a size tag and a whole quantity from 1
 * to 9. The server checks colour and size against the product.
 */
export const CartLineSchema = /* @__PURE__ */ v.object(
  {
    productId: v.pipe(
      v.string(CART_LINE_INVALID),
      v.nonEmpty(CART_LINE_INVALID),
      v.maxLength(200, CART_LINE_INVALID),
    ),
    colour: v.optional(v.custom<string>(isColourwayColour, COLOUR_INVALID)),
    size: v.custom<SizeTag>(isSizeTag, SIZE_INVALID),
    quantity: v.pipe(
      v.number(QUANTITY_RANGE),
      v.integer(QUANTITY_RANGE),
      v.minValue(1, QUANTITY_RANGE),
      v.maxValue(MAX_QUANTITY, QUANTITY_RANGE),
    ),
  },
  CART_LINE_INVALID,
);

export type CartLine = v.InferOutput<typeof CartLineSchema>;

export const CART_FULL = `Your cart is full: it holds at most ${MAX_CART_LINES} different items`;
export const SIZE_SOLD_OUT = "This size is out of stock";

/**
 * "Add to cart" posted by a product page without JavaScript (docs/product.md §2 "Product page"):
 * the chosen colour (a palette id; none for a product from before colourways) and size. The
 * server checks both against the product and its stock.
 */
export const AddToCartSchema = /* @__PURE__ */ v.object({
  colour: v.optional(v.pipe(v.string(COLOUR_INVALID), v.maxLength(40, COLOUR_INVALID))),
  size: v.pipe(
    v.string("Choose a size"),
    v.nonEmpty("Choose a size"),
    v.maxLength(10, SIZE_INVALID),
  ),
});
export type AddToCartInput = v.InferOutput<typeof AddToCartSchema>;

/**
 * A change to the cart kept without JavaScript (its page's "Update" and "Remove"): the line's
 * key ("productId:colour:size") and, to update, the quantity chosen (1 to 9).
 */
export const CartLineChangeSchema = /* @__PURE__ */ v.object({
  key: v.pipe(v.string(CART_LINE_INVALID), v.nonEmpty(CART_LINE_INVALID), v.maxLength(300)),
  quantity: v.optional(
    v.pipe(
      v.string(QUANTITY_RANGE),
      v.regex(/^[1-9]$/, QUANTITY_RANGE),
      v.transform((text) => Number(text)),
    ),
  ),
});

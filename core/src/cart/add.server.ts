// "Add to cart" on the server (docs/product.md §2 "Product page"): a product page without
// JavaScript posts the colour and size, and the line goes into the cart the cookie keeps
// (cookie.ts). The variant must be one the product offers and have a unit left; the cart
// refuses a line past its limit rather than dropping one.

import type { SizeTag } from "../catalog/sizes.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { COLOUR_NOT_OFFERED, SIZE_NOT_OFFERED } from "../inventory/schemas.ts";
import { getStock } from "../inventory/stock.server.ts";
import { variantKey } from "../inventory/stock.ts";
import { addToCart, type CartLine, type LineRef, lineKey } from "./cart.ts";
import { type AddToCartInput, CART_FULL, MAX_CART_LINES, SIZE_SOLD_OUT } from "./line.ts";

export interface AddableProduct {
  id: string;
  sizes: readonly string[];
  colourways: ReadonlyArray<{ colour: { id: string } }>;
}

/**
 * `lines` with one more unit of the chosen variant (a line already there grows, up to 9), and
 * that variant (a colour left out is the product's first colourway).
 * Throws a DomainError on the field at fault: a colour or size the product does not offer
 * (400), a variant with no unit left (409), or a cart already at its limit of lines (400).
 */
export async function addLineToCart(
  ctx: Context,
  lines: readonly CartLine[],
  product: AddableProduct,
  input: AddToCartInput,
): Promise<{ lines: CartLine[]; added: LineRef & { colour: string } }> {
  const colour = input.colour ?? product.colourways[0]?.colour.id;
  if (!colour || !product.colourways.some((way) => way.colour.id === colour)) {
    throw new DomainError(COLOUR_NOT_OFFERED, "colour");
  }
  const size = product.sizes.find((tag) => tag === input.size);
  if (!size) throw new DomainError(SIZE_NOT_OFFERED, "size");
  const stock = await getStock(ctx, product.id);
  if ((stock[variantKey(colour, size)] ?? 0) <= 0) {
    throw new DomainError(SIZE_SOLD_OUT, "size", 409);
  }
  const added = { productId: product.id, colour, size: size as SizeTag };
  const known = lines.some((each) => lineKey(each) === lineKey(added));
  if (!known && lines.length >= MAX_CART_LINES) throw new DomainError(CART_FULL, "cart");
  return { lines: addToCart(lines, added), added };
}

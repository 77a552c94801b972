// A cart line's variant in words (docs/product.md §9 "Colours", "Sizes"), from the palette's and
// the sizes' names: the server's messages and the cart page. Apart from ./cart.ts, which every
// page's browser code loads, so that those names stay off the pages that do not show them
// (docs/decisions/033-colourways-and-variants.md "Performance").
import { sizeName } from "../catalog/sizes.ts";
import { namedColour } from "../catalog/variants.ts";
import { variantPhrase } from "../inventory/stock.ts";

/**
 * A line's variant as the stock messages name it: "Navy, size Medium"; "size Medium" for a line
 * without a named colour (an order placed before colourways, or a product's "As shown").
 */
export function lineVariant(colour: string | undefined, size: string): string {
  return variantPhrase(namedColour(colour), sizeName(size));
}

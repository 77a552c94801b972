// The cart a browser without JavaScript keeps in its `cart` cookie (core/src/cart/cookie.ts): read
// from a request, written with a response. Not HttpOnly: once JavaScript runs, the browser moves
// the lines into its local storage cart and clears the cookie (lib/cart.ts). Nothing in it is
// secret, and the server reads it as hostile input.
import {
  CART_COOKIE,
  CART_COOKIE_MAX_AGE,
  type CartLine,
  cartCookieValue,
  decodeCartCookie,
  encodeCartCookie,
  lineKey,
  lineVariant,
} from "@shop/core/cart";
import { type Category, choiceQuery, namedColour, sizeLabel } from "@shop/core/catalog";
import { shownPrice } from "@shop/core/pricing";
import { getProductsByIds } from "@shop/core/server/catalog";
import { getContext, shopNow } from "@shop/core/server/context";

export function cookieCartLines(request: Request): CartLine[] {
  return decodeCartCookie(cartCookieValue(request.headers.get("Cookie")));
}

/** The Set-Cookie header that keeps `lines` (none: clears the cookie). */
export function cartCookieHeader(lines: readonly CartLine[]): string {
  const value = encodeCartCookie(lines);
  const attributes = [
    `${CART_COOKIE}=${value}`,
    "Path=/",
    `Max-Age=${value ? CART_COOKIE_MAX_AGE : 0}`,
    "SameSite=Lax",
  ];
  if (getContext().config.production) attributes.push("Secure");
  return attributes.join("; ");
}

/** A line of the cart kept without JavaScript, as its page shows it. */
export interface CookieCartLine {
  key: string;
  productId: string;
  /** Its audience: what an automatic offer's target may name. */
  category: Category;
  productType?: string;
  name: string;
  /** The product page on the line's colour. */
  href: string;
  /** "Navy" (none for a product's "As shown"). */
  colour: string | undefined;
  size: string;
  /** As the cart's buttons name it: "Navy, size Medium" (core/src/cart/cart.ts `lineVariant`). */
  variant: string;
  quantity: number;
  /** The price it sells at now; while on sale, its regular price too (compareAtCents). */
  unitPriceCents: number;
  compareAtCents?: number;
}

/**
 * The cookie's cart with today's names and prices (one BatchGetItem): lines whose product no
 * longer exists, or no longer comes in that colour or size, are left out.
 */
export async function cookieCartView(lines: readonly CartLine[]): Promise<CookieCartLine[]> {
  if (lines.length === 0) return [];
  const ctx = getContext();
  const now = shopNow(ctx);
  const products = new Map(
    (await getProductsByIds(ctx, [...new Set(lines.map((line) => line.productId))])).map(
      (product) => [product.id, product],
    ),
  );
  return lines.flatMap((line) => {
    const product = products.get(line.productId);
    const colour = line.colour ?? product?.colourways[0]?.colour.id;
    if (!product || !colour || !product.sizes.includes(line.size)) return [];
    if (!product.colourways.some((way) => way.colour.id === colour)) return [];
    const price = shownPrice(product, now, ctx.config.timeZone);
    return [
      {
        key: lineKey(line),
        productId: product.id,
        category: product.category,
        ...(product.productType ? { productType: product.productType } : {}),
        name: product.name,
        href: `/product/${product.slug}${choiceQuery(colour, line.size)}`,
        colour: namedColour(colour),
        size: sizeLabel(line.size),
        variant: lineVariant(colour, line.size),
        quantity: line.quantity,
        unitPriceCents: price.priceCents,
        ...(price.compareAtCents ? { compareAtCents: price.compareAtCents } : {}),
      },
    ];
  });
}

// The cart a browser without JavaScript keeps (docs/product.md §2 "Cart screens"): the product
// page's "Add to cart" posts to the server, which keeps the lines in a `cart` cookie; the cart
// page shows them. Once JavaScript runs, the browser moves them into its local storage cart
// (web/app/lib/cart.ts) and clears the cookie. Browser-safe and pure: the cookie's text is
// hostile input, read through `parseCart` like the stored cart.
import { type CartLine, parseCart } from "./cart.ts";

export const CART_COOKIE = "cart";
/** How long a cart posted without JavaScript is kept: 30 days. */
export const CART_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

// A line is "id*colour*size*quantity", lines joined by ".": product ids, palette ids and size
// tags are letters, digits and dashes, so the value needs no escaping and 50 lines stay far
// under a browser's 4 KB per cookie (about 60 bytes a line).
const FIELD = "*";
const LINE = ".";

/** The cookie's value for `lines` (none: the empty string). */
export function encodeCartCookie(lines: readonly CartLine[]): string {
  return lines
    .map((line) => [line.productId, line.colour ?? "", line.size, line.quantity].join(FIELD))
    .join(LINE);
}

/** The lines a cookie value holds: malformed lines dropped, quantities clamped, duplicates merged. */
export function decodeCartCookie(value: string | null | undefined): CartLine[] {
  if (!value || value.length > 8192) return [];
  return parseCart(
    value.split(LINE).map((text) => {
      const [productId, colour, size, quantity] = text.split(FIELD);
      return { productId, colour: colour || undefined, size, quantity: Number(quantity) };
    }),
  );
}

/** The `cart` cookie's value in a Cookie header (or `document.cookie`), if any. */
export function cartCookieValue(header: string | null | undefined): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === CART_COOKIE) return part.slice(at + 1).trim();
  }
  return undefined;
}

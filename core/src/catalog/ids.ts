// What a product id looks like, for everything that takes one from outside: the cart in local
// storage (browser) and the requests that look products up (server).

/** A UUID, or any id of letters, digits and dashes up to 64 long. */
export const PRODUCT_ID_PATTERN = /^[0-9A-Za-z-]{1,64}$/;

export function isProductId(value: unknown): value is string {
  return typeof value === "string" && PRODUCT_ID_PATTERN.test(value);
}

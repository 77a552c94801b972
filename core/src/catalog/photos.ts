// A product's photos as its page names them: at most MAX_IMAGES a product, and `?photo=N`, the
// photo its page opens on (1-based). The shared cache keeps `?photo=` in a page's key only with
// a value the page reads (web/server/edge-query.ts, docs/decisions/018-edge-cache.md "The cache
// key"), so anything else cannot make copies of the page.

/** The most photos a product has (the admin's form refuses more). */
export const MAX_IMAGES = 10;

/** The product page's parameter naming the photo it opens on (1-based). */
export const PHOTO_PARAM = "photo";

/**
 * The values of `?photo=` the page reads: 1 to MAX_IMAGES, in decimal digits without a leading
 * zero, sign, space or exponent (`/^(?:1|2|…|10)$/`). Any other value opens the first photo.
 */
export const PHOTO_VALUE = new RegExp(
  `^(?:${Array.from({ length: MAX_IMAGES }, (_, i) => i + 1).join("|")})$`,
);

/** The photo (0-based) a product page opens on: `?photo=N` when it has photo N, else the first. */
export function openingPhoto(param: string | null, count: number): number {
  const n = param !== null && PHOTO_VALUE.test(param) ? Number(param) : 0;
  return n >= 1 && n <= count ? n - 1 : 0;
}

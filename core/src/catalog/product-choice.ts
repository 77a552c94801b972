// What a product page shows (docs/product.md §2 "Product page"): the colourway and size its URL
// chooses (`?colour=navy&size=M`), the photo it opens on, and what each variant's stock means to
// a shopper. The shared cache keeps `colour` and `size` in a page's key only with a value the
// page reads (COLOUR_VALUE, SIZE_VALUE: web/server/edge-query.ts,
// docs/decisions/018-edge-cache.md "The cache key"). Browser-safe: the page runs it on the server
// and, as the shopper picks, in the browser.
import {
  type SizeAvailability,
  type StockCounts,
  sizeAvailability,
  variantKey,
} from "../inventory/stock.ts";
import { COLOUR_IDS } from "./colour-ids.ts";
import { openingPhoto, PHOTO_PARAM } from "./photos.ts";
import { SCALE_TAGS, type SizeTag } from "./size-tags.ts";

/** The product page's parameter naming the colourway it shows (a palette id). */
export const COLOUR_PARAM = "colour";
/** The product page's parameter naming the size chosen (a size's tag). */
export const SIZE_PARAM = "size";

const oneOf = (values: readonly string[]) =>
  new RegExp(
    `^(?:${values.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`,
  );

/** The values of `?colour=` the page reads, once lower-cased: the palette's ids. */
// Pure, with their arguments: a page that does not read them (the browser's) drops them from its
// bundle.
export const COLOUR_VALUE = /* @__PURE__ */ (() => oneOf(COLOUR_IDS))();

/** The values of `?size=` the page reads: a tag of any scale, as written ("M", "3-4y"). */
export const SIZE_VALUE = /* @__PURE__ */ (() => oneOf(Object.values(SCALE_TAGS).flat()))();

/** What the page needs of a product to choose: its colourways' ids and photos, and its sizes. */
export interface ChoosableProduct {
  colourways: ReadonlyArray<{ colour: { id: string }; images: ReadonlyArray<{ url: string }> }>;
  images: ReadonlyArray<{ url: string; colour: string }>;
  sizes: readonly SizeTag[];
}

export interface ProductChoice {
  /** The colourway shown: the one `?colour=` names, else the first. */
  colour: string;
  /** The size `?size=` names when the product offers it. */
  size: SizeTag | undefined;
  /** The photo the carousel opens on, 0-based among the colourway's photos. */
  photo: number;
}

/**
 * The colourway, size and photo a product page's query chooses. `?colour=` is read in any case
 * (`NAVY` is `navy`); a colour the product does not come in is its first colourway, never an
 * error. Without a colour, a `?photo=N` (a colour search's link, counted over all the product's
 * photos) opens on that photo's colourway; with one, it counts only when it is a photo of it.
 */
export function productChoice(product: ChoosableProduct, query: URLSearchParams): ProductChoice {
  const asked = query.get(COLOUR_PARAM)?.toLowerCase();
  const named = product.colourways.find(({ colour }) => colour.id === asked);
  const photoParam = query.get(PHOTO_PARAM);
  const photo =
    photoParam === null
      ? undefined
      : product.images[openingPhoto(photoParam, product.images.length)];
  const colourway =
    named ??
    (photoParam !== null && photo
      ? product.colourways.find(({ colour }) => colour.id === photo.colour)
      : undefined) ??
    product.colourways[0];
  const size = query.get(SIZE_PARAM);
  const index =
    photoParam !== null && photo && colourway
      ? colourway.images.findIndex(({ url }) => url === photo.url)
      : -1;
  return {
    colour: colourway?.colour.id ?? "",
    size: size !== null && product.sizes.includes(size) ? size : undefined,
    photo: Math.max(index, 0),
  };
}

/** A product page's query for this colour, and this size when one is chosen. */
export function choiceQuery(colour: string, size?: SizeTag): string {
  const query = new URLSearchParams({ [COLOUR_PARAM]: colour });
  if (size) query.set(SIZE_PARAM, size);
  return `?${query}`;
}

/** What each variant's count means on the page ("Only N left", "Out of stock"), by variant key. */
export function variantAvailability(
  variants: ReadonlyArray<{ key: string }>,
  stock: StockCounts,
  threshold: number,
): Record<string, SizeAvailability> {
  return Object.fromEntries(
    variants.map(({ key }) => [key, sizeAvailability(stock[key], threshold)]),
  );
}

/** One colourway's availability by size, from the variants' (a size without a count has none). */
export function sizesOfColour(
  colour: string,
  sizes: readonly SizeTag[],
  availability: Readonly<Record<string, SizeAvailability>>,
): Record<SizeTag, SizeAvailability> {
  return Object.fromEntries(
    sizes.map((size) => [
      size,
      availability[variantKey(colour, size)] ?? { state: "out" as const, left: 0 as const },
    ]),
  );
}

// Colourways and variants (docs/product.md §9 "Colours", "Variants"): a product comes in one or
// more colourways, each a colour of the palette with its own ordered photos, and is sized on one
// scale. A variant is one colourway in one size: it has a SKU unique across the shop, its units
// in stock and an optional barcode (GTIN). The price stays the product's. Stock is kept per
// variant under its key "<colour>/<size>" ("navy/M"). Browser-safe.

import { variantKey } from "../inventory/stock.ts";
import { AS_SHOWN_ID } from "./colour-ids.ts";
import { PALETTE, type PaletteColour, paletteColour } from "./palette.ts";
import { sizeName } from "./sizes.ts";

// The stock count's key of a variant is the inventory's (catalogue → inventory, never back).
export { parseVariantKey, variantKey } from "../inventory/stock.ts";

/**
 * The colour of a product whose photos name none, before its admin chooses one (data older than
 * colourways): never offered by the colour filter, and not named on lines or documents.
 */
export const AS_SHOWN: PaletteColour = {
  id: AS_SHOWN_ID,
  name: "As shown",
  families: [],
  swatch: "#d6d3d1",
};

/** A palette colour, or AS_SHOWN, by id. */
export function colourOf(id: string | undefined): PaletteColour | undefined {
  if (id === AS_SHOWN.id) return AS_SHOWN;
  return paletteColour(id);
}

/** The colour's name where a line, a document or a mail names it; none for AS_SHOWN or none. */
export function namedColour(id: string | undefined): string | undefined {
  return id && id !== AS_SHOWN.id ? colourOf(id)?.name : undefined;
}

/** "Navy, Medium", or the size alone for a line without a named colour (orders before colours). */
export function variantName(colour: string | undefined, size: string): string {
  const name = namedColour(colour);
  return name ? `${name}, ${sizeName(size)}` : sizeName(size);
}

/** Every variant's key, colour by colour, each in the sizes' order. */
export function variantKeys(colours: readonly string[], sizes: readonly string[]): string[] {
  return colours.flatMap((colour) => sizes.map((size) => variantKey(colour, size)));
}

/**
 * Variants a product may have (colourways × sizes): each holds its SKU's claim in the table, and
 * a save changes the product, its claims taken and released in one transaction of at most 100
 * items.
 */
export const MAX_VARIANTS = 40;

/** Lower case without accents, words split by single spaces: "Piqué, navy" → "pique navy". */
const words = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ");

/**
 * Palette names as whole folded words, longest first ("sky blue" before "blue"). Pure: the
 * browser, which never reads alt texts for colours, drops it from its bundle.
 */
const NAMED = /* @__PURE__ */ (() =>
  [...PALETTE]
    .map((entry) => ({ id: entry.id, words: ` ${words(entry.name)} ` }))
    .sort((a, b) => b.words.length - a.words.length))();

/** The palette colour a text names first (a photo's alt text), if any. */
export function colourNamedIn(text: string): string | undefined {
  const padded = ` ${words(text)} `;
  let found: { id: string; at: number } | undefined;
  for (const { id, words: name } of NAMED) {
    const at = padded.indexOf(name);
    if (at >= 0 && (!found || at < found.at)) found = { id, at };
  }
  return found?.id;
}

/**
 * A product's photos split by the colour their alt texts name (the migration of products older
 * than colourways, docs/product.md §9 "Colours"): one colourway per colour named, in the order
 * they first appear; a photo naming none belongs to the first colourway. Photos naming no colour
 * at all make one AS_SHOWN colourway. Photos keep their order within a colourway.
 */
export function splitByColour<Image extends { alt: string }>(
  images: readonly Image[],
): Array<{ colour: string; images: Image[] }> {
  const named = images.map((image) => colourNamedIn(image.alt));
  const first = named.find((id) => id !== undefined) ?? AS_SHOWN.id;
  const colourways = new Map<string, Image[]>([[first, []]]);
  images.forEach((image, i) => {
    const colour = named[i] ?? first;
    colourways.set(colour, [...(colourways.get(colour) ?? []), image]);
  });
  return [...colourways].map(([colour, own]) => ({ colour, images: own }));
}

// The palette's ids and families (docs/product.md §9 "Colours"): what URLs (`?colour=navy`),
// carts, orders and stock keys keep of a colour, and all the browser needs to check a stored
// cart's line. The colours' names and swatches are ./palette.ts, which only the server and the
// admin load: a storefront page gets the names of the colours it shows from its loader
// (docs/decisions/033-colourways-and-variants.md "Performance"). Browser-safe.

/** The families shoppers name, in the order the catalogue's colour filter lists them. */
export const COLOUR_FAMILIES = [
  "black",
  "grey",
  "white",
  "beige",
  "brown",
  "green",
  "blue",
  "purple",
  "pink",
  "red",
  "orange",
  "yellow",
] as const;

export type ColourFamily = (typeof COLOUR_FAMILIES)[number];

/**
 * The palette's colours by id, in its order (grouped by main family). An id never changes once
 * used; ./palette.ts gives each its name, swatch and families (its type holds it to this list).
 */
export const COLOUR_IDS = [
  "black",
  "charcoal",
  "grey",
  "heather-grey",
  "stone",
  "white",
  "ivory",
  "ecru",
  "cream",
  "oatmeal",
  "sand",
  "khaki",
  "camel",
  "chocolate",
  "olive",
  "sage",
  "forest",
  "mint",
  "teal",
  "navy",
  "sky-blue",
  "cobalt",
  "indigo",
  "denim",
  "light-wash",
  "lavender",
  "lilac",
  "blush",
  "dusty-rose",
  "rose",
  "coral",
  "red",
  "burgundy",
  "terracotta",
  "rust",
  "mustard",
  "butter-yellow",
] as const;

export type ColourId = (typeof COLOUR_IDS)[number];

/**
 * The colour of a product whose photos name none, before its admin chooses one (data older than
 * colourways): not in the palette, never offered by the colour filter, and not named on lines or
 * documents (./variants.ts AS_SHOWN).
 */
export const AS_SHOWN_ID = "as-shown";

const IDS: ReadonlySet<string> = new Set(COLOUR_IDS);

/** A palette colour's id. */
export function isColourId(value: unknown): value is ColourId {
  return typeof value === "string" && IDS.has(value);
}

/** A colour a colourway, and so a cart line, may name: a palette colour's id or AS_SHOWN_ID. */
export function isColourwayColour(value: unknown): value is string {
  return value === AS_SHOWN_ID || isColourId(value);
}

export function isColourFamily(value: unknown): value is ColourFamily {
  return (COLOUR_FAMILIES as readonly unknown[]).includes(value);
}

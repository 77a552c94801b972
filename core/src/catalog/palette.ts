// The shop's palette (docs/product.md §9 "Colours"): every colour a colourway may take, with its
// swatch and the families a shopper filters and searches by ("navy" is a blue; "teal" a blue and
// a green). A colourway names one of these by id; the id is what URLs (`?colour=navy`), carts,
// orders and stock keys keep, so an id never changes once used. Browser-safe, but the
// storefront's pages do not load it: their loaders name the colours they show, and the browser's
// cart checks ids alone (./colour-ids.ts; docs/decisions/033-colourways-and-variants.md
// "Performance").

import { COLOUR_IDS, type ColourFamily, type ColourId } from "./colour-ids.ts";

// The ids and families, which the browser's cart checks lines by, are their own module.
export {
  AS_SHOWN_ID,
  COLOUR_FAMILIES,
  COLOUR_IDS,
  type ColourFamily,
  type ColourId,
  isColourFamily,
  isColourId,
} from "./colour-ids.ts";

export interface PaletteColour {
  /** Lower-case, URL-safe and stable: "heather-grey". */
  id: string;
  /** As the shop writes it: "Heather Grey". */
  name: string;
  /** One or two families, the main one first. */
  families: readonly ColourFamily[];
  /** The swatch's fill, `#rrggbb`. */
  swatch: string;
}

/** Each colour's swatch and families (the main one first), by id: every id of the palette, no other. */
const LOOKS: Readonly<Record<ColourId, readonly [string, ColourFamily, ...ColourFamily[]]>> = {
  black: ["#25262a", "black"],
  charcoal: ["#3d4148", "grey"],
  grey: ["#8a8d91", "grey"],
  "heather-grey": ["#a3a7ab", "grey"],
  stone: ["#c9bfae", "grey", "beige"],
  white: ["#f7f6f2", "white"],
  ivory: ["#f4efe1", "white"],
  ecru: ["#efe9dc", "white", "beige"],
  cream: ["#f2e8d3", "white", "beige"],
  oatmeal: ["#d9cdb8", "beige"],
  sand: ["#d8c3a0", "beige"],
  khaki: ["#a89a6e", "beige", "green"],
  camel: ["#b98b57", "brown", "beige"],
  chocolate: ["#5a3d2e", "brown"],
  olive: ["#6b7045", "green"],
  sage: ["#9caf88", "green"],
  forest: ["#2f5242", "green"],
  mint: ["#a8d8c3", "green"],
  teal: ["#2e7d7a", "blue", "green"],
  navy: ["#2c3e5c", "blue"],
  "sky-blue": ["#8fb8de", "blue"],
  cobalt: ["#3056a6", "blue"],
  indigo: ["#34466b", "blue"],
  denim: ["#5b7aa3", "blue"],
  "light-wash": ["#7d9cc0", "blue"],
  lavender: ["#b5a8d1", "purple"],
  lilac: ["#c8a2c8", "purple"],
  blush: ["#e8b4b0", "pink"],
  "dusty-rose": ["#c98b8b", "pink"],
  rose: ["#d98f96", "pink"],
  coral: ["#ef8a6f", "pink", "orange"],
  red: ["#b3262e", "red"],
  burgundy: ["#6e2236", "red"],
  terracotta: ["#c0674a", "orange", "red"],
  rust: ["#b4532a", "orange", "red"],
  mustard: ["#d4a13a", "yellow"],
  "butter-yellow": ["#f3dc8a", "yellow"],
};

/** "Heather Grey" for "heather-grey": the palette's ids are its names, written for URLs. */
const nameOf = (id: string) =>
  id
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

/** The palette, grouped by main family. */
export const PALETTE: readonly PaletteColour[] = COLOUR_IDS.map((id) => {
  const [swatch, ...families] = LOOKS[id];
  return { id, name: nameOf(id), families, swatch };
});

const BY_ID = new Map(PALETTE.map((entry) => [entry.id, entry]));

/** The palette's colour with this id, or undefined. */
export function paletteColour(id: unknown): PaletteColour | undefined {
  return typeof id === "string" ? BY_ID.get(id) : undefined;
}

/** "Blue" for "blue". */
export function familyName(family: ColourFamily): string {
  return family.charAt(0).toUpperCase() + family.slice(1);
}

/** The palette's colours of one family, in palette order. */
export function coloursOfFamily(family: ColourFamily): PaletteColour[] {
  return PALETTE.filter((entry) => entry.families.includes(family));
}

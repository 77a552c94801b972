// The shop's palette (docs/product.md §9 "Colours"): every colour a colourway may take, with its
// swatch and the families a shopper filters and searches by ("navy" is a blue; "teal" a blue and
// a green). A colourway names one of these by id; the id is what URLs (`?colour=navy`), carts,
// orders and stock keys keep, so an id never changes once used. Browser-safe.

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

const colour = (
  name: string,
  swatch: string,
  ...families: [ColourFamily, ...ColourFamily[]]
): PaletteColour => ({
  id: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
  name,
  families,
  swatch,
});

/** The palette, grouped by main family. */
export const PALETTE: readonly PaletteColour[] = [
  colour("Black", "#25262a", "black"),
  colour("Charcoal", "#3d4148", "grey"),
  colour("Grey", "#8a8d91", "grey"),
  colour("Heather Grey", "#a3a7ab", "grey"),
  colour("Stone", "#c9bfae", "grey", "beige"),
  colour("White", "#f7f6f2", "white"),
  colour("Ivory", "#f4efe1", "white"),
  colour("Ecru", "#efe9dc", "white", "beige"),
  colour("Cream", "#f2e8d3", "white", "beige"),
  colour("Oatmeal", "#d9cdb8", "beige"),
  colour("Sand", "#d8c3a0", "beige"),
  colour("Khaki", "#a89a6e", "beige", "green"),
  colour("Camel", "#b98b57", "brown", "beige"),
  colour("Chocolate", "#5a3d2e", "brown"),
  colour("Olive", "#6b7045", "green"),
  colour("Sage", "#9caf88", "green"),
  colour("Forest", "#2f5242", "green"),
  colour("Mint", "#a8d8c3", "green"),
  colour("Teal", "#2e7d7a", "blue", "green"),
  colour("Navy", "#2c3e5c", "blue"),
  colour("Sky Blue", "#8fb8de", "blue"),
  colour("Cobalt", "#3056a6", "blue"),
  colour("Indigo", "#34466b", "blue"),
  colour("Denim", "#5b7aa3", "blue"),
  colour("Light Wash", "#7d9cc0", "blue"),
  colour("Lavender", "#b5a8d1", "purple"),
  colour("Lilac", "#c8a2c8", "purple"),
  colour("Blush", "#e8b4b0", "pink"),
  colour("Dusty Rose", "#c98b8b", "pink"),
  colour("Rose", "#d98f96", "pink"),
  colour("Coral", "#ef8a6f", "pink", "orange"),
  colour("Red", "#b3262e", "red"),
  colour("Burgundy", "#6e2236", "red"),
  colour("Terracotta", "#c0674a", "orange", "red"),
  colour("Rust", "#b4532a", "orange", "red"),
  colour("Mustard", "#d4a13a", "yellow"),
  colour("Butter Yellow", "#f3dc8a", "yellow"),
];

const BY_ID = new Map(PALETTE.map((entry) => [entry.id, entry]));

/** The palette's colour with this id, or undefined. */
export function paletteColour(id: unknown): PaletteColour | undefined {
  return typeof id === "string" ? BY_ID.get(id) : undefined;
}

export function isColourId(value: unknown): value is string {
  return paletteColour(value) !== undefined;
}

export function isColourFamily(value: unknown): value is ColourFamily {
  return (COLOUR_FAMILIES as readonly unknown[]).includes(value);
}

/** "Blue" for "blue". */
export function familyName(family: ColourFamily): string {
  return family.charAt(0).toUpperCase() + family.slice(1);
}

/** The palette's colours of one family, in palette order. */
export function coloursOfFamily(family: ColourFamily): PaletteColour[] {
  return PALETTE.filter((entry) => entry.families.includes(family));
}

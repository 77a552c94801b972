// The colours a shopper searches by (docs/decisions/021-search.md "Colours"). A product's colours
// are named where the shop shows them: its photos' alt texts ("Sky Blue Oxford Button-Down
// Shirt, front view"). Each colour the list knows is indexed with its families, so "blue shirt"
// finds a sky-blue or a navy shirt and "navy" finds only navy. Edit the list with the shop's
// colours (scripts/seed-data/products.ts names the seed's).
import { fold } from "./text.ts";

/** The families shoppers name; a colour belongs to one or two. */
type Family =
  | "black"
  | "grey"
  | "white"
  | "beige"
  | "brown"
  | "green"
  | "blue"
  | "purple"
  | "pink"
  | "red"
  | "orange"
  | "yellow";

/** Colour names (folded, lower case) → their families. A family's own name is one too. */
const COLOUR_FAMILIES: Readonly<Record<string, readonly Family[]>> = {
  black: ["black"],
  grey: ["grey"],
  gray: ["grey"],
  white: ["white"],
  beige: ["beige"],
  brown: ["brown"],
  green: ["green"],
  blue: ["blue"],
  purple: ["purple"],
  pink: ["pink"],
  red: ["red"],
  orange: ["orange"],
  yellow: ["yellow"],
  navy: ["blue"],
  "sky blue": ["blue"],
  cobalt: ["blue"],
  indigo: ["blue"],
  denim: ["blue"],
  "light wash": ["blue"],
  teal: ["blue", "green"],
  charcoal: ["grey"],
  "heather grey": ["grey"],
  stone: ["grey", "beige"],
  ecru: ["white", "beige"],
  cream: ["white", "beige"],
  ivory: ["white"],
  oatmeal: ["beige"],
  sand: ["beige"],
  khaki: ["beige", "green"],
  camel: ["brown", "beige"],
  chocolate: ["brown"],
  olive: ["green"],
  sage: ["green"],
  forest: ["green"],
  mint: ["green"],
  lavender: ["purple"],
  lilac: ["purple"],
  blush: ["pink"],
  "dusty rose": ["pink"],
  rose: ["pink"],
  coral: ["pink", "orange"],
  terracotta: ["orange", "red"],
  rust: ["orange", "red"],
  burgundy: ["red"],
  mustard: ["yellow"],
  "butter yellow": ["yellow"],
};

/** Longest names first, so "sky blue" is read before "blue" and "dusty rose" before "rose". */
const NAMES = Object.keys(COLOUR_FAMILIES).sort((a, b) => b.length - a.length);

/**
 * The colours these texts name (a product's photos' alt texts), each with its families, as one
 * text for the index: ["Sky Blue Oxford Shirt, front view", "White Oxford Shirt"] →
 * "sky blue blue white". Empty when none is named.
 */
export function coloursIn(texts: readonly string[]): string {
  return [...colourSet(texts, true)].join(" ");
}

/** The colours a search names, as named (no families): "navy or sky blue shirt" → ["navy", "sky blue"]. */
export function colourNames(search: string): string[] {
  return [...colourSet([search], false)];
}

/**
 * Does a photo (its alt text) show one of these colours (`colourNames` of a search)? A family
 * matches each of its colours ("blue": a navy photo), a colour only itself ("navy": not a sky-blue
 * photo).
 */
export function showsColour(alt: string, named: readonly string[]): boolean {
  const shown = colourSet([alt], true);
  return named.some((name) => shown.has(name));
}

/** The colour names in these texts, with their families when `withFamilies`. */
function colourSet(texts: readonly string[], withFamilies: boolean): Set<string> {
  const found = new Set<string>();
  for (const text of texts) {
    // Folded and padded, so a name matches whole words only ("rose" not in "primrose").
    let rest = ` ${fold(text).replace(/[^a-z0-9]+/g, " ")} `;
    for (const name of NAMES) {
      if (!rest.includes(` ${name} `)) continue;
      rest = rest.replaceAll(` ${name} `, "  ");
      found.add(name);
      if (withFamilies) for (const family of COLOUR_FAMILIES[name] ?? []) found.add(family);
    }
  }
  return found;
}

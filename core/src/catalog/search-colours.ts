// The search's colour words over the shop's palette (docs/decisions/021-search.md "Colours"): a
// product is indexed by its colourways' names and families, and a search that names a colour
// shows each product found in that colourway (./search.server.ts). Browser-safe.
import { ColourWords } from "../search/colours.ts";
import { PALETTE, type PaletteColour, paletteColour } from "./palette.ts";
import { splitByColour } from "./variants.ts";

/** Pure: the browser, which runs no search and no catalogue query, drops it from its bundle. */
export const COLOUR_WORDS = /* @__PURE__ */ new ColourWords(PALETTE);

/** The index's colour text of a product's colourways: "navy blue forest green". */
export function colourIndexText(colours: readonly PaletteColour[]): string {
  return COLOUR_WORDS.indexText(colours);
}

/**
 * The index's colour text of a product as stored or seeded: its colourways' colours, or, for one
 * older than colours, those its photos' alt texts name (./variants.ts splitByColour).
 */
export function colourIndexTextOf(item: {
  colours?: readonly string[];
  images: readonly { alt: string }[];
}): string {
  const ids =
    item.colours && item.colours.length > 0
      ? item.colours
      : splitByColour(item.images).map((colourway) => colourway.colour);
  return colourIndexText(ids.flatMap((id) => paletteColour(id) ?? []));
}

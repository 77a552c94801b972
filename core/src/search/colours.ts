// The colours a shopper searches by (docs/decisions/021-search.md "Colours"). A product's colours
// are its colourways, each a colour of the shop's palette with its families (the catalogue passes
// its palette, core/src/catalog/palette.ts: this area imports no other). Each colourway is
// indexed by its name and its families, so "blue shirt" finds a sky-blue or a navy shirt and
// "navy" finds only navy. A shopper's spellings the palette does not write ("gray") are synonyms.
import { fold } from "./text.ts";

/** A colour as the search reads it: a palette colour's id, name and families. */
export interface SearchColour {
  id: string;
  name: string;
  families: readonly string[];
}

/** Other spellings shoppers type (folded), for a palette name or a family as the palette writes it. */
const SPELLINGS: Readonly<Record<string, string>> = {
  gray: "grey",
  "heather gray": "heather grey",
  "light gray": "grey",
  "dark gray": "charcoal",
  "dark grey": "charcoal",
  "off white": "ecru",
  "navy blue": "navy",
};

/** Folded words, single-spaced: "Sky Blue" → "sky blue". */
const words = (text: string) =>
  fold(text)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/**
 * The colour words of one palette: what a product's colourways put in the index, which colours a
 * search names, and whether a colourway is one of them.
 */
export class ColourWords {
  /** Every name a search may use (folded), longest first: "sky blue" before "blue". */
  private readonly names: string[];
  /** A name as typed → the palette's own name or family (folded). */
  private readonly canonical: Map<string, string>;

  constructor(palette: readonly SearchColour[]) {
    this.canonical = new Map();
    for (const colour of palette) {
      this.canonical.set(words(colour.name), words(colour.name));
      for (const family of colour.families) this.canonical.set(words(family), words(family));
    }
    for (const [spelling, meant] of Object.entries(SPELLINGS)) {
      if (this.canonical.has(meant)) this.canonical.set(spelling, meant);
    }
    this.names = [...this.canonical.keys()].sort((a, b) => b.length - a.length);
  }

  /**
   * The index's text for a product's colourways: each name with its families, once each
   * ([Sky Blue, White] → "sky blue blue white").
   */
  indexText(colours: readonly SearchColour[]): string {
    const found = new Set<string>();
    for (const colour of colours) {
      if (colour.families.length === 0) continue; // a colour the palette does not name
      found.add(words(colour.name));
      for (const family of colour.families) found.add(words(family));
    }
    return [...found].join(" ");
  }

  /**
   * The colours a search names, as the palette writes them (no families added): "navy or sky
   * blue shirt" → ["sky blue", "navy"]; "gray" → ["grey"].
   */
  named(search: string): string[] {
    const found = new Set<string>();
    // Padded, so a name matches whole words only ("rose" not in "primrose").
    let rest = ` ${words(search)} `;
    for (const name of this.names) {
      if (!rest.includes(` ${name} `)) continue;
      rest = rest.replaceAll(` ${name} `, "  ");
      found.add(this.canonical.get(name) ?? name);
    }
    return [...found];
  }

  /**
   * Is this colourway one of the colours named (`named` of a search)? A family matches each of
   * its colours ("blue": navy), a colour only itself ("navy": not sky blue).
   */
  shows(colour: SearchColour, named: readonly string[]): boolean {
    if (colour.families.length === 0) return false;
    const own = [words(colour.name), ...colour.families.map(words)];
    return named.some((name) => own.includes(name));
  }
}

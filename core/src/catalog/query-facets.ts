// The catalogue query's colour and size filters (docs/product.md §9 "Colours", "Sizes"): which of
// a product's colours list it, which colourway its card shows, and each colour and size offered
// with the number of products it would list. Used by ./query-answer.ts.
import { COLOUR_FAMILIES, type ColourFamily } from "./colour-ids.ts";
import { colourInStock, variantInStock } from "./in-stock.ts";
import { familyName, PALETTE, paletteColour } from "./palette.ts";
import {
  type CatalogFacets,
  type CatalogQuery,
  type FamilyFacet,
  type ProductSummary,
  SCALE_HEADINGS,
  type ScaleFacet,
} from "./query.ts";
import { COLOUR_WORDS } from "./search-colours.ts";
import { SIZE_SCALE_IDS } from "./size-tags.ts";
import { SIZE_SCALES } from "./sizes.ts";
import { parseVariantKey } from "./variants.ts";

/** Does this colour pass the colour filter? undefined: no colour filter. */
export type ColourTest = ((colour: string) => boolean) | undefined;

export function colourFilter(query: Pick<CatalogQuery, "colour" | "family">): ColourTest {
  const { colour, family } = query;
  if (colour) return (id) => id === colour;
  if (family) return (id) => paletteColour(id)?.families.includes(family) === true;
  return undefined;
}

/**
 * The product's colours that list it under these filters, in its order, or null when none does
 * (docs/product.md §2 "Catalogue"): with a size, a colour (of the colour filter) in that size in
 * stock, the same variant; with "In stock only", a colour with some size in stock; else a
 * colourway of the colour filter.
 */
export function listedColours(
  item: ProductSummary,
  chosen: ColourTest,
  size: string | undefined,
  inStockOnly: boolean | undefined,
): string[] | null {
  const listed: string[] = [];
  for (const { id } of item.colours) {
    if (chosen && !chosen(id)) continue;
    if (
      size
        ? !variantInStock(item.inStock, id, size)
        : inStockOnly && !colourInStock(item.inStock, id)
    ) {
      continue;
    }
    listed.push(id);
  }
  return listed.length > 0 ? listed : null;
}

/**
 * The colourway a listed product's card shows: the first its colour filter lists; else the first
 * of those a search names ("blue polo": the navy one); else, under a size or "In stock only", the
 * first that has it when the product's first colour does not. undefined: its first picture.
 */
export function shownColour(
  item: ProductSummary,
  chosen: ColourTest,
  named: readonly string[],
  query: CatalogQuery,
): string | undefined {
  const listed = listedColours(item, chosen, query.size, query.inStock) ?? [];
  if (chosen) return listed[0];
  if (named.length > 0) {
    const colour = listed.find((id) => {
      const entry = paletteColour(id);
      return entry !== undefined && COLOUR_WORDS.shows(entry, named);
    });
    if (colour) return colour;
  }
  return listed[0] !== undefined && listed[0] !== item.colours[0]?.id ? listed[0] : undefined;
}

/** The card in this colour: that colourway's first photo, and its link opens on the colour. */
export function inColour(item: ProductSummary, colour: string | undefined): ProductSummary {
  const way = colour ? item.colours.find((entry) => entry.id === colour) : undefined;
  if (!way) return item;
  const { imageSources: _first, photo: _photo, ...rest } = item;
  const image = way.imageUrl
    ? { imageUrl: way.imageUrl, ...(way.imageSources ? { imageSources: way.imageSources } : {}) }
    : {
        imageUrl: item.imageUrl,
        ...(item.imageSources ? { imageSources: item.imageSources } : {}),
      };
  return { ...rest, ...image, colour: way.id };
}

/**
 * The colour and size filters' values over `base` (the products the other filters keep): a
 * colour or family counts the products it would list with the size chosen, a size those it would
 * list with the colour chosen.
 */
export function facetsOf(
  base: readonly ProductSummary[],
  query: CatalogQuery,
): Omit<CatalogFacets, "onSale"> {
  const byColour = new Map<string, number>();
  const byFamily = new Map<ColourFamily, number>();
  const bySize = new Map<string, number>();
  const chosen = colourFilter(query);
  const families = new Set<ColourFamily>();
  const sizes = new Set<string>();
  for (const item of base) {
    families.clear();
    for (const id of listedColours(item, undefined, query.size, query.inStock) ?? []) {
      const entry = paletteColour(id);
      if (!entry) continue;
      byColour.set(id, (byColour.get(id) ?? 0) + 1);
      for (const family of entry.families) families.add(family);
    }
    for (const family of families) byFamily.set(family, (byFamily.get(family) ?? 0) + 1);
    sizes.clear();
    for (const key of item.inStock) {
      const variant = parseVariantKey(key);
      if (variant && (!chosen || chosen(variant.colour))) sizes.add(variant.size);
    }
    for (const size of sizes) bySize.set(size, (bySize.get(size) ?? 0) + 1);
  }
  const familyFacets: FamilyFacet[] = [];
  for (const family of COLOUR_FAMILIES) {
    const count = byFamily.get(family) ?? 0;
    if (
      count === 0 &&
      query.family !== family &&
      paletteColour(query.colour)?.families[0] !== family
    ) {
      continue;
    }
    familyFacets.push({
      family,
      name: familyName(family),
      count,
      colours: PALETTE.filter((entry) => entry.families.includes(family))
        .filter((entry) => (byColour.get(entry.id) ?? 0) > 0 || entry.id === query.colour)
        .map(({ id, name, swatch }) => ({ id, name, swatch, count: byColour.get(id) ?? 0 })),
    });
  }
  const scaleFacets: ScaleFacet[] = [];
  for (const scale of SIZE_SCALE_IDS) {
    const offered = SIZE_SCALES[scale].sizes
      .filter(({ tag }) => (bySize.get(tag) ?? 0) > 0 || tag === query.size)
      .map(({ tag, label, name }) => ({ tag, label, name, count: bySize.get(tag) ?? 0 }));
    if (offered.length > 0)
      scaleFacets.push({ scale, name: SCALE_HEADINGS[scale], sizes: offered });
  }
  const open = query.family ?? paletteColour(query.colour)?.families[0];
  return { families: familyFacets, sizes: scaleFacets, ...(open ? { open } : {}) };
}

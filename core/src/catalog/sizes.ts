// Size scales (docs/product.md §9 "Sizes"): a product is sized on one scale and offers some of its
// sizes, in the scale's order. The labels are those European shops print on their size pickers:
// letters for adults, waist in inches for jeans and trousers, age (with the height in cm that EN
// 13402 sizes children by) for kids, months (with the height) for babies, EU shoe sizes for socks,
// and "One size". A size's tag is ASCII and unique across every scale, so a tag alone names a size
// in URLs (`?size=3-4y`), carts, orders and stock keys. Browser-safe, but the storefront's pages
// do not load it: their loaders name the sizes they show, and the browser's cart checks tags
// alone (./size-tags.ts; docs/decisions/033-colourways-and-variants.md "Performance").

import type { SizeScaleId, SizeTag } from "./size-tags.ts";

// The tags, which the browser's cart checks lines by, are their own module.
export {
  isSizeScaleId,
  isSizeTag,
  SCALE_TAGS,
  SIZE_SCALE_IDS,
  type SizeScaleId,
  type SizeTag,
  scaleOfSize,
  sortSizes,
} from "./size-tags.ts";

export interface SizeOption {
  /** Stored and posted: "M", "W32", "3-4y", "6-9m", "39-42", "OS". */
  tag: string;
  /** On the picker's button: "M", "W32", "3–4 Y", "6–9 M", "39–42", "One size". */
  label: string;
  /** Spoken and printed in full: "Medium", "Waist 32 in", "3–4 years (104 cm)". */
  name: string;
}

export interface SizeScale {
  id: SizeScaleId;
  /** For the admin's choice: "Adult letters (S–XXL)". */
  name: string;
  sizes: readonly SizeOption[];
}

const size = (tag: string, label: string, name: string): SizeOption => ({ tag, label, name });
const en = "–";

const kids = (from: number, to: number, cm: number) =>
  size(`${from}-${to}y`, `${from}${en}${to} Y`, `${from}${en}${to} years (${cm} cm)`);
const baby = (from: number, to: number, cm: number) =>
  size(`${from}-${to}m`, `${from}${en}${to} M`, `${from}${en}${to} months (${cm} cm)`);
const waist = (inches: number) => size(`W${inches}`, `W${inches}`, `Waist ${inches} in`);
const shoe = (from: number, to: number) =>
  size(`${from}-${to}`, `${from}${en}${to}`, `EU shoe size ${from}${en}${to}`);

export const SIZE_SCALES: Readonly<Record<SizeScaleId, SizeScale>> = {
  adult: {
    id: "adult",
    name: "Adult letters (S–XXL)",
    sizes: [
      size("S", "S", "Small"),
      size("M", "M", "Medium"),
      size("L", "L", "Large"),
      size("XL", "XL", "Extra Large"),
      size("XXL", "XXL", "Extra Extra Large"),
    ],
  },
  waist: {
    id: "waist",
    name: "Waist in inches (jeans, trousers)",
    sizes: [26, 27, 28, 29, 30, 31, 32, 33, 34, 36, 38, 40].map(waist),
  },
  kids: {
    id: "kids",
    name: "Kids by age (height in cm)",
    sizes: [
      kids(2, 3, 98),
      kids(3, 4, 104),
      kids(4, 5, 110),
      kids(5, 6, 116),
      kids(6, 7, 122),
      kids(7, 8, 128),
      kids(8, 9, 134),
      kids(9, 10, 140),
      kids(10, 11, 146),
      kids(11, 12, 152),
      kids(12, 13, 158),
      kids(13, 14, 164),
    ],
  },
  baby: {
    id: "baby",
    name: "Baby by months (height in cm)",
    sizes: [
      baby(0, 1, 50),
      baby(1, 2, 56),
      baby(2, 4, 62),
      baby(4, 6, 68),
      baby(6, 9, 74),
      baby(9, 12, 80),
      baby(12, 18, 86),
      baby(18, 24, 92),
    ],
  },
  socks: {
    id: "socks",
    name: "Socks by EU shoe size",
    sizes: [
      shoe(19, 22),
      shoe(23, 26),
      shoe(27, 30),
      shoe(31, 34),
      shoe(35, 38),
      shoe(39, 42),
      shoe(43, 46),
    ],
  },
  "one-size": {
    id: "one-size",
    name: "One size",
    sizes: [size("OS", "One size", "One size")],
  },
};

/** The adult letters, the spec's sizes (docs/product.md §3 "Size option"). */
export const SIZES: readonly SizeOption[] = SIZE_SCALES.adult.sizes;
export const SIZE_TAGS: readonly string[] = SIZES.map((option) => option.tag);
export const DEFAULT_SIZE: SizeTag = "S";
export const DEFAULT_SIZE_SCALE: SizeScaleId = "adult";

const BY_TAG = new Map(
  Object.values(SIZE_SCALES).flatMap((scale) =>
    scale.sizes.map((option) => [option.tag, option] as const),
  ),
);

/** The size with this tag, on whichever scale has it. */
export function sizeOption(tag: string): SizeOption | undefined {
  return BY_TAG.get(tag);
}

/** "Medium" for "M", "3–4 years (104 cm)" for "3-4y"; an unknown tag as it is. */
export function sizeName(tag: SizeTag): string {
  return sizeOption(tag)?.name ?? tag;
}

/** "M", "3–4 Y", "One size": what a button or a line shows. */
export function sizeLabel(tag: SizeTag): string {
  return sizeOption(tag)?.label ?? tag;
}

/** The options of these tags (a product's sizes), in their order: what a page shows of them. */
export function sizeOptions(tags: readonly SizeTag[]): SizeOption[] {
  return tags.map((tag) => sizeOption(tag) ?? { tag, label: tag, name: tag });
}

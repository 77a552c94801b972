// Size options (docs/product.md §9 "Sizes"): S, M, L, XL, XXL with their names; the first is the default.
export const SIZES = [
  { tag: "S", name: "Small" },
  { tag: "M", name: "Medium" },
  { tag: "L", name: "Large" },
  { tag: "XL", name: "Extra Large" },
  { tag: "XXL", name: "Extra Extra Large" },
] as const;

export type SizeOption = (typeof SIZES)[number];
export type SizeTag = SizeOption["tag"];

export const SIZE_TAGS: readonly SizeTag[] = SIZES.map((size) => size.tag);

export const DEFAULT_SIZE: SizeTag = "S";

export function isSizeTag(value: unknown): value is SizeTag {
  return SIZES.some((size) => size.tag === value);
}

/** "Medium" for "M". */
export function sizeName(tag: SizeTag): string {
  return SIZES.find((size) => size.tag === tag)?.name ?? tag;
}

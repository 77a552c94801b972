// The size scales' tags (docs/product.md §9 "Sizes"): what URLs, carts, orders and stock keys
// keep of a size, and all the browser needs to check a stored cart's line. Their labels and names
// ("3–4 Y", "3–4 years (104 cm)") are ./sizes.ts, which only the server and the admin load: a
// storefront page gets the names of the sizes it shows from its loader
// (docs/decisions/033-colourways-and-variants.md "Performance"). Browser-safe.

export const SIZE_SCALE_IDS = ["adult", "waist", "kids", "baby", "socks", "one-size"] as const;
export type SizeScaleId = (typeof SIZE_SCALE_IDS)[number];

/** A size's tag: one of a scale's (checked against the product by whoever takes it). */
export type SizeTag = string;

/** Each scale's tags in its order; ./sizes.ts gives each its label and name (sizes.test.ts). */
export const SCALE_TAGS: Readonly<Record<SizeScaleId, readonly SizeTag[]>> = {
  adult: ["S", "M", "L", "XL", "XXL"],
  waist: [26, 27, 28, 29, 30, 31, 32, 33, 34, 36, 38, 40].map((inches) => `W${inches}`),
  kids: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((from) => `${from}-${from + 1}y`),
  baby: ["0-1m", "1-2m", "2-4m", "4-6m", "6-9m", "9-12m", "12-18m", "18-24m"],
  socks: [19, 23, 27, 31, 35, 39, 43].map((from) => `${from}-${from + 3}`),
  "one-size": ["OS"],
};

const SCALE_OF = new Map(
  SIZE_SCALE_IDS.flatMap((scale) => SCALE_TAGS[scale].map((tag) => [tag, scale] as const)),
);

/** A tag of any scale. */
export function isSizeTag(value: unknown): value is SizeTag {
  return typeof value === "string" && SCALE_OF.has(value);
}

export function isSizeScaleId(value: unknown): value is SizeScaleId {
  return (SIZE_SCALE_IDS as readonly unknown[]).includes(value);
}

/** The scale a tag belongs to. */
export function scaleOfSize(tag: string): SizeScaleId | undefined {
  return SCALE_OF.get(tag);
}

/** These tags in their scale's order, dropping any not on the scale and repeats. */
export function sortSizes(scale: SizeScaleId, tags: Iterable<string>): string[] {
  const wanted = new Set(tags);
  return SCALE_TAGS[scale].filter((tag) => wanted.has(tag));
}

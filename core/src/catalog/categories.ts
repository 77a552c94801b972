// Audience categories (docs/product.md §3): Men, Women, Kid, Baby; links carry them in lower case.
export const CATEGORIES = ["Men", "Women", "Kid", "Baby"] as const;

export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: unknown): value is Category {
  return CATEGORIES.some((category) => category === value);
}

/** The lower-case form used in links: "men" for Men (docs/product.md §2 "/product" query parameter). */
export function categorySlug(category: Category): string {
  return category.toLowerCase();
}

/** The category named by a link parameter, case-insensitively; unknown or absent → undefined. */
export function categoryFromSlug(slug: string | null | undefined): Category | undefined {
  if (typeof slug !== "string") return undefined;
  const wanted = slug.trim().toLowerCase();
  return CATEGORIES.find((category) => categorySlug(category) === wanted);
}

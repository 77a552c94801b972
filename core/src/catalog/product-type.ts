// A product's type (docs/product.md §10 "Products", §9 "Promotions"): what kind of garment it is, in the
// plural ("dresses", "coats", "t-shirts"), a lower-case word with hyphens. An item promotion
// may target it (../promotions/offers.ts PromotionTarget). Optional: a product saved before
// types has none, and no type-targeted offer applies to it.

/** 1 to 40 lower-case letters, digits and hyphens, starting with a letter or digit. */
export const PRODUCT_TYPE_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const PRODUCT_TYPE_FORMAT =
  "A product type is a lower-case word with hyphens, e.g. dresses or t-shirts";

export const isProductType = (value: unknown): value is string =>
  typeof value === "string" && PRODUCT_TYPE_PATTERN.test(value);

/** The types the admin's product form suggests (any other of the pattern is accepted). */
export const SUGGESTED_PRODUCT_TYPES = [
  "beanies",
  "bibs",
  "booties",
  "caps",
  "cardigans",
  "coats",
  "dresses",
  "hoodies",
  "jackets",
  "jeans",
  "onesies",
  "polos",
  "roll-necks",
  "rompers",
  "shirts",
  "shorts",
  "skirts",
  "socks",
  "sweaters",
  "t-shirts",
  "trousers",
] as const;

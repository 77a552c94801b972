// Catalogue: sizes, categories, the catalogue query and pagination, slugs, the admin's product
// form and image checks, what crawlers may visit and the sitemap (browser-safe).
export * from "./admin-query.ts";
export * from "./categories.ts";
export * from "./ids.ts";
export * from "./image-variants.ts";
export * from "./images.ts";
export * from "./in-stock.ts";
export * from "./pagination.ts";
export * from "./palette.ts";
export * from "./photos.ts";
export * from "./product-choice.ts";
export * from "./product-form.ts";
export * from "./product-form-draft.ts";
export * from "./product-json-ld.ts";
export * from "./product-type.ts";
export * from "./query.ts";
export * from "./robots.ts";
export * from "./sale-prices.ts";
export * from "./schemas.ts";
export * from "./search-colours.ts";
export * from "./search-object.ts";
export * from "./sitemap.ts";
export * from "./size-guides.ts";
export * from "./sizes.ts";
export * from "./sku.ts";
export * from "./slug.ts";
export * from "./variants.ts";

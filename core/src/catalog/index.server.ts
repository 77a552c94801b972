// Catalogue, server side: products in the table and the catalogue read model.

// The version item moved below the areas that bump it; still exported here for callers.
export { bumpCatalogVersion } from "../db/catalog-version.ts";
export * from "./availability.server.ts";
export { PRODUCT_ID_PATTERN } from "./ids.ts";
export * from "./image-variants.server.ts";
export * from "./images.server.ts";
export * from "./photo-uploads.server.ts";
export * from "./product-deletion.server.ts";
export * from "./product-form.server.ts";
export * from "./product-lookups.server.ts";
export * from "./product-page.server.ts";
export * from "./product-saves.server.ts";
export * from "./products.server.ts";
export * from "./read-model.server.ts";
export * from "./search.server.ts";
export * from "./search-index.server.ts";
export * from "./sitemap.server.ts";
export * from "./size-guides.server.ts";
export * from "./sku-claims.server.ts";

// Catalogue: sizes, categories, the catalogue query and pagination (browser-safe).
export * from "./categories.ts";
export * from "./ids.ts";
export * from "./pagination.ts";
export * from "./query.ts";
export * from "./schemas.ts";
export * from "./sizes.ts";

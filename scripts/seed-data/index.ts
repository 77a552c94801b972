// The seed's data, for scripts/lib/seed.ts: catalogue with images, customers and reviews.
export {
  GARMENT_KINDS,
  type GarmentKind,
  type GarmentSpec,
  type GarmentView,
  garmentSvg,
} from "./garments.ts";
export { SEED_CUSTOMERS, SEED_REVIEWS, type SeedCustomer, type SeedReview } from "./people.ts";
export {
  SEED_PRODUCTS,
  type SeedCategory,
  type SeedImage,
  type SeedProduct,
  seedStock,
  slugify,
} from "./products.ts";
export { SEARCH_QUERIES } from "./search-queries.ts";

// The benchmark's added products as a shop sells them (docs/decisions/033-colourways-and-variants.md):
// each in 2 to 4 colours of the palette, on the size scale its audience and garment wear (adult
// letters, waist sizes for jeans, ages for kids, months for babies, shoe sizes for socks, one
// size for caps), a run of that scale's sizes, and its own units per variant, some sold out, so
// that the catalogue's colour and size filters have real work at 10,000 products. Deterministic:
// the i-th product is the same in every run (scripts/bench.ts adds them, scripts/lib/bench-search.ts
// indexes the same colours).
import {
  MAX_VARIANTS,
  PALETTE,
  type PaletteColour,
  SIZE_SCALES,
  type SizeScaleId,
  variantKey,
} from "@shop/core/catalog";
import type { StockCounts } from "@shop/core/inventory";

const ADJECTIVES = ["Classic", "Linen", "Organic", "Relaxed", "Slim", "Heavy", "Soft", "Striped"];
const GARMENTS = ["Shirt", "T-Shirt", "Sweater", "Jeans", "Dress", "Jacket", "Shorts", "Hoodie"];
const AUDIENCES = ["Men", "Women", "Kid", "Baby"] as const;

/** The name of the benchmark's i-th added product. */
export const benchProductName = (i: number) =>
  `${ADJECTIVES[i % 8]} ${GARMENTS[(i >> 3) % 8]} ${i}`;
export const benchProductAudience = (i: number) => AUDIENCES[i % 4] ?? "Men";
export const BENCH_DESCRIPTION = "A garment added by the benchmark.";

/** The i-th added product's colours: 2 to 4 distinct palette colours. */
export function benchProductColours(i: number): PaletteColour[] {
  const count = 2 + (i % 3);
  const colours: PaletteColour[] = [];
  for (let k = 0; colours.length < count; k++) {
    const colour = PALETTE[(i * 7 + k * 11) % PALETTE.length] as PaletteColour;
    if (!colours.includes(colour)) colours.push(colour);
  }
  return colours;
}

/** The i-th added product's scale: by its audience, and for adults by its garment. */
export function benchProductScale(i: number): SizeScaleId {
  const audience = benchProductAudience(i);
  if (audience === "Kid") return i % 20 === 2 ? "socks" : "kids";
  if (audience === "Baby") return i % 20 === 3 ? "one-size" : "baby";
  if (i % 5 === 0) return "waist";
  if (i % 17 === 1) return "one-size";
  return "adult";
}

/** A run of 4 to 6 of its scale's sizes (all of a shorter scale), so colours × sizes ≤ 40. */
export function benchProductSizes(i: number): string[] {
  const tags = SIZE_SCALES[benchProductScale(i)].sizes.map((option) => option.tag);
  const length = Math.min(tags.length, 4 + (i % 3));
  const start = (i * 3) % (tags.length - length + 1);
  return tags.slice(start, start + length);
}

/**
 * Units of each variant: 0 to 12, about one variant in eight sold out, so that a size filter
 * leaves out some colours and some products.
 */
export function benchProductStock(i: number): StockCounts {
  const stock: Record<string, number> = {};
  benchProductColours(i).forEach((colour, k) => {
    benchProductSizes(i).forEach((size, s) => {
      const units = (i * 31 + k * 17 + s * 5) % 16;
      stock[variantKey(colour.id, size)] = units < 2 ? 0 : Math.max(1, units - 3);
    });
  });
  return stock;
}

/** The i-th product's regular price: 5 € to 199.99 €, spread. */
export const benchProductPrice = (i: number) => 500 + ((i * 7919) % 19_500);

/** The i-th product as core's createProduct takes it; every colourway's photo is `imageKey`. */
export function benchProduct(i: number, imageKey: string) {
  const colours = benchProductColours(i);
  const sizes = benchProductSizes(i);
  if (colours.length * sizes.length > MAX_VARIANTS) {
    throw new Error(`bench product ${i} has more than ${MAX_VARIANTS} variants`);
  }
  return {
    slug: `bench-${i}`,
    name: benchProductName(i),
    category: benchProductAudience(i),
    priceCents: benchProductPrice(i),
    description: BENCH_DESCRIPTION,
    sizeScale: benchProductScale(i),
    sizes,
    colours: colours.map((colour) => colour.id),
    images: colours.map((colour) => ({
      key: imageKey,
      alt: `A garment in ${colour.name}`,
      colour: colour.id,
    })),
    stock: benchProductStock(i),
    ...benchProductSale(i),
  };
}

/**
 * Every fifth product on sale at 30% off, from now on until the end of 2099 (a markdown: the
 * catalogue prices it per request, docs/decisions/046-markdowns-priced-per-request.md), so the
 * pages' round trips and times are measured with sale prices among the cards.
 */
export function benchProductSale(i: number): { markdown?: { saleCents: number; endsAt: string } } {
  if (i % 5 !== 0) return {};
  return { markdown: { saleCents: Math.round(benchProductPrice(i) * 0.7), endsAt: "2099-12-31" } };
}

// Products in the table. Keys (see ../db/README.md):
//   product      pk PRODUCT#<id>  sk PRODUCT   gsi1 CATALOG / PRODUCT#<id>   gsi2 SLUG#<slug> / PRODUCT
//   slug claim   pk SLUG#<slug>   sk SLUG      (unique slug, by condition)
//   version      pk CATALOG       sk VERSION   (bumped in the same transaction as every change:
//                ../db/catalog-version.ts)
// What a product is: its types, its item read into a product, and the read by id. The admin's
// changes are ./product-saves.server.ts (create, update) and ./product-deletion.server.ts; the
// SKU claims they take are ./sku-claims.server.ts; the storefront's and the cart's lookups (by
// slug, by ids) are ./product-lookups.server.ts.
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { productKey } from "../db/keys.ts";
import type { Markdown } from "../pricing/markdown.ts";
import { type FitCounts, fitCountsOf } from "../reviews/fit.ts";
import type { RatingCounts } from "../reviews/stats.ts";
import type { Category } from "./categories.ts";
import { PRODUCT_ID_PATTERN } from "./ids.ts";
import {
  type ImageSources,
  imageSources,
  parseUploadKey,
  type VariantState,
} from "./image-variants.ts";
import type { PaletteColour } from "./palette.ts";
import { isProductType } from "./product-type.ts";
import { DEFAULT_SIZE_SCALE, type SizeScaleId, type SizeTag } from "./sizes.ts";
import { suggestSku } from "./sku.ts";
import { colourOf, splitByColour, variantKey } from "./variants.ts";

export interface ProductImage {
  /** Object key in the images bucket. */
  key: string;
  alt: string;
  /** Public URL (the images base URL + key). */
  url: string;
  /** Its AVIF and WebP variants, once all are stored (docs/product.md §10 "Products"). */
  sources?: ImageSources;
  /** The colourway it shows (a palette id, or AS_SHOWN's). */
  colour: string;
}

/** One colour of the product with the photos that show it, in order (docs/product.md §9). */
export interface Colourway {
  colour: PaletteColour;
  images: ProductImage[];
}

/** One colourway in one size: what a cart line, an order line and a stock count name. */
export interface Variant {
  /** "navy/M" (./variants.ts variantKey): the stock count's key. */
  key: string;
  colour: string;
  size: SizeTag;
  sku: string;
  gtin?: string;
}

/** A stored image: its key, its alt text and its colourway (none on items older than colours). */
export interface StoredImage {
  key: string;
  alt: string;
  colour?: string;
}

/** What the table keeps per variant (by key): its SKU, and its barcode if it has one. */
export type StoredVariants = Record<string, { sku: string; gtin?: string }>;

export interface Product {
  id: string;
  slug: string;
  name: string;
  category: Category;
  /** Its type in the plural ("dresses", ./product-type.ts); none on products saved before types. */
  productType?: string;
  priceCents: number;
  /**
   * Its sale price against `priceCents` struck through, from a start to an end day in the shop's
   * time zone (../pricing/markdown.ts: `shownPrice` says which price holds at a moment).
   */
  markdown?: Markdown;
  description: string;
  /** The scale its sizes are on, and the sizes it offers, in the scale's order. */
  sizeScale: SizeScaleId;
  sizes: SizeTag[];
  /** Its colours in the shop's order, each with its photos; never empty. */
  colourways: Colourway[];
  /** Every colourway in every size, colour by colour. */
  variants: Variant[];
  /**
   * The images the storefront shows, colourway by colourway (the first is the catalogue
   * picture): those the processing could decode, or has not seen yet.
   */
  images: ProductImage[];
  /** Images whose file could not be processed: never shown in the shop, flagged to the admin. */
  failedImages: ProductImage[];
  /** Number of 1★ … 5★ reviews. */
  ratingCounts: RatingCounts;
  /** Its fit answers from reviews and returns (../reviews/fit.ts). */
  fitCounts: FitCounts;
  /**
   * No offered size has a unit left, as the catalogue last heard (kept by a reaction to stock
   * changes: ./availability.server.ts); the product page reads the counts themselves.
   */
  soldOut: boolean;
  /**
   * The keys of its variants with a unit left ("navy/M"), as the catalogue last heard (kept with
   * `soldOut`): what its colour and size filters read (./query-facets.ts).
   */
  inStock: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * A product as the admin creates it: its fields, and its images' keys, texts and colours. Without
 * `colours`, the colourways are read from the images' alt texts (./variants.ts splitByColour);
 * without `sizeScale`, the sizes are the adult letters; a variant without a SKU gets the
 * suggested one.
 */
export interface NewProduct
  extends Pick<
    Product,
    "slug" | "name" | "category" | "productType" | "priceCents" | "description" | "sizes"
  > {
  sizeScale?: SizeScaleId;
  colours?: string[];
  images: StoredImage[];
  variants?: Record<string, { sku?: string; gtin?: string }>;
  /** Its sale (none: no sale; an update without one removes it). */
  markdown?: Markdown;
}

export const PRODUCT_NOT_FOUND = "This product does not exist (any more)";
export const PRODUCT_CHANGED = "Someone changed this product meanwhile: reload it and try again";

export interface ProductItem
  extends Omit<
    Product,
    | "images"
    | "failedImages"
    | "ratingCounts"
    | "fitCounts"
    | "soldOut"
    | "inStock"
    | "sizeScale"
    | "colourways"
    | "variants"
  > {
  soldOut?: boolean;
  /** Absent on items older than variants: every variant unless sold out. */
  inStock?: string[];
  /** Absent on items older than size scales: the adult letters. */
  sizeScale?: SizeScaleId;
  /** The colourways' colours in order; absent on items older than colours (read from alt texts). */
  colours?: string[];
  images: StoredImage[];
  /** Absent on items older than colours: each variant has its suggested SKU. */
  variants?: StoredVariants;
  /** What the image processing made of each upload, by file name (./image-variants.server.ts). */
  imageVariants?: Record<string, VariantState>;
  rating1?: number;
  rating2?: number;
  rating3?: number;
  rating4?: number;
  rating5?: number;
  /** The fit counters (../reviews/fit.ts FIT_ATTRIBUTES), moved by ../reviews/fit.server.ts. */
  fitSmall?: number;
  fitTrue?: number;
  fitLarge?: number;
  fitReturnSmall?: number;
  fitReturnLarge?: number;
}

/**
 * The colourways' colours in order, and each image with its colour: as stored, or, for an item
 * older than colours, read from the alt texts (./variants.ts splitByColour, as the migration
 * does). An image naming a colour the product does not have joins the first.
 */
export function colourwaysOf(item: Pick<ProductItem, "colours" | "images">): {
  colours: string[];
  images: Array<StoredImage & { colour: string }>;
} {
  const stored = (item.colours ?? []).filter((id) => colourOf(id));
  if (stored.length === 0) {
    const split = splitByColour(item.images);
    const colourOfKey = new Map(
      split.flatMap(({ colour, images }) => images.map((image) => [image.key, colour] as const)),
    );
    return {
      colours: split.map(({ colour }) => colour),
      images: item.images.map((image) => ({
        ...image,
        colour: colourOfKey.get(image.key) ?? (split[0]?.colour as string),
      })),
    };
  }
  const [first] = stored as [string];
  return {
    colours: stored,
    images: item.images.map((image) => ({
      ...image,
      colour: image.colour && stored.includes(image.colour) ? image.colour : first,
    })),
  };
}

/** Every variant of these colours and sizes, with its stored SKU and barcode or the suggested SKU. */
export function variantsOf(
  slug: string,
  colours: readonly string[],
  sizes: readonly string[],
  stored: StoredVariants | undefined,
): Variant[] {
  return colours.flatMap((colour) =>
    sizes.map((size) => {
      const key = variantKey(colour, size);
      const own = stored?.[key];
      return {
        key,
        colour,
        size,
        sku: own?.sku ?? suggestSku(slug, colour, size),
        ...(own?.gtin ? { gtin: own.gtin } : {}),
      };
    }),
  );
}

export function toProduct(ctx: Context, item: ProductItem): Product {
  const base = ctx.config.imagesBaseUrl;
  const { colours, images: coloured } = colourwaysOf(item);
  const shown: ProductImage[] = [];
  const failedImages: ProductImage[] = [];
  for (const { key, alt, colour } of coloured) {
    const file = parseUploadKey(key)?.file;
    const state = file ? item.imageVariants?.[file] : undefined;
    const sources = imageSources(base, key, state);
    const image = { key, alt, url: `${base}/${key}`, colour, ...(sources ? { sources } : {}) };
    (state?.state === "failed" ? failedImages : shown).push(image);
  }
  const colourways = colours.map((id) => ({
    colour: colourOf(id) as PaletteColour,
    images: shown.filter((image) => image.colour === id),
  }));
  const variants = variantsOf(item.slug, colours, item.sizes, item.variants);
  const soldOut = item.soldOut === true;
  const offered = variants.map((variant) => variant.key);
  return {
    id: item.id,
    slug: item.slug,
    name: item.name,
    category: item.category,
    ...(isProductType(item.productType) ? { productType: item.productType } : {}),
    priceCents: item.priceCents,
    ...(item.markdown ? { markdown: item.markdown } : {}),
    description: item.description,
    sizeScale: item.sizeScale ?? DEFAULT_SIZE_SCALE,
    sizes: item.sizes,
    colourways,
    variants,
    images: colourways.flatMap((colourway) => colourway.images),
    failedImages,
    ratingCounts: [
      item.rating1 ?? 0,
      item.rating2 ?? 0,
      item.rating3 ?? 0,
      item.rating4 ?? 0,
      item.rating5 ?? 0,
    ],
    fitCounts: fitCountsOf(item as unknown as Record<string, unknown>),
    soldOut,
    inStock: item.inStock
      ? offered.filter((key) => item.inStock?.includes(key))
      : soldOut
        ? []
        : offered,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The product with this id (a consistent GetItem), or null. */
export async function getProductById(ctx: Context, id: string): Promise<Product | null> {
  if (!PRODUCT_ID_PATTERN.test(id)) return null;
  const item = await getProductItem(ctx, id);
  return item ? toProduct(ctx, item) : null;
}

/** The product's item as stored (a consistent GetItem), or null. */
export async function getProductItem(ctx: Context, id: string): Promise<ProductItem | null> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: productKey(id), ConsistentRead: true }),
  );
  return Item?.entity === "product" ? (Item as ProductItem) : null;
}

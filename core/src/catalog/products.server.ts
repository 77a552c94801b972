// Products in the table. Keys (see ../db/README.md):
//   product      pk PRODUCT#<id>  sk PRODUCT   gsi1 CATALOG / PRODUCT#<id>   gsi2 SLUG#<slug> / PRODUCT
//   slug claim   pk SLUG#<slug>   sk SLUG      (unique slug, by condition)
//   version      pk CATALOG       sk VERSION   (bumped in the same transaction as every change:
//                ../db/catalog-version.ts)
// What a product is, and the admin's changes (create, update, delete); the storefront's and the
// cart's lookups (by slug, by ids) are ./product-lookups.server.ts.
import { randomUUID } from "node:crypto";
import { BatchWriteCommand, GetCommand, paginateQuery } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { bumpCatalogVersion } from "../db/catalog-version.ts";
import { productIndexes, productKey, skuKey, slugKey } from "../db/keys.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { getStock, newStockItem, renameStock, stockItemKeys } from "../inventory/stock.server.ts";
import { anyInStock, type StockCounts } from "../inventory/stock.ts";
import type { Markdown } from "../pricing/markdown.ts";
import { type FitCounts, fitCountsOf } from "../reviews/fit.ts";
import type { RatingCounts } from "../reviews/stats.ts";
import type { Category } from "./categories.ts";
import { PRODUCT_ID_PATTERN } from "./ids.ts";
import { applyRecordedVariants } from "./image-variants.server.ts";
import {
  type ImageSources,
  imageSources,
  parseUploadKey,
  type VariantState,
} from "./image-variants.ts";
import { inStockVariants } from "./in-stock.ts";
import type { PaletteColour } from "./palette.ts";
import { isProductType } from "./product-type.ts";
import { DEFAULT_SIZE_SCALE, type SizeScaleId, type SizeTag } from "./sizes.ts";
import { duplicateSkus, suggestSku } from "./sku.ts";
import { colourOf, MAX_VARIANTS, splitByColour, variantKey } from "./variants.ts";

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
   * `soldOut`): what its colour and size filters read (./query.ts).
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

export const SLUG_TAKEN = "This slug is already used by another product";
export const PRODUCT_EXISTS = "This product exists already: reload the page and try again";
export const PRODUCT_NOT_FOUND = "This product does not exist (any more)";
export const PRODUCT_CHANGED = "Someone changed this product meanwhile: reload it and try again";
export const skuTaken = (sku: string) => `SKU ${sku} is already used by another variant`;
export const TOO_MANY_VARIANTS = `At most ${MAX_VARIANTS} variants (colours × sizes) per product`;

/** The field a variant's SKU is posted and refused under. */
export const skuField = (key: string) => `variants.${key}.sku`;

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

/**
 * A new product's counts by variant key: a variant's own count, else its size's (a count keyed by
 * a size is every colourway's); keys of no variant are dropped.
 */
function variantStock(stock: StockCounts, variants: readonly Variant[]): StockCounts {
  return Object.fromEntries(
    variants.map(({ key, size }) => [key, stock[key] ?? stock[size] ?? 0] as const),
  );
}

/**
 * The claims a save takes (SKUs it has that were not claimed) and releases (claimed SKUs it no
 * longer has): each SKU names one variant of one product across the shop.
 */
function skuClaims(
  ctx: Pick<Context, "tableName">,
  productId: string,
  before: StoredVariants,
  after: StoredVariants,
): { take: Array<{ key: string; sku: string; item: TransactItem }>; release: TransactItem[] } {
  const had = new Set(Object.values(before).map((variant) => variant.sku));
  const has = new Set(Object.values(after).map((variant) => variant.sku));
  return {
    take: Object.entries(after)
      .filter(([, { sku }]) => !had.has(sku))
      .map(([key, { sku }]) => ({
        key,
        sku,
        item: {
          Put: {
            TableName: ctx.tableName,
            Item: { ...skuKey(sku), entity: "skuClaim", productId, variant: key },
            ConditionExpression: "attribute_not_exists(pk)",
          },
        },
      })),
    release: [...had]
      .filter((sku) => !has.has(sku))
      .map((sku) => ({
        Delete: {
          TableName: ctx.tableName,
          Key: skuKey(sku),
          ConditionExpression: "attribute_not_exists(pk) OR productId = :id",
          ExpressionAttributeValues: { ":id": productId },
        },
      })),
  };
}

/** The SKU claim a cancelled transaction refused, as the error on its variant's field. */
function takenSku(
  error: unknown,
  take: ReadonlyArray<{ key: string; sku: string }>,
  offset: number,
): DomainError | undefined {
  if (!(error instanceof TransactionCancelled)) return undefined;
  const index = take.findIndex((_, i) => error.failedAt(offset + i));
  const refused = take[index];
  return refused ? new DomainError(skuTaken(refused.sku), skuField(refused.key), 409) : undefined;
}

/** The stored shape of an admin's product: colours, coloured images, scale and every variant's SKU. */
function storedShape(input: NewProduct) {
  const { colours, images } = colourwaysOf(input);
  const sizeScale = input.sizeScale ?? DEFAULT_SIZE_SCALE;
  const variants: StoredVariants = Object.fromEntries(
    variantsOf(input.slug, colours, input.sizes, undefined).map(({ key, sku }) => {
      const own = input.variants?.[key];
      return [key, { sku: own?.sku || sku, ...(own?.gtin ? { gtin: own.gtin } : {}) }];
    }),
  );
  const keys = Object.keys(variants);
  if (keys.length > MAX_VARIANTS) throw new DomainError(TOO_MANY_VARIANTS, "sizes", 400);
  const [repeated] = duplicateSkus(keys.map((key) => variants[key]?.sku as string));
  if (repeated) {
    const second = keys.filter((key) => variants[key]?.sku === repeated)[1] as string;
    throw new DomainError(skuTaken(repeated), skuField(second), 400);
  }
  return {
    slug: input.slug,
    name: input.name,
    category: input.category,
    ...(input.productType ? { productType: input.productType } : {}),
    priceCents: input.priceCents,
    ...(input.markdown ? { markdown: markdownOf(input.markdown) } : {}),
    description: input.description,
    sizeScale,
    sizes: input.sizes,
    colours,
    images: images.map(({ key, alt, colour }) => ({ key, alt, colour })),
    variants,
  };
}

/** The sale as stored: its price and only the dates it has. */
function markdownOf({ saleCents, startsAt, endsAt }: Markdown): Markdown {
  return { saleCents, ...(startsAt ? { startsAt } : {}), ...(endsAt ? { endsAt } : {}) };
}

/** A new product with its first stock: units per size (a size not given starts with none). */
export async function createProduct(
  ctx: Context,
  { stock, ...input }: NewProduct & { stock: StockCounts },
  options: { id?: string; now?: Date; createdAt?: string } = {},
): Promise<Product> {
  const now = (options.now ?? new Date()).toISOString();
  const id = options.id ?? randomUUID();
  const shape = storedShape(input);
  const variants = variantsOf(shape.slug, shape.colours, shape.sizes, shape.variants);
  const counts = variantStock(stock, variants);
  const item: ProductItem = {
    id,
    ...shape,
    imageVariants: {},
    soldOut: !anyInStock(Object.keys(counts), counts),
    inStock: inStockVariants(
      variants.map((variant) => variant.key),
      counts,
    ),
    createdAt: options.createdAt ?? now,
    updatedAt: now,
  };
  const { take } = skuClaims(ctx, id, {}, shape.variants);
  try {
    await transact(ctx, [
      {
        Put: {
          TableName: ctx.tableName,
          Item: { ...slugKey(input.slug), entity: "slugClaim", productId: id },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      {
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...productKey(id),
            entity: "product",
            ...productIndexes(id, input.slug),
            ...item,
          },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      bumpCatalogVersion(ctx),
      newStockItem(ctx, id, counts, input.slug),
      ...take.map((claim) => claim.item),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) {
      throw new DomainError(SLUG_TAKEN, "slug", 409);
    }
    const taken = takenSku(error, take, 4);
    if (taken) throw taken;
    if (error instanceof TransactionCancelled && error.failedAt(1)) {
      throw new DomainError(PRODUCT_EXISTS, undefined, 409);
    }
    throw error;
  }
  // Photos processed before the product existed (./image-variants.server.ts); the seed's SVGs
  // are never processed.
  if (input.images.some((image) => parseUploadKey(image.key))) {
    await applyRecordedVariants(ctx, id);
  }
  return toProduct(ctx, item);
}

/** The product with this id (a consistent GetItem), or null. */
export async function getProductById(ctx: Context, id: string): Promise<Product | null> {
  if (!PRODUCT_ID_PATTERN.test(id)) return null;
  const item = await getProductItem(ctx, id);
  return item ? toProduct(ctx, item) : null;
}

async function getProductItem(ctx: Context, id: string): Promise<ProductItem | null> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: productKey(id), ConsistentRead: true }),
  );
  return Item?.entity === "product" ? (Item as ProductItem) : null;
}

/**
 * Replaces a product's fields (its rating counters and creation time stay). A new slug is claimed
 * and the old claim released in the same transaction as the product and the catalogue version:
 * a slug another product holds is refused on the field "slug" (409), and nothing changes. The
 * product's current slug is a condition, so two concurrent renames cannot both win. Returns the
 * product as stored and the image keys it no longer uses.
 */
export async function updateProduct(
  ctx: Context,
  id: string,
  input: NewProduct,
  options: { now?: Date } = {},
): Promise<{ product: Product; removedImageKeys: string[] }> {
  const current = PRODUCT_ID_PATTERN.test(id) ? await getProductItem(ctx, id) : null;
  if (!current) throw new DomainError(PRODUCT_NOT_FOUND, undefined, 404);
  const now = (options.now ?? new Date()).toISOString();
  const renamed = current.slug !== input.slug;
  // Sizes may come or go: whether any offered size has units (stock changes correct it later).
  const stock = await getStock(ctx, id);
  const claims: TransactItem[] = renamed
    ? [
        {
          Put: {
            TableName: ctx.tableName,
            Item: { ...slugKey(input.slug), entity: "slugClaim", productId: id },
            ConditionExpression: "attribute_not_exists(pk)",
          },
        },
        {
          Delete: {
            TableName: ctx.tableName,
            Key: slugKey(current.slug),
            ConditionExpression: "productId = :id",
            ExpressionAttributeValues: { ":id": id },
          },
        },
      ]
    : [];
  const shape = storedShape(input);
  const keys = variantsOf(shape.slug, shape.colours, shape.sizes, shape.variants).map((v) => v.key);
  const { take, release } = skuClaims(ctx, id, current.variants ?? {}, shape.variants);
  const { markdown, ...kept } = shape as typeof shape & { markdown?: Markdown };
  const fields = {
    ...kept,
    ...(markdown ? { markdown } : {}),
    soldOut: !anyInStock(keys, stock),
    inStock: inStockVariants(keys, stock),
    updatedAt: now,
    gsi2pk: productIndexes(id, input.slug).gsi2pk,
  };
  const names = Object.fromEntries(Object.keys(fields).map((name) => [`#${name}`, name]));
  const removed = [
    ...(fields.productType === undefined ? ["productType"] : []),
    ...(markdown ? [] : ["#markdown"]),
  ];
  const values = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [`:${name}`, value]),
  );
  try {
    await transact(ctx, [
      ...claims,
      {
        Update: {
          TableName: ctx.tableName,
          Key: productKey(id),
          // A type or a sale taken off the product is removed from its item.
          UpdateExpression: `SET ${Object.keys(fields)
            .map((name) => `#${name} = :${name}`)
            .join(", ")}${removed.length > 0 ? ` REMOVE ${removed.join(", ")}` : ""}`,
          ConditionExpression: "attribute_exists(pk) AND #slug = :oldSlug",
          ExpressionAttributeNames: markdown ? names : { ...names, "#markdown": "markdown" },
          ExpressionAttributeValues: { ...values, ":oldSlug": current.slug },
        },
      },
      bumpCatalogVersion(ctx),
      ...take.map((claim) => claim.item),
      ...release,
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled) {
      if (renamed && error.failedAt(0)) throw new DomainError(SLUG_TAKEN, "slug", 409);
      const taken = takenSku(error, take, claims.length + 2);
      if (taken) throw taken;
      if (error.reasons.some((reason) => reason !== "None")) {
        const still = await getProductItem(ctx, id);
        if (!still) throw new DomainError(PRODUCT_NOT_FOUND, undefined, 404);
        throw new DomainError(PRODUCT_CHANGED, undefined, 409);
      }
    }
    throw error;
  }
  if (renamed) await renameStock(ctx, id, input.slug);
  const keptImages = new Set(fields.images.map((image) => image.key));
  // The type and the sale as saved: none when the form left them empty.
  const { productType: _type, markdown: _sale, ...unchanged } = current;
  const product = toProduct(ctx, { ...unchanged, ...fields });
  return {
    product,
    removedImageKeys: current.images
      .map((image) => image.key)
      .filter((key) => !keptImages.has(key)),
  };
}

/**
 * Deletes a product: the product, its slug claim and the catalogue version in one transaction
 * (so the storefront and every cart stop showing it at once), then its reviews (they describe a
 * product nobody can see or buy any more; new ones are refused, since writing a review needs the
 * product). Orders keep their own copy of each line, so they are untouched. Returns the image
 * keys the product used, for the caller to remove from the bucket.
 */
export async function deleteProduct(
  ctx: Context,
  id: string,
): Promise<{ product: Product; imageKeys: string[]; reviewsDeleted: number }> {
  const current = PRODUCT_ID_PATTERN.test(id) ? await getProductItem(ctx, id) : null;
  if (!current) throw new DomainError(PRODUCT_NOT_FOUND, undefined, 404);
  // Every shard of its stock (docs/decisions/043-stock-shards.md): one, unless spread for a sale.
  const stockKeys = await stockItemKeys(ctx, id);
  try {
    await transact(ctx, [
      {
        Delete: {
          TableName: ctx.tableName,
          Key: productKey(id),
          ConditionExpression: "attribute_exists(pk) AND #slug = :slug",
          ExpressionAttributeNames: { "#slug": "slug" },
          ExpressionAttributeValues: { ":slug": current.slug },
        },
      },
      {
        Delete: {
          TableName: ctx.tableName,
          Key: slugKey(current.slug),
          ConditionExpression: "productId = :id",
          ExpressionAttributeValues: { ":id": id },
        },
      },
      bumpCatalogVersion(ctx),
      ...stockKeys.map((Key) => ({ Delete: { TableName: ctx.tableName, Key } })),
      ...skuClaims(ctx, id, current.variants ?? {}, {}).release,
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.reasons.some((r) => r !== "None")) {
      const still = await getProductItem(ctx, id);
      if (!still) throw new DomainError(PRODUCT_NOT_FOUND, undefined, 404);
      throw new DomainError(PRODUCT_CHANGED, undefined, 409);
    }
    throw error;
  }
  const reviewsDeleted = await deleteInPartition(ctx, id, "REVIEW#");
  // Nobody can be told the product is back: it is gone; nor are its photos processed any more.
  await deleteInPartition(ctx, id, "RESTOCK#");
  await deleteInPartition(ctx, id, "IMAGE#");
  return {
    product: toProduct(ctx, current),
    imageKeys: current.images.map((image) => image.key),
    reviewsDeleted,
  };
}

/** The items of the product's partition under a prefix (its reviews, its restock requests). */
async function deleteInPartition(
  ctx: Context,
  productId: string,
  prefix: "REVIEW#" | "RESTOCK#" | "IMAGE#",
): Promise<number> {
  let deleted = 0;
  const pages = paginateQuery(
    { client: ctx.db, pageSize: 100 },
    {
      TableName: ctx.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
      ExpressionAttributeValues: { ":pk": productKey(productId).pk, ":prefix": prefix },
      ProjectionExpression: "pk, sk",
      ConsistentRead: true,
    },
  );
  for await (const page of pages) {
    const keys = (page.Items ?? []).map((item) => ({ pk: item.pk, sk: item.sk }));
    for (let start = 0; start < keys.length; start += 25) {
      let requests = keys
        .slice(start, start + 25)
        .map((Key) => ({ DeleteRequest: { Key } }) as { DeleteRequest: { Key: typeof Key } });
      for (let attempt = 0; requests.length > 0; attempt++) {
        if (attempt > UNPROCESSED_RETRIES) throw new Error("BatchWriteItem left items unprocessed");
        if (attempt > 0) await sleep(25 * 2 ** attempt);
        const { UnprocessedItems } = await ctx.db.send(
          new BatchWriteCommand({ RequestItems: { [ctx.tableName]: requests } }),
        );
        requests = (UnprocessedItems?.[ctx.tableName] ?? []) as typeof requests;
      }
      deleted += Math.min(25, keys.length - start);
    }
  }
  return deleted;
}

/** Rounds of retries of items DynamoDB left unprocessed (throttling) before giving up. */
const UNPROCESSED_RETRIES = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

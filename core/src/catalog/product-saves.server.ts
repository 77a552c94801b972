// The admin's product saves: a new product with its first stock (its slug and SKUs claimed in
// the same transaction), and an update replacing its fields (a rename moves the slug claim). What
// a product is: ./products.server.ts; its deletion: ./product-deletion.server.ts.
import { randomUUID } from "node:crypto";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { bumpCatalogVersion } from "../db/catalog-version.ts";
import { productIndexes, productKey, slugKey } from "../db/keys.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { getStock, newStockItem, renameStock } from "../inventory/stock.server.ts";
import { anyInStock, type StockCounts } from "../inventory/stock.ts";
import type { Markdown } from "../pricing/markdown.ts";
import { PRODUCT_ID_PATTERN } from "./ids.ts";
import { applyRecordedVariants } from "./image-variants.server.ts";
import { parseUploadKey } from "./image-variants.ts";
import { inStockVariants } from "./in-stock.ts";
import {
  colourwaysOf,
  getProductItem,
  type NewProduct,
  PRODUCT_CHANGED,
  PRODUCT_NOT_FOUND,
  type Product,
  type ProductItem,
  type StoredVariants,
  toProduct,
  type Variant,
  variantsOf,
} from "./products.server.ts";
import { DEFAULT_SIZE_SCALE } from "./sizes.ts";
import { duplicateSkus } from "./sku.ts";
import { skuClaims, skuField, skuTaken, takenSku } from "./sku-claims.server.ts";
import { MAX_VARIANTS } from "./variants.ts";

export const SLUG_TAKEN = "This slug is already used by another product";
export const PRODUCT_EXISTS = "This product exists already: reload the page and try again";
export const TOO_MANY_VARIANTS = `At most ${MAX_VARIANTS} variants (colours × sizes) per product`;

/**
 * A new product's counts by variant key: a variant's own count, else its size's (a count keyed by
 * a size is every colourway's); keys of no variant are dropped.
 */
function variantStock(stock: StockCounts, variants: readonly Variant[]): StockCounts {
  return Object.fromEntries(
    variants.map(({ key, size }) => [key, stock[key] ?? stock[size] ?? 0] as const),
  );
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

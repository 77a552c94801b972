// Products in the table. Keys (see ../db/README.md):
//   product      pk PRODUCT#<id>  sk PRODUCT   gsi1 CATALOG / PRODUCT#<id>   gsi2 SLUG#<slug> / PRODUCT
//   slug claim   pk SLUG#<slug>   sk SLUG      (unique slug, by condition)
//   version      pk CATALOG       sk VERSION   (bumped in the same transaction as every change)
import { randomUUID } from "node:crypto";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { CATALOG_VERSION_KEY, productIndexes, productKey, slugKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import type { RatingCounts } from "../reviews/stats.ts";
import { DomainError } from "../shared/errors.ts";
import type { Category } from "./categories.ts";
import type { SizeTag } from "./sizes.ts";

export interface ProductImage {
  /** Object key in the images bucket. */
  key: string;
  alt: string;
  /** Public URL (the images base URL + key). */
  url: string;
}

export interface Product {
  id: string;
  slug: string;
  name: string;
  category: Category;
  priceCents: number;
  description: string;
  sizes: SizeTag[];
  images: ProductImage[];
  /** Number of 1★ … 5★ reviews. */
  ratingCounts: RatingCounts;
  createdAt: string;
  updatedAt: string;
}

export interface NewProduct {
  slug: string;
  name: string;
  category: Category;
  priceCents: number;
  description: string;
  sizes: SizeTag[];
  images: Array<{ key: string; alt: string }>;
}

export const SLUG_TAKEN = "This slug is already used by another product";

/** The update that tells every read model the catalogue changed; part of each change's transaction. */
export const bumpCatalogVersion = (ctx: Pick<Context, "tableName">) => ({
  Update: {
    TableName: ctx.tableName,
    Key: CATALOG_VERSION_KEY,
    UpdateExpression: "ADD #v :one",
    ExpressionAttributeNames: { "#v": "version" },
    ExpressionAttributeValues: { ":one": 1 },
  },
});

export interface ProductItem extends Omit<Product, "images" | "ratingCounts"> {
  images: Array<{ key: string; alt: string }>;
  rating1?: number;
  rating2?: number;
  rating3?: number;
  rating4?: number;
  rating5?: number;
}

export function toProduct(ctx: Context, item: ProductItem): Product {
  const base = ctx.config.imagesBaseUrl;
  return {
    id: item.id,
    slug: item.slug,
    name: item.name,
    category: item.category,
    priceCents: item.priceCents,
    description: item.description,
    sizes: item.sizes,
    images: item.images.map((i) => ({ ...i, url: `${base}/${i.key}` })),
    ratingCounts: [
      item.rating1 ?? 0,
      item.rating2 ?? 0,
      item.rating3 ?? 0,
      item.rating4 ?? 0,
      item.rating5 ?? 0,
    ],
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

export async function createProduct(
  ctx: Context,
  input: NewProduct,
  options: { id?: string; now?: Date; createdAt?: string } = {},
): Promise<Product> {
  const now = (options.now ?? new Date()).toISOString();
  const id = options.id ?? randomUUID();
  const item: ProductItem = {
    id,
    ...input,
    createdAt: options.createdAt ?? now,
    updatedAt: now,
  };
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
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) {
      throw new DomainError(SLUG_TAKEN, "slug", 409);
    }
    throw error;
  }
  return toProduct(ctx, item);
}

/** One Query on gsi2 (SLUG#<slug>): the product page's only awaited read. */
export async function getProductBySlug(ctx: Context, slug: string): Promise<Product | null> {
  const { Items } = await ctx.db.send(
    new QueryCommand({
      TableName: ctx.tableName,
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :pk AND gsi2sk = :sk",
      ExpressionAttributeValues: { ":pk": `SLUG#${slug}`, ":sk": "PRODUCT" },
      Limit: 1,
    }),
  );
  const item = Items?.[0] as ProductItem | undefined;
  return item ? toProduct(ctx, item) : null;
}

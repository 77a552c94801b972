// The admin's product deletion: the product, its slug and SKU claims, its stock and the catalogue
// version in one transaction, then what its partition still holds (reviews, restock requests,
// image states). What a product is: ./products.server.ts.
import { BatchWriteCommand, paginateQuery } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { bumpCatalogVersion } from "../db/catalog-version.ts";
import { productKey, slugKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import { stockItemKeys } from "../inventory/stock.server.ts";
import { PRODUCT_ID_PATTERN } from "./ids.ts";
import {
  getProductItem,
  PRODUCT_CHANGED,
  PRODUCT_NOT_FOUND,
  type Product,
  toProduct,
} from "./products.server.ts";
import { skuClaims } from "./sku-claims.server.ts";

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

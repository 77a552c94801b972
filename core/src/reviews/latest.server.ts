// The admin's list of the latest reviews across products, newest first: one Query on gsi2
// REVIEWS (keys: ./reviews.server.ts), then one BatchGetItem for the products' names.
import { BatchGetCommand, type BatchGetCommandOutput, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { productKey, reviewIndexes, reviewKey } from "../db/keys.ts";
import { encodeCursor, readCursor } from "./cursor.server.ts";
import { type Review, toReview } from "./reviews.server.ts";

/** A review in the admin's list: with its product's name and slug (null if it is gone). */
export interface LatestReview extends Review {
  product: { name: string; slug: string } | null;
}

export interface LatestReviewPage {
  reviews: LatestReview[];
  /** The next (older) page, or null on the last page. */
  nextCursor: string | null;
}

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

/** The admin list's cursor: the last review shown, as its key on gsi2. */
function encodeLatestCursor(review: Review): string {
  return encodeCursor([review.productId, review.userId, review.createdAt]);
}

/** A cursor from the URL, or null when it is not one (then the first page is shown). */
function decodeLatestCursor(cursor: string | null | undefined) {
  const body = readCursor(cursor);
  if (!Array.isArray(body) || body.length !== 3) return null;
  const [productId, userId, createdAt] = body as unknown[];
  if (typeof productId !== "string" || typeof userId !== "string") return null;
  if (typeof createdAt !== "string" || productId === "" || userId === "") return null;
  return {
    ...reviewKey(productId, userId),
    ...(({ gsi2pk, gsi2sk }) => ({ gsi2pk, gsi2sk }))(reviewIndexes(productId, userId, createdAt)),
  };
}

/**
 * The latest reviews across products, newest first (the admin's list): one Query on gsi2
 * REVIEWS descending, then one BatchGetItem for the products' names and slugs.
 */
export async function listLatestReviews(
  ctx: Context,
  options: { cursor?: string | null; limit?: number } = {},
): Promise<LatestReviewPage> {
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? ADMIN_REVIEWS_PAGE_SIZE)), 100);
  const startKey = decodeLatestCursor(options.cursor);
  const { Items = [] } = await ctx.db.send(
    new QueryCommand({
      TableName: ctx.tableName,
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :pk",
      ExpressionAttributeValues: { ":pk": "REVIEWS" },
      ScanIndexForward: false,
      Limit: limit + 1,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  const reviews = Items.slice(0, limit).map(toReview);
  const productIds = [...new Set(reviews.map((r) => r.productId))];
  const products = new Map<string, { name: string; slug: string }>();
  if (productIds.length > 0) {
    let keys: Record<string, unknown>[] | undefined = productIds.map(productKey);
    while (keys && keys.length > 0) {
      const answer: BatchGetCommandOutput = await ctx.db.send(
        new BatchGetCommand({
          RequestItems: {
            [ctx.tableName]: {
              Keys: keys,
              ProjectionExpression: "id, #name, slug",
              ExpressionAttributeNames: { "#name": "name" },
            },
          },
        }),
      );
      for (const item of answer.Responses?.[ctx.tableName] ?? []) {
        products.set(String(item.id), { name: String(item.name), slug: String(item.slug) });
      }
      keys = answer.UnprocessedKeys?.[ctx.tableName]?.Keys;
    }
  }
  const last = reviews[reviews.length - 1];
  return {
    reviews: reviews.map((review) => ({
      ...review,
      product: products.get(review.productId) ?? null,
    })),
    nextCursor: Items.length > limit && last ? encodeLatestCursor(last) : null,
  };
}

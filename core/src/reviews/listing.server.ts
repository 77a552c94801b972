// A product's reviews, newest first, a page at a time (docs/product.md §2 product detail "customer
// reviews", §9 "Reviews per page"): one Query on gsi1 REVIEWS#<productId> (keys:
// ./reviews.server.ts), with opaque cursors both ways.
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { productKey, reviewIndexes, reviewKey } from "../db/keys.ts";
import { openCursor, sealCursor } from "./cursor.server.ts";
import { type Review, toReview } from "./reviews.server.ts";
import { REVIEWS_PAGE_SIZE } from "./stats.ts";

/** A page of a product's reviews, newest first, with opaque cursors to the pages around it. */
export interface ReviewPage {
  reviews: Review[];
  /** The next (older) page, or null on the last page. */
  nextCursor: string | null;
  /** The previous (newer) page, or null on the first page. */
  previousCursor: string | null;
}

interface ReviewListKey {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
}

type CursorDirection = "next" | "previous";

function listKeyOf(productId: string, review: Review): ReviewListKey {
  const { gsi1pk, gsi1sk } = reviewIndexes(productId, review.userId, review.createdAt);
  return { ...reviewKey(productId, review.userId), gsi1pk, gsi1sk };
}

/** A page's cursor, sealed for its product: the key inside names the review's author. */
function listCursor(ctx: Context, direction: CursorDirection, key: ReviewListKey): string {
  const body = { d: direction === "next" ? "n" : "p", k: [key.sk, key.gsi1sk] };
  return sealCursor(ctx.config.sessionSecret, key.pk, body);
}

/**
 * Reads a cursor from the URL. Anything forged, altered, malformed or made for another product
 * gives null (the caller then shows the first page); even a sealed key is checked for shape.
 */
function decodeCursor(
  ctx: Context,
  productId: string,
  cursor: string | null | undefined,
): { direction: CursorDirection; key: ReviewListKey } | null {
  const body = openCursor(ctx.config.sessionSecret, productKey(productId).pk, cursor);
  if (typeof body !== "object" || body === null) return null;
  const { d, k } = body as { d?: unknown; k?: unknown };
  if ((d !== "n" && d !== "p") || !Array.isArray(k) || k.length !== 2) return null;
  const [sk, gsi1sk] = k as unknown[];
  if (typeof sk !== "string" || typeof gsi1sk !== "string") return null;
  // The key must be one of this product's reviews: REVIEW#<userId> and <createdAt>#<userId>.
  const userId = sk.startsWith("REVIEW#") ? sk.slice("REVIEW#".length) : "";
  if (userId === "" || !gsi1sk.endsWith(`#${userId}`) || gsi1sk.length <= userId.length + 1) {
    return null;
  }
  return {
    direction: d === "n" ? "next" : "previous",
    key: {
      ...productKey(productId),
      sk,
      gsi1pk: `REVIEWS#${productId}`,
      gsi1sk,
    },
  };
}

async function queryReviews(
  ctx: Context,
  productId: string,
  options: { newestFirst: boolean; limit: number; startKey?: ReviewListKey },
) {
  // One more than asked for: whether it comes back tells if there is another page beyond.
  const { Items = [] } = await ctx.db.send(
    new QueryCommand({
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": `REVIEWS#${productId}` },
      ScanIndexForward: !options.newestFirst,
      Limit: options.limit + 1,
      ...(options.startKey ? { ExclusiveStartKey: options.startKey } : {}),
    }),
  );
  return {
    reviews: Items.slice(0, options.limit).map(toReview),
    more: Items.length > options.limit,
  };
}

/**
 * A product's reviews, newest first, `limit` a page: one Query on gsi1 REVIEWS#<productId>.
 * The next page continues after the last review shown (descending); the previous page reads
 * the reviews just newer than the first one shown (ascending) and turns them around. A cursor
 * that does not decode to one of this product's keys gives the first page.
 */
export async function listProductReviews(
  ctx: Context,
  productId: string,
  options: { cursor?: string | null; limit?: number } = {},
): Promise<ReviewPage> {
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? REVIEWS_PAGE_SIZE)), 100);
  const cursor = decodeCursor(ctx, productId, options.cursor);

  if (cursor?.direction === "previous") {
    const { reviews, more } = await queryReviews(ctx, productId, {
      newestFirst: false,
      limit,
      startKey: cursor.key,
    });
    const page = [...reviews].reverse();
    const first = page[0];
    const last = page[page.length - 1];
    if (!first || !last) return firstPage(ctx, productId, limit);
    return {
      reviews: page,
      nextCursor: listCursor(ctx, "next", listKeyOf(productId, last)),
      previousCursor: more ? listCursor(ctx, "previous", listKeyOf(productId, first)) : null,
    };
  }

  if (cursor?.direction === "next") {
    const { reviews, more } = await queryReviews(ctx, productId, {
      newestFirst: true,
      limit,
      startKey: cursor.key,
    });
    const first = reviews[0];
    const last = reviews[reviews.length - 1];
    if (!first || !last) return firstPage(ctx, productId, limit);
    return {
      reviews,
      nextCursor: more ? listCursor(ctx, "next", listKeyOf(productId, last)) : null,
      previousCursor: listCursor(ctx, "previous", listKeyOf(productId, first)),
    };
  }

  return firstPage(ctx, productId, limit);
}

async function firstPage(ctx: Context, productId: string, limit: number): Promise<ReviewPage> {
  const { reviews, more } = await queryReviews(ctx, productId, { newestFirst: true, limit });
  const last = reviews[reviews.length - 1];
  return {
    reviews,
    nextCursor: more && last ? listCursor(ctx, "next", listKeyOf(productId, last)) : null,
    previousCursor: null,
  };
}

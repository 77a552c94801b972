// Reviews in the table. Keys (see ../db/README.md):
//   review   pk PRODUCT#<productId>  sk REVIEW#<userId>   (one per user and product, by condition)
//            gsi1 REVIEWS#<productId> / <createdAt>#<userId>   (a product's list, newest first)
//            gsi2 REVIEWS / <createdAt>#<productId>#<userId>    (admin: latest across products)
// The product's rating counters change in the same transaction, with the catalogue version.
// Who may review (a paid order containing the product): mayReview, checked again by addReview.

import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  QueryCommand,
} from "@aws-sdk/lib-dynamodb";
import { bumpCatalogVersion } from "../catalog/products.server.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { productKey, purchaseKey, reviewIndexes, reviewKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import { REVIEWS_PAGE_SIZE } from "./stats.ts";

export interface Review {
  productId: string;
  userId: string;
  authorFirstName: string;
  authorLastName: string;
  rating: 1 | 2 | 3 | 4 | 5;
  description: string;
  createdAt: string;
}

export const ALREADY_REVIEWED = "You have already reviewed this product";
export const PRODUCT_NOT_FOUND = "This product no longer exists";

export async function writeReview(ctx: Context, review: Review): Promise<Review> {
  try {
    await transact(ctx, [
      {
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...reviewKey(review.productId, review.userId),
            entity: "review",
            ...reviewIndexes(review.productId, review.userId, review.createdAt),
            ...review,
          },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      {
        Update: {
          TableName: ctx.tableName,
          Key: productKey(review.productId),
          UpdateExpression: "ADD #r :one",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeNames: { "#r": `rating${review.rating}` },
          ExpressionAttributeValues: { ":one": 1 },
        },
      },
      bumpCatalogVersion(ctx),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled) {
      if (error.failedAt(0)) throw new DomainError(ALREADY_REVIEWED, "description", 409);
      if (error.failedAt(1)) throw new DomainError(PRODUCT_NOT_FOUND, undefined, 404);
    }
    throw error;
  }
  return review;
}

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

const CURSOR_MAX_LENGTH = 2000;

function listKeyOf(productId: string, review: Review): ReviewListKey {
  const { gsi1pk, gsi1sk } = reviewIndexes(productId, review.userId, review.createdAt);
  return { ...reviewKey(productId, review.userId), gsi1pk, gsi1sk };
}

function encodeCursor(direction: CursorDirection, key: ReviewListKey): string {
  const body = { d: direction === "next" ? "n" : "p", k: [key.sk, key.gsi1sk] };
  return Buffer.from(JSON.stringify(body), "utf8").toString("base64url");
}

/**
 * Reads a cursor from the URL. Anything forged, malformed or made for another product gives
 * null (the caller then shows the first page): a cursor is never trusted as a key as-is.
 */
function decodeCursor(
  productId: string,
  cursor: string | null | undefined,
): { direction: CursorDirection; key: ReviewListKey } | null {
  if (typeof cursor !== "string" || cursor === "" || cursor.length > CURSOR_MAX_LENGTH) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return null;
  }
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

function toReview(item: Record<string, unknown>): Review {
  return {
    productId: String(item.productId),
    userId: String(item.userId),
    authorFirstName: String(item.authorFirstName ?? ""),
    authorLastName: String(item.authorLastName ?? ""),
    rating: item.rating as Review["rating"],
    description: String(item.description ?? ""),
    createdAt: String(item.createdAt),
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
  const cursor = decodeCursor(productId, options.cursor);

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
      nextCursor: encodeCursor("next", listKeyOf(productId, last)),
      previousCursor: more ? encodeCursor("previous", listKeyOf(productId, first)) : null,
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
      nextCursor: more ? encodeCursor("next", listKeyOf(productId, last)) : null,
      previousCursor: encodeCursor("previous", listKeyOf(productId, first)),
    };
  }

  return firstPage(ctx, productId, limit);
}

async function firstPage(ctx: Context, productId: string, limit: number): Promise<ReviewPage> {
  const { reviews, more } = await queryReviews(ctx, productId, { newestFirst: true, limit });
  const last = reviews[reviews.length - 1];
  return {
    reviews,
    nextCursor: more && last ? encodeCursor("next", listKeyOf(productId, last)) : null,
    previousCursor: null,
  };
}

export const NOT_ALLOWED_TO_REVIEW = "You can review a product only after buying it";
export const REVIEW_NOT_FOUND = "This review no longer exists";
export const NOT_YOUR_REVIEW = "You can delete only your own reviews";

/**
 * May this user review this product? A purchase marker (written when an order containing it was
 * paid) and no review of theirs yet (docs/design.md §7.12). One BatchGetItem.
 */
export async function mayReview(ctx: Context, userId: string, productId: string): Promise<boolean> {
  const purchase = purchaseKey(userId, productId);
  const review = reviewKey(productId, userId);
  const { Responses } = await ctx.db.send(
    new BatchGetCommand({
      RequestItems: {
        [ctx.tableName]: {
          Keys: [purchase, review],
          ConsistentRead: true,
          ProjectionExpression: "pk, sk",
        },
      },
    }),
  );
  const items = Responses?.[ctx.tableName] ?? [];
  const has = (key: { pk: string; sk: string }) =>
    items.some((item) => item.pk === key.pk && item.sk === key.sk);
  return has(purchase) && !has(review);
}

/** The signed-in author (from the session) of a new review. */
export interface Reviewer {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * Adds the user's review of a product (the form already parsed with ReviewSchema): only with a
 * paid order containing it, once (the review's condition holds even against a race).
 */
export async function addReview(
  ctx: Context,
  user: Reviewer,
  productId: string,
  form: { rating: Review["rating"]; description: string },
  now = new Date(),
): Promise<Review> {
  if (!(await mayReview(ctx, user.id, productId))) {
    const { Item } = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: reviewKey(productId, user.id) }),
    );
    if (Item) throw new DomainError(ALREADY_REVIEWED, "description", 409);
    throw new DomainError(NOT_ALLOWED_TO_REVIEW, "description", 403);
  }
  return writeReview(ctx, {
    productId,
    userId: user.id,
    authorFirstName: user.firstName,
    authorLastName: user.lastName,
    rating: form.rating,
    description: form.description,
    createdAt: now.toISOString(),
  });
}

/**
 * Deletes a review: its author, or an admin (the actor comes from the session). The product's
 * rating counter goes down and the catalogue version up in the same transaction; the review's
 * rating is a condition, so a concurrent delete cannot count twice.
 */
export async function deleteReview(
  ctx: Context,
  actor: { id: string; isAdmin: boolean },
  productId: string,
  authorId: string,
): Promise<void> {
  if (actor.id !== authorId && !actor.isAdmin)
    throw new DomainError(NOT_YOUR_REVIEW, undefined, 403);
  const { Item } = await ctx.db.send(
    new GetCommand({
      TableName: ctx.tableName,
      Key: reviewKey(productId, authorId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw new DomainError(REVIEW_NOT_FOUND, undefined, 404);
  const rating = Item.rating as Review["rating"];
  try {
    await transact(ctx, [
      {
        Delete: {
          TableName: ctx.tableName,
          Key: reviewKey(productId, authorId),
          ConditionExpression: "rating = :rating",
          ExpressionAttributeValues: { ":rating": rating },
        },
      },
      {
        Update: {
          TableName: ctx.tableName,
          Key: productKey(productId),
          UpdateExpression: "ADD #r :minus",
          ConditionExpression: "attribute_exists(pk) AND #r > :zero",
          ExpressionAttributeNames: { "#r": `rating${rating}` },
          ExpressionAttributeValues: { ":minus": -1, ":zero": 0 },
        },
      },
      bumpCatalogVersion(ctx),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled) {
      if (error.failedAt(0)) throw new DomainError(REVIEW_NOT_FOUND, undefined, 404);
      if (error.failedAt(1)) throw new DomainError(PRODUCT_NOT_FOUND, undefined, 404);
    }
    throw error;
  }
}

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
  return Buffer.from(
    JSON.stringify([review.productId, review.userId, review.createdAt]),
    "utf8",
  ).toString("base64url");
}

/** A cursor from the URL, or null when it is not one (then the first page is shown). */
function decodeLatestCursor(cursor: string | null | undefined) {
  if (typeof cursor !== "string" || cursor === "" || cursor.length > CURSOR_MAX_LENGTH) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return null;
  }
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

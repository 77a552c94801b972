// Reviews in the table. Keys (see ../db/README.md):
//   review   pk PRODUCT#<productId>  sk REVIEW#<userId>   (one per user and product, by condition)
//            gsi1 REVIEWS#<productId> / <createdAt>#<userId>   (a product's list, newest first)
//            gsi2 REVIEWS / <createdAt>#<productId>#<userId>    (admin: latest across products)
// The product's rating counters change in the same transaction, with the catalogue version.
// Who may review (a paid order containing the product): mayReview, checked again by addReview.
// This file: what a review is, writing and deleting one. A product's list is ./listing.server.ts,
// the admin's latest across products ./latest.server.ts.

import { BatchGetCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { bumpCatalogVersion } from "../db/catalog-version.ts";
import { productKey, purchaseKey, reviewIndexes, reviewKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { type Fit, isFit } from "./fit.ts";
import { REVIEW_ADDED, REVIEW_DELETED } from "./fit-events.ts";

export interface Review {
  productId: string;
  userId: string;
  authorFirstName: string;
  authorLastName: string;
  rating: 1 | 2 | 3 | 4 | 5;
  description: string;
  /** How the size fitted, when the reviewer said (./fit.ts). */
  fit?: Fit;
  createdAt: string;
}

export const ALREADY_REVIEWED = "You have already reviewed this product";
export const PRODUCT_NOT_FOUND = "This product no longer exists";

/** A review item as read from the table. */
export function toReview(item: Record<string, unknown>): Review {
  return {
    productId: String(item.productId),
    userId: String(item.userId),
    authorFirstName: String(item.authorFirstName ?? ""),
    authorLastName: String(item.authorLastName ?? ""),
    rating: item.rating as Review["rating"],
    description: String(item.description ?? ""),
    ...(isFit(item.fit) ? { fit: item.fit } : {}),
    createdAt: String(item.createdAt),
  };
}

/**
 * Writes a review, its product's rating counter and the catalogue version in one transaction; a
 * review that says how the size fitted emits review.added with it, which the fit counters count
 * once (./fit.server.ts).
 */
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
      ...(review.fit
        ? [eventPut(ctx, REVIEW_ADDED, { productId: review.productId, fit: review.fit })]
        : []),
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

export const NOT_ALLOWED_TO_REVIEW = "You can review a product only after buying it";
export const REVIEW_NOT_FOUND = "This review no longer exists";
export const NOT_YOUR_REVIEW = "You can delete only your own reviews";

/**
 * May this user review this product? A purchase marker (written when an order containing it was
 * paid) and no review of theirs yet (docs/product.md §6 "Customer"). One BatchGetItem.
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
  form: { rating: Review["rating"]; description: string; fit?: Fit | undefined },
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
    ...(form.fit ? { fit: form.fit } : {}),
    createdAt: now.toISOString(),
  });
}

/**
 * Deletes a review: its author, or an admin (the actor comes from the session). The product's
 * rating counter goes down and the catalogue version up in the same transaction; the review's
 * rating is a condition, so a concurrent delete cannot count twice. A review with a fit answer
 * emits review.deleted, which takes it back from the fit counters.
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
  const fit = isFit(Item.fit) ? Item.fit : undefined;
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
      // Its fit answer is taken back once, as it was counted (./fit.server.ts).
      ...(fit ? [eventPut(ctx, REVIEW_DELETED, { productId, fit })] : []),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled) {
      if (error.failedAt(0)) throw new DomainError(REVIEW_NOT_FOUND, undefined, 404);
      if (error.failedAt(1)) throw new DomainError(PRODUCT_NOT_FOUND, undefined, 404);
    }
    throw error;
  }
}

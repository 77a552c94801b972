// Reviews in the table. Keys (see ../db/README.md):
//   review   pk PRODUCT#<productId>  sk REVIEW#<userId>   (one per user and product, by condition)
//            gsi1 REVIEWS#<productId> / <createdAt>#<userId>   (a product's list, newest first)
//            gsi2 REVIEWS / <createdAt>#<productId>#<userId>    (admin: latest across products)
// The product's rating counters change in the same transaction, with the catalogue version.
// Who may review (a paid order containing the product) is checked by the reviews issue's caller.

import { bumpCatalogVersion } from "../catalog/products.server.ts";
import type { Context } from "../context/index.server.ts";
import { productKey, reviewIndexes, reviewKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import { DomainError } from "../shared/errors.ts";

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

// What an order's transaction writes for its promotions, and what a failed or cancelled payment
// gives back (docs/product.md §9 "Promotions"): each promotion with a usage limit is counted
// (usedCount, by condition: the last use is won by one order), and a once-per-customer or
// first-order promotion writes the customer's claim (by condition: two tabs of one customer win
// it once). An order placed before the kinds names only its code, counted when it had a limit.

import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import {
  AUTOMATIC_OFFER_PREFIX,
  FIRST_ORDER_CLAIM,
  promotionKey,
  promotionUseKey,
} from "../db/keys.ts";
import type { TransactItem } from "../db/transact.server.ts";
import {
  OFFER_CHANGED,
  redeemPromotionItem,
  redemptionError,
  releasePromotionItem,
} from "./promotions.server.ts";

/**
 * What placing an order wrote for its promotions, for a failed or cancelled payment to give
 * back: the usage counters it took (promotion ids) and the customer's claims (PROMOUSE# keys).
 */
export interface OrderRedemptions {
  counted: string[];
  claims: string[];
}

/** An order as its redemptions need it (an order from before the kinds has no `redemptions`). */
interface RedeemingOrder {
  id: string;
  userId: string;
  promotion?: { code: string };
  redemptions?: OrderRedemptions;
}

export const USED_BY_CUSTOMER = "You have already used this promotion code";
export const FIRST_ORDER_ONLY = "This promotion code is for a first order only";

/** What the order redeemed (an order from before the kinds: its code, if it had a limit). */
export function orderRedemptions(
  order: Pick<RedeemingOrder, "redemptions" | "promotion">,
): OrderRedemptions {
  if (order.redemptions) return order.redemptions;
  return { counted: order.promotion ? [order.promotion.code] : [], claims: [] };
}

export const redeemsAnything = (redemptions: OrderRedemptions) =>
  redemptions.counted.length + redemptions.claims.length > 0;

/** The order transaction's items: each counter, then each claim (in that order). */
export function redeemItems(
  ctx: Context,
  userId: string,
  redemptions: OrderRedemptions,
  now: Date,
): TransactItem[] {
  return [
    ...redemptions.counted.map((id) => redeemPromotionItem(ctx, id, now, ctx.config.timeZone)),
    ...redemptions.claims.map(
      (claim): TransactItem => ({
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...promotionUseKey(userId, claim),
            entity: "promotionUse",
            at: now.toISOString(),
          },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      }),
    ),
  ];
}

/** Why the item at `index` of redeemItems failed, as the shopper's message (field "code"). */
export async function redeemError(
  ctx: Context,
  redemptions: OrderRedemptions,
  index: number,
  now: Date,
): Promise<DomainError> {
  const counted = redemptions.counted[index];
  if (counted !== undefined) return redemptionError(ctx, counted, now);
  const claim = redemptions.claims[index - redemptions.counted.length];
  if (claim?.startsWith(AUTOMATIC_OFFER_PREFIX)) return new DomainError(OFFER_CHANGED, "code", 409);
  return new DomainError(
    claim === FIRST_ORDER_CLAIM ? FIRST_ORDER_ONLY : USED_BY_CUSTOMER,
    "code",
    409,
  );
}

/** The items that give the order's redemptions back: counters down, claims deleted. */
export function releaseItems(ctx: Context, order: RedeemingOrder): TransactItem[] {
  const redemptions = orderRedemptions(order);
  return [
    ...redemptions.counted.map((id) => releasePromotionItem(ctx, id)),
    ...redemptions.claims.map(
      (claim): TransactItem => ({
        Delete: { TableName: ctx.tableName, Key: promotionUseKey(order.userId, claim) },
      }),
    ),
  ];
}

/**
 * A payment that succeeds after its failure gave the redemptions back takes them again, without
 * a condition (the customer was shown that price): counters up, claims written.
 */
export function reRedeemItems(ctx: Context, order: RedeemingOrder): TransactItem[] {
  const redemptions = orderRedemptions(order);
  return [
    ...redemptions.counted.map(
      (id): TransactItem => ({
        Update: {
          TableName: ctx.tableName,
          Key: promotionKey(id),
          UpdateExpression: "ADD usedCount :one",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":one": 1 },
        },
      }),
    ),
    ...redemptions.claims.map(
      (claim): TransactItem => ({
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...promotionUseKey(order.userId, claim),
            entity: "promotionUse",
            orderId: order.id,
          },
        },
      }),
    ),
  ];
}

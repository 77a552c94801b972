// What an order's transaction writes for its promotions, and what a failed or cancelled payment
// gives back (docs/product.md §9 "Promotions"): each promotion with a usage limit is counted
// (usedCount, by condition: the last use is won by one order), and a once-per-customer or
// first-order promotion writes the customer's claim (by condition: two tabs of one customer win
// it once). An order placed before the kinds names only its code, counted when it had a limit.

import { dayIn } from "../common/date-window.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import {
  AUTOMATIC_OFFER_PREFIX,
  FIRST_ORDER_CLAIM,
  promotionKey,
  promotionUseKey,
} from "../db/keys.ts";
import type { TransactItem } from "../db/transact.server.ts";
import { PROMOTION_EXPIRED, PROMOTION_NOT_FOUND, PROMOTION_USED_UP } from "./codes.server.ts";
import { getOffer } from "./promotions.server.ts";
import { isPromotionExpired } from "./rules.ts";

/** Whether the promotion now has a usage limit (a payment retried after a failure counts it again). */
export async function isPromotionLimited(ctx: Context, id: string): Promise<boolean> {
  return (await getOffer(ctx, id))?.conditions.usageLimit !== undefined;
}

/**
 * The item that redeems a promotion inside the order's TransactWriteItems: the transaction is
 * cancelled (this item's condition fails) when the promotion is gone, used up or past its last
 * day (in the shop's time zone), so two concurrent checkouts cannot both redeem a single-use code.
 */
export function redeemPromotionItem(
  ctx: Pick<Context, "tableName">,
  id: string,
  now = new Date(),
  timeZone = "UTC",
) {
  return {
    Update: {
      TableName: ctx.tableName,
      Key: promotionKey(id),
      UpdateExpression: "SET usedCount = if_not_exists(usedCount, :zero) + :one",
      ConditionExpression:
        "attribute_exists(pk) AND attribute_not_exists(deletedAt)" +
        " AND (attribute_not_exists(usageLimit) OR usedCount < usageLimit)" +
        " AND (attribute_not_exists(expiresAt) OR expiresAt >= :today)" +
        " AND (attribute_not_exists(endsAt) OR endsAt >= :today)",
      ExpressionAttributeValues: { ":zero": 0, ":one": 1, ":today": dayIn(now, timeZone) },
    },
  };
}

/** The item that gives a redemption back (payment failed, order cancelled). */
export function releasePromotionItem(ctx: Pick<Context, "tableName">, id: string) {
  return {
    Update: {
      TableName: ctx.tableName,
      Key: promotionKey(id),
      UpdateExpression: "SET usedCount = usedCount - :one",
      ConditionExpression: "attribute_exists(pk) AND usedCount > :zero",
      ExpressionAttributeValues: { ":zero": 0, ":one": 1 },
    },
  };
}

/** An automatic offer ran out (or ended) between the quote and the order. */
export const OFFER_CHANGED =
  "An offer in your cart has just ended: check the new total and confirm again";

/** Why a redemption failed, read after the transaction was cancelled (one GetItem). */
export async function redemptionError(
  ctx: Context,
  id: string,
  now = new Date(),
): Promise<DomainError> {
  const offer = await getOffer(ctx, id, true);
  if (!offer) return new DomainError(PROMOTION_NOT_FOUND, "code", 404);
  if (!offer.code) return new DomainError(OFFER_CHANGED, "code", 409);
  if (isPromotionExpired({ expiresAt: offer.conditions.endsAt }, now)) {
    return new DomainError(PROMOTION_EXPIRED, "code");
  }
  return new DomainError(PROMOTION_USED_UP, "code", 409);
}

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

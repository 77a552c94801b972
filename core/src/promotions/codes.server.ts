// "Apply" for a promotion code (docs/product.md §4 "Promotion"): the live code as typed, checked
// for its end and its usage limit. Checking never marks it used: the order's transaction redeems
// it (./redemptions.server.ts). The items and their reads: ./promotions.server.ts.
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import type { Offer } from "./offers.ts";
import { getOffer, promotionOf } from "./promotions.server.ts";
import { isPromotionExpired, isPromotionUsedUp } from "./rules.ts";

export const PROMOTION_NOT_FOUND = "Promotion code not found";
export const PROMOTION_EXPIRED = "This promotion code has expired";
export const PROMOTION_USED_UP = "This promotion code has already been used";

/** What the checkout shows and subtracts once a code is applied. */
export interface AppliedPromotion {
  code: string;
  label: string;
  amountCents: number;
}

/**
 * A code as "Apply" found it. `limited`: it has a usage limit, so the order's transaction must
 * redeem it (redeemPromotionItem). An unlimited code is never written by an order: at a sale's
 * peak every order with it would write its one item, and cancel each other's transactions
 * (docs/decisions/040-capacity-model.md). Its uses are not counted.
 */
export interface CheckedPromotion extends AppliedPromotion {
  limited: boolean;
}

/** The live code as typed (trimmed, case as stored); a DomainError on "code" when none. */
export async function findCode(ctx: Context, code: unknown): Promise<Offer> {
  const trimmed = typeof code === "string" ? code.trim() : "";
  if (trimmed === "") throw new DomainError("Promotion code is required", "code");
  const offer = trimmed.length <= 40 ? await getOffer(ctx, trimmed) : null;
  if (!offer?.code) throw new DomainError(PROMOTION_NOT_FOUND, "code", 404);
  return offer;
}

/**
 * "Apply" for a code: it must exist, not be expired and not be used up. Checking never marks it
 * used: the order's transaction redeems it (docs/product.md §4 "Promotion"). One GetItem.
 * Errors are DomainErrors on the field "code".
 */
export async function checkPromotion(
  ctx: Context,
  code: string,
  now = new Date(),
): Promise<CheckedPromotion> {
  const promotion = promotionOf(await findCode(ctx, code));
  if (isPromotionExpired(promotion, now)) throw new DomainError(PROMOTION_EXPIRED, "code");
  if (isPromotionUsedUp(promotion)) throw new DomainError(PROMOTION_USED_UP, "code", 409);
  return {
    code: promotion.code,
    label: promotion.label,
    amountCents: promotion.amountCents,
    limited: promotion.usageLimit !== undefined,
  };
}

// The cart's summary with the automatic offers (docs/product.md §9 "Promotions"): the cart page's
// loader sends the live automatic offers and the server's clock; the same pure rules as the
// checkout price the cart here, by standard delivery, without a code or a customer (an offer for
// a first order or once per customer shows at checkout, once signed in).

import type { Category } from "@shop/core/catalog";
import type { PriceBreakdown } from "@shop/core/pricing";
import { isPromotionUsedUp, type Offer, quoteWithOffers } from "@shop/core/promotions";
import type { CartPromotion } from "../components/CartSummary";

export interface CartOffers {
  list: Offer[];
  /** The server's clock (ISO): the offers' dates are read against it, not the browser's. */
  now: string;
  timeZone: string;
}

export interface CartOfferLine {
  productId: string;
  category: Category;
  /** "dresses": what an offer's product types may name (none on products saved before types). */
  productType?: string;
  unitPriceCents: number;
  quantity: number;
}

/**
 * The offers a cart without a customer can have, as the browser may see them: not used up, with
 * no customer condition, and without their usage figures.
 */
export function publicOffers(offers: readonly Offer[]): Offer[] {
  return offers
    .filter(
      (offer) =>
        !isPromotionUsedUp({
          usageLimit: offer.conditions.usageLimit,
          usedCount: offer.usedCount,
        }) &&
        !offer.conditions.oncePerCustomer &&
        !offer.conditions.firstOrderOnly,
    )
    .map(({ conditions: { usageLimit: _, ...conditions }, ...offer }) => ({
      ...offer,
      conditions,
      usedCount: 0,
    }));
}

export function cartQuote(
  lines: readonly CartOfferLine[],
  offers: CartOffers,
): { breakdown: PriceBreakdown; promotions: CartPromotion[] } {
  const { breakdown, outcome } = quoteWithOffers(
    lines.map(({ productId, category, productType, unitPriceCents, quantity }) => ({
      productId,
      category,
      ...(productType ? { productType } : {}),
      unitPriceCents,
      quantity,
    })),
    "STANDARD",
    offers.list,
    undefined,
    { now: new Date(offers.now), timeZone: offers.timeZone },
  );
  return {
    breakdown,
    promotions: outcome.applied.map(({ id, label, totalCents, shippingCents }) => ({
      id,
      label,
      totalCents,
      shippingCents,
    })),
  };
}

// A cart's prices with its promotions (docs/product.md §9 "Promotions: kinds, conditions and how
// they combine"): quote() prices the items, the tax and the delivery; applyOffers() says what the
// automatic offers and the code take off each line and off the delivery. Browser-safe and pure.
import type { DeliveryMethodName } from "../pricing/delivery.ts";
import { type PriceBreakdown, quote } from "../pricing/quote.ts";
import {
  applyOffers,
  type Offer,
  type OfferContext,
  type OfferLine,
  type OfferOutcome,
} from "./offers.ts";

export interface OfferQuote {
  /**
   * The breakdown the order keeps: `shippingCents` is the delivery after its promotions (0 and
   * `freeShipping` when a promotion makes it free), `discountCents` what comes off the items.
   * So subtotal + tax + shipping - discount = total, as before the kinds.
   */
  breakdown: PriceBreakdown;
  outcome: OfferOutcome;
}

/** Prices `lines` by `method` with the automatic `offers` and the `code` (at most one). */
export function quoteWithOffers(
  lines: readonly OfferLine[],
  method: DeliveryMethodName,
  offers: readonly Offer[],
  code: Offer | undefined,
  ctx: Omit<OfferContext, "method" | "shippingCents">,
): OfferQuote {
  const before = quote(lines, method);
  const empty = before.subtotalCents === 0 && before.shippingCents === 0;
  // An empty cart: nothing to take anything off.
  const outcome = empty
    ? applyOffers([], [], undefined, { ...ctx, method, shippingCents: 0 })
    : applyOffers(lines, offers, code, { ...ctx, method, shippingCents: before.shippingCents });
  const shippingCents = before.shippingCents - outcome.shippingDiscountCents;
  const discountCents = outcome.lineDiscountCents.reduce((a, b) => a + b, 0);
  return {
    breakdown: {
      subtotalCents: before.subtotalCents,
      taxCents: before.taxCents,
      shippingCents,
      discountCents,
      totalCents: before.subtotalCents + before.taxCents + shippingCents - discountCents,
      freeShipping: before.freeShipping || (before.shippingCents > 0 && shippingCents === 0),
    },
    outcome,
  };
}

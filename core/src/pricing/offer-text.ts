// What a product's card and page say of an automatic offer (docs/product.md §9 "On the pages"),
// in the visitor's display currency. The promotions' rules (core/src/promotions/shown-offers.ts)
// decide which offers show and with what; this is only their text, here so that the browser
// formats it with the prices, without loading those rules.
import { type Currency, formatPrice } from "./money.ts";

/** What a page says of one offer. */
export interface ShownOffer {
  id: string;
  /** The offer's own name ("Winter sale: 20% off dresses"). */
  label: string;
  /** The price after the offer (before tax, like every price on the pages), when it is sure. */
  priceCents?: number;
  /** An amount off each item (taken off the price with tax, in the cart). */
  amountOffCents?: number;
  /** Its conditions that the page cannot judge: the price then depends on the cart or customer. */
  minSubtotalCents?: number;
  firstOrderOnly?: boolean;
  oncePerCustomer?: boolean;
}

/**
 * What a page says under the offer's name, in the visitor's currency: the price after it
 * ("47.20 €"), else the amount and the conditions ("10.00 € off each in the cart · On orders
 * from 100.00 €"); empty when there is nothing more to say.
 */
export function shownOfferText(offer: ShownOffer, currency: Currency = "EUR"): string {
  if (offer.priceCents !== undefined) return formatPrice(offer.priceCents, currency);
  return [
    ...(offer.amountOffCents !== undefined
      ? [`${formatPrice(offer.amountOffCents, currency)} off each in the cart`]
      : []),
    ...(offer.minSubtotalCents !== undefined
      ? [`On orders from ${formatPrice(offer.minSubtotalCents, currency)}`]
      : []),
    ...(offer.firstOrderOnly ? ["On a first order"] : []),
    ...(offer.oncePerCustomer ? ["Once per customer"] : []),
  ].join(" · ");
}

// The automatic offers a product's public pages show: its catalogue card and its product page
// (docs/product.md §9 "Promotions: kinds, conditions and how they combine", "On the pages").
// Pure and browser-safe; the pages are cached at the edge, so what shows here depends on the
// product, the offers and the moment only, never on a visitor:
// - only an automatic item offer (percentage or amount off a target) that targets the product
//   and whose dates hold now; an order-wide offer and free delivery show in the cart only;
// - an offer with a usage limit shows nowhere public: its last use can come with any order, and a
//   cached page could not stop showing it then;
// - a minimum subtotal, first order only or once per customer: the page says the offer exists
//   and on what condition ("On orders from 100.00 €"), with no price, which depends on the cart
//   or the customer;
// - with no such condition, a percentage off shows the price after it: the price shown (before
//   tax, after a markdown) less the percentage, rounded to the cent as the cart rounds it (the
//   cart takes the same percentage of the price with its tax). An amount off each item comes off
//   the price with tax in the cart, so the page names the amount, not a price before tax.
// What a page says of one (`ShownOffer`, `shownOfferText`) is ../pricing/offer-text.ts: the
// browser formats it in the visitor's currency without loading the promotions' rules.
import type { ShownOffer } from "../pricing/offer-text.ts";

export type { ShownOffer } from "../pricing/offer-text.ts";

import { isTargeted, type Offer, type OfferLine, offerDates } from "./offers.ts";

/** A product as the offers see it: its price is the one it sells at now (after a markdown). */
export interface OfferProduct {
  id: string;
  category: OfferLine["category"];
  productType?: string;
  priceCents: number;
}

/** Whether an offer can ever show on a public page, whatever the product and the moment. */
export function isShownOnPages(offer: Offer): boolean {
  const kind = offer.effect.kind;
  return (
    !offer.code &&
    (kind === "percent-off-items" || kind === "amount-off-items") &&
    offer.conditions.usageLimit === undefined
  );
}

/** Whether the offer (one shown on pages) targets this product. */
export function targetsProduct(offer: Offer, product: Omit<OfferProduct, "priceCents">): boolean {
  const effect = offer.effect;
  if (effect.kind !== "percent-off-items" && effect.kind !== "amount-off-items") return false;
  return isTargeted(
    {
      productId: product.id,
      category: product.category,
      ...(product.productType ? { productType: product.productType } : {}),
      unitPriceCents: 0,
      quantity: 1,
    },
    effect.target,
  );
}

/** One offer as a page shows it for this product (see the header). */
function shown(offer: Offer, product: OfferProduct): ShownOffer {
  const c = offer.conditions;
  const conditions = {
    ...(c.minSubtotalCents !== undefined ? { minSubtotalCents: c.minSubtotalCents } : {}),
    ...(c.firstOrderOnly ? { firstOrderOnly: true } : {}),
    ...(c.oncePerCustomer ? { oncePerCustomer: true } : {}),
  };
  const base = { id: offer.id, label: offer.label, ...conditions };
  const effect = offer.effect;
  if (effect.kind === "amount-off-items") return { ...base, amountOffCents: effect.amountCents };
  if (effect.kind !== "percent-off-items" || Object.keys(conditions).length > 0) return base;
  const off = Math.round((product.priceCents * effect.percent) / 100);
  return { ...base, priceCents: Math.max(0, product.priceCents - off) };
}

/** Earlier created first, then by id (as the cart weighs them). */
const byAge = (a: Offer, b: Offer) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/**
 * Every offer the product's page shows at `now`, the one its card shows first: the offers with
 * a price, lowest price first (the cart gives a line the offer that takes most off it; the older
 * on a tie), then the others, older first.
 */
export function offersShownFor(
  product: OfferProduct,
  offers: readonly Offer[],
  now: Date,
  timeZone: string,
): ShownOffer[] {
  const live = offers
    .filter(
      (offer) =>
        isShownOnPages(offer) &&
        offerDates(offer.conditions, now, timeZone) === undefined &&
        targetsProduct(offer, product),
    )
    .sort(byAge)
    .map((offer) => shown(offer, product));
  const priced = live.filter((offer) => offer.priceCents !== undefined);
  // A stable sort: equal prices keep the older first.
  priced.sort((a, b) => (a.priceCents ?? 0) - (b.priceCents ?? 0));
  return [...priced, ...live.filter((offer) => offer.priceCents === undefined)];
}

/**
 * Whether an offer's showing changed between `since` and `now` (it started or ended): the edge
 * purges the pages of the products it targets then (core/src/edge-cache/markdowns.server.ts).
 * The runs are far closer together than a day, so no offer starts and ends between them unseen.
 */
export function offerShownChangedBetween(
  offer: Offer,
  since: Date,
  now: Date,
  timeZone: string,
): boolean {
  if (!isShownOnPages(offer)) return false;
  const live = (at: Date) => offerDates(offer.conditions, at, timeZone) === undefined;
  return live(since) !== live(now);
}

/**
 * The items with the offer each card shows at `now` (`offer`, the first of `offersShownFor`);
 * the same array when no offer shows on any. Never mutates `items` (a catalogue page's items may
 * be shared by every request).
 */
export function withShownOffers<T extends OfferProduct>(
  items: readonly T[],
  offers: readonly Offer[],
  now: Date,
  timeZone: string,
): readonly (T & { offer?: ShownOffer })[] {
  const live = offers.filter(
    (offer) => isShownOnPages(offer) && offerDates(offer.conditions, now, timeZone) === undefined,
  );
  if (live.length === 0) return items;
  return items.map((item) => {
    const [offer] = offersShownFor(item, live, now, timeZone);
    return offer ? { ...item, offer } : item;
  });
}

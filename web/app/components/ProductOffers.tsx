import { type ShownOffer, shownOfferText } from "@shop/core/promotions";
import { useCurrency } from "../lib/currency";

/**
 * An automatic offer on a product's card or page (docs/product.md §9 "On the pages"): its name,
 * then the price after it or what it depends on ("20% off Women's dresses: 47.20 €"). Rendered
 * by the server, so it shows without JavaScript; the display currency applies as for prices.
 */
export function OfferLine({ offer, className }: { offer: ShownOffer; className?: string }) {
  const { currency } = useCurrency();
  const text = shownOfferText(offer, currency);
  return (
    <p className={`text-sm font-medium text-emerald-800 ${className ?? ""}`} data-testid="offer">
      <span>{offer.label}</span>
      {text ? (
        <>
          {offer.priceCents !== undefined ? ": " : " · "}
          <span className={offer.priceCents !== undefined ? "font-semibold" : "font-normal"}>
            {text}
          </span>
        </>
      ) : null}
    </p>
  );
}

/** The product page's offers, the best first; nothing when none applies. */
export function ProductOffers({ offers }: { offers: readonly ShownOffer[] }) {
  if (offers.length === 0) return null;
  return (
    <ul aria-label="Offers" className="mt-2 space-y-1">
      {offers.map((offer) => (
        <li key={offer.id}>
          <OfferLine offer={offer} className="text-base" />
        </li>
      ))}
    </ul>
  );
}

import { formatPrice, type ShownOffer, shownOfferText } from "@shop/core/pricing";
import { useCurrency } from "../lib/currency";

/** A price in EUR cents, shown in the visitor's display currency. */
export function Price({ cents, className }: { cents: number; className?: string }) {
  const { currency } = useCurrency();
  return <span className={className}>{formatPrice(cents, currency)}</span>;
}

/**
 * A price that may be a sale's (docs/product.md §9 "Markdowns"): the price it sells at, and while
 * on sale, on a line of its own under it, the share off ("−33%") and the regular price struck
 * through ("Was 89,00 €" to a screen reader: `<s>` itself is not announced). Without a
 * compare-at price, just the price.
 *
 * Two lines whatever the widths: the server renders euros and the browser then applies the
 * stored display currency, so a price's text changes width after hydration. On one line, the
 * struck price and the badge after the sale price moved sideways, and on a phone's card they
 * wrapped in one currency and not the other, moving the rows under them. Now the sale price has
 * the first line to itself, and the second starts with the badge, whose width never changes,
 * before the struck price: nothing follows a price on its line.
 */
export function SalePrice({
  cents,
  compareAtCents,
  percentOff,
  className,
}: {
  cents: number;
  compareAtCents?: number | null | undefined;
  percentOff?: number | null | undefined;
  className?: string;
}) {
  const { currency } = useCurrency();
  if (!compareAtCents || compareAtCents <= cents)
    return <Price cents={cents} className={className} />;
  return (
    <span className={`flex flex-col ${className ?? ""}`}>
      <span className="text-red-800" data-testid="sale-price">
        <span className="sr-only">Now </span>
        {formatPrice(cents, currency)}
      </span>
      <span className="flex items-baseline gap-x-2 text-[0.8125em] font-normal whitespace-nowrap">
        {percentOff ? (
          <span className="font-medium text-red-800">
            <span aria-hidden="true">−{percentOff}%</span>
            <span className="sr-only">{percentOff}% off</span>
          </span>
        ) : null}
        <s className="text-stone-600" data-testid="compare-at-price">
          <span className="sr-only">Was </span>
          {formatPrice(compareAtCents, currency)}
        </s>
      </span>
    </span>
  );
}

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

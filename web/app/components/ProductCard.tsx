import { Link } from "@remix-run/react";
import { AS_SHOWN_ID, colourHref, type ProductSummary, productHref } from "@shop/core/catalog";
import type { ShownOffer } from "@shop/core/pricing";
import { OfferLine, SalePrice } from "./Price";
import { IMAGE_SIZES, ResponsiveImage } from "./ResponsiveImage";
import { Stars } from "./Stars";

/**
 * A product in the catalogue grid. The image has its intrinsic size (600 × 750, 4:5) so the
 * grid never shifts while images load; `eager` for the first row, lazy below it. Under it, its
 * colours as swatches, each a link to its page in that colour (its name as the link's text and
 * title); the colour the card shows is marked (docs/product.md §2 "Catalogue"). Under its price,
 * the automatic offer it shows, if any (docs/product.md §9 "On the pages").
 */
export function ProductCard({
  product,
  eager,
}: {
  product: ProductSummary & { offer?: ShownOffer };
  eager: boolean;
}) {
  return (
    <article className="group relative flex flex-col">
      <div className="overflow-hidden rounded-lg bg-stone-100">
        {product.imageUrl ? (
          <ResponsiveImage
            src={product.imageUrl}
            sources={product.imageSources}
            sizes={IMAGE_SIZES.card}
            alt=""
            width={600}
            height={750}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="aspect-[4/5] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
          />
        ) : (
          // No photo the shop can show (docs/product.md §10 "Products"): the same box, empty.
          <div className="aspect-[4/5]" />
        )}
      </div>
      <h3 className="mt-3 text-sm font-medium text-stone-900 sm:text-base">
        {/* The link covers the whole card (its ::after): one target, one focus ring. */}
        <Link
          to={productHref(product)}
          prefetch="intent"
          className="after:absolute after:inset-0 after:rounded-lg hover:text-accent-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-4 focus-visible:after:outline-accent-600"
        >
          {product.name}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-stone-500">{product.category}</p>
      <SalePrice
        cents={product.priceCents}
        compareAtCents={product.compareAtCents}
        percentOff={product.percentOff}
        className="mt-1 flex font-semibold text-stone-900"
      />
      {product.offer ? <OfferLine offer={product.offer} className="mt-1" /> : null}
      <div className="mt-1">
        <Stars average={product.ratingAverage} count={product.ratingCount} />
      </div>
      <Swatches product={product} />
    </article>
  );
}

/** The card's colours: above the card's own link (z-10), each a link to that colour. */
function Swatches({ product }: { product: ProductSummary }) {
  const named = product.colours.filter((colour) => colour.id !== AS_SHOWN_ID);
  if (named.length === 0) return null;
  const shown = product.colour ?? named[0]?.id;
  return (
    <ul aria-label={`${product.name} colours`} className="relative z-10 mt-2 flex flex-wrap gap-1">
      {named.map((colour) => (
        <li key={colour.id}>
          <Link
            to={colourHref(product.slug, colour.id)}
            title={colour.name}
            aria-current={colour.id === shown ? "true" : undefined}
            className={`grid size-6 place-items-center rounded-full border-2 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-600 ${
              colour.id === shown ? "border-stone-900" : "border-transparent hover:border-stone-400"
            }`}
          >
            <span
              aria-hidden="true"
              className="size-4 rounded-full border border-stone-300"
              style={{ backgroundColor: colour.swatch }}
            />
            <span className="sr-only">{colour.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

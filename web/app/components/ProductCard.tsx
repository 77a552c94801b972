import { Link } from "@remix-run/react";
import { type ProductSummary, productHref } from "@shop/core/catalog";
import { Price } from "./Price";
import { IMAGE_SIZES, ResponsiveImage } from "./ResponsiveImage";
import { Stars } from "./Stars";

/**
 * A product in the catalogue grid. The image has its intrinsic size (600 × 750, 4:5) so the
 * grid never shifts while images load; `eager` for the first row, lazy below it.
 */
export function ProductCard({ product, eager }: { product: ProductSummary; eager: boolean }) {
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
      <Price cents={product.priceCents} className="mt-1 font-semibold text-stone-900" />
      <div className="mt-1">
        <Stars average={product.ratingAverage} count={product.ratingCount} />
      </div>
    </article>
  );
}

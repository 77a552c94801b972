import { Link } from "@remix-run/react";
import { lineVariant, QUANTITY_CHOICES } from "@shop/core/cart";
import { namedColour, sizeName } from "@shop/core/catalog";
import type { PricedCartLine } from "../lib/cart-products";
import { Price, SalePrice } from "./Price";
import { IMAGE_SIZES, ResponsiveImage } from "./ResponsiveImage";

/** The look of what is left of a line's size. */
const STOCK_TONE = {
  ok: { text: "text-accent-700", dot: "bg-accent-600" },
  low: { text: "text-amber-800", dot: "bg-amber-500" },
  over: { text: "font-medium text-red-700", dot: "bg-red-600" },
} as const;

/**
 * One cart line (docs/product.md §2 "Cart screens", §9 "Colours"): the photo of its colourway, name (a
 * link to the product in that colour), colour (name and swatch) and size, line price,
 * a quantity select (1 to 9), Remove, "Ships in 3–4 weeks" and what is left of the size ("In
 * stock", "Only 3 left", or the message that refuses a quantity over the stock). Changes apply at
 * once (the cart lives in this browser).
 */
export function CartLineItem({
  line,
  onQuantityChange,
  onRemove,
}: {
  line: PricedCartLine;
  onQuantityChange: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
}) {
  const { product, colourway } = line;
  const quantityId = `quantity-${line.key}`;
  // The product page opens on the line's colour (docs/product.md §9 "Colours").
  const colourName = namedColour(colourway.id);
  const href = colourName
    ? `/product/${product.slug}?colour=${encodeURIComponent(colourway.id)}`
    : `/product/${product.slug}`;
  const image = colourway.image ?? product.image;
  return (
    <li className="flex gap-4 py-6 sm:gap-6" data-testid="cart-line">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="w-24 shrink-0 overflow-hidden rounded-md bg-stone-100 sm:w-32"
      >
        {image ? (
          <ResponsiveImage
            src={image.url}
            sources={image.sources}
            sizes={IMAGE_SIZES.cart}
            alt=""
            width={600}
            height={750}
            className="aspect-[4/5] h-auto w-full object-cover"
          />
        ) : (
          <div className="aspect-[4/5]" />
        )}
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:justify-between">
        <div className="min-w-0">
          {/* One line whatever the name's length: the skeleton before it has that height. */}
          <h3 className="truncate text-base font-medium text-stone-900" title={product.name}>
            <Link to={href} prefetch="intent" className="hover:text-accent-700">
              {product.name}
            </Link>
          </h3>
          {/* One line (truncated) whatever the colour's and the size's length, as the skeleton. */}
          <p className="mt-1 truncate text-sm text-stone-600">
            {colourName ? (
              <>
                <span data-testid="cart-line-colour">
                  Colour:{" "}
                  <span
                    aria-hidden="true"
                    className="mr-1 inline-block size-3 rounded-full border border-stone-300 align-[-1px]"
                    style={{ backgroundColor: colourway.swatch }}
                  />
                  <span className="text-stone-900">{colourName}</span>
                </span>
                <span aria-hidden="true"> · </span>
              </>
            ) : null}
            Size: <span className="text-stone-900">{sizeName(line.size)}</span>
          </p>
          <p className="mt-1 text-sm font-semibold text-stone-900">
            <span className="sr-only">Price: </span>
            <SalePrice
              cents={product.priceCents * line.quantity}
              compareAtCents={
                product.compareAtCents ? product.compareAtCents * line.quantity : undefined
              }
            />
            {line.quantity > 1 ? (
              <span className="ml-2 font-normal text-stone-500">
                (<Price cents={product.priceCents} /> each)
              </span>
            ) : null}
          </p>
          <p className="mt-3 text-sm text-stone-600">Ships in 3–4 weeks</p>
          <p
            className={`mt-1 flex items-center gap-1.5 text-sm ${STOCK_TONE[line.stock.tone].text}`}
          >
            <span
              aria-hidden="true"
              className={`size-2 shrink-0 rounded-full ${STOCK_TONE[line.stock.tone].dot}`}
            />
            {line.stock.text}
          </p>
        </div>

        <div className="flex items-end gap-4 sm:flex-col sm:items-end sm:justify-between">
          <div className="flex items-center gap-2">
            <label htmlFor={quantityId} className="text-sm font-medium text-stone-700">
              Quantity
            </label>
            <select
              id={quantityId}
              value={line.quantity}
              onChange={(event) => onQuantityChange(line.key, Number(event.target.value))}
              className="h-10 rounded-md border border-stone-300 bg-white pr-8 pl-3 text-sm text-stone-900 hover:border-stone-400"
            >
              {QUANTITY_CHOICES.map((quantity) => (
                <option key={quantity} value={quantity}>
                  {quantity}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            onClick={() => onRemove(line.key)}
            aria-label={`Remove ${product.name}, ${lineVariant(colourway.id, line.size)}`}
            className="h-10 rounded-md px-2 text-sm font-medium text-accent-700 hover:bg-accent-50 hover:text-accent-800"
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}

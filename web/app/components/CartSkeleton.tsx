import { Link } from "@remix-run/react";
import { SKELETON_LINES_MAX } from "../lib/cart";
import { CartSummary } from "./CartSummary";
import { Ghost } from "./Ghost";

/**
 * The cart while its current prices load, in its final layout: as many lines as the stored
 * cart has (tailwind.css, from the document's head) built as CartLineItem is, and the order
 * summary with its totals still to come; or the empty cart when nothing is stored. The server
 * renders it, so the page does not move as it hydrates and fills in (docs/product.md §2
 * "Cart screens").
 */
export function CartSkeleton() {
  return (
    <>
      <p role="status" className="sr-only">
        Loading your cart…
      </p>
      <div className="cart-skeleton-empty">
        <EmptyCart />
      </div>
      <div className="cart-skeleton-full lg:grid lg:grid-cols-12 lg:items-start lg:gap-x-12">
        <ul aria-hidden="true" className="border-y border-stone-200 lg:col-span-7">
          {Array.from({ length: SKELETON_LINES_MAX }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <CartLineSkeleton key={i} />
          ))}
        </ul>
        <div className="mt-10 lg:col-span-5 lg:mt-0">
          <CartSummary breakdown={null} />
        </div>
      </div>
    </>
  );
}

/** A line of the cart as CartLineItem lays it out, with its texts still to come. */
function CartLineSkeleton() {
  return (
    <li className="cart-skeleton-line gap-4 border-stone-200 py-6 sm:gap-6">
      <div className="w-24 shrink-0 overflow-hidden rounded-md sm:w-32">
        <div className="aspect-[4/5] animate-pulse bg-stone-200 motion-reduce:animate-none" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:justify-between">
        <div className="min-w-0">
          <p className="truncate text-base font-medium">
            <Ghost>Product name here</Ghost>
          </p>
          <p className="mt-1 text-sm">
            <Ghost>Colour: Navy · Size: Medium</Ghost>
          </p>
          <p className="mt-1 text-sm font-semibold">
            <Ghost>00,00 €</Ghost>
          </p>
          <p className="mt-3 text-sm">
            <Ghost>Ships in 3–4 weeks</Ghost>
          </p>
          <p className="mt-1 text-sm">
            <Ghost>In stock</Ghost>
          </p>
        </div>
        <div className="flex items-end gap-4 sm:flex-col sm:items-end sm:justify-between">
          <div className="h-10 w-32 animate-pulse rounded-md bg-stone-100 motion-reduce:animate-none" />
          <div className="h-10 w-16 animate-pulse rounded-md bg-stone-100 motion-reduce:animate-none" />
        </div>
      </div>
    </li>
  );
}

export function EmptyCart() {
  return (
    <div className="rounded-lg border border-dashed border-stone-300 px-6 py-16 text-center">
      <p className="text-lg font-medium text-stone-900">Your cart is empty</p>
      <Link
        to="/product"
        className="mt-6 inline-flex h-11 items-center rounded-md bg-accent-600 px-5 text-sm font-medium text-white hover:bg-accent-700"
      >
        Continue shopping
      </Link>
    </div>
  );
}

/**
 * The checkout summary's lines while the cart is read and priced, laid out as its lines are
 * (as many as the stored cart has): the promotion box and the button below stay put.
 */
export function CheckoutLinesSkeleton() {
  return (
    <ul aria-hidden="true" className="mt-4 border-y border-stone-200">
      {Array.from({ length: SKELETON_LINES_MAX }, (_, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          key={i}
          className="cart-skeleton-line items-center gap-3 border-stone-200 py-4 text-sm"
        >
          <div className="min-w-0 flex-1">
            <p className="font-medium">
              <Ghost>Product name</Ghost>
            </p>
            <p>
              <Ghost>Navy · Size Medium</Ghost>
            </p>
            <Ghost>00,00 €</Ghost>
          </div>
          <div className="h-10 w-12 animate-pulse rounded-md bg-stone-200 motion-reduce:animate-none" />
          <Ghost>Remove</Ghost>
        </li>
      ))}
    </ul>
  );
}

/** The checkout's totals while they are priced: the same rows, their amounts still to come. */
export function CheckoutTotalsSkeleton() {
  const row = "flex items-center justify-between border-t border-stone-200 pt-4";
  return (
    <dl className="mt-6 space-y-4 text-sm">
      {["Subtotal", "Shipping", "Taxes"].map((label, i) => (
        <div key={label} className={i === 0 ? "flex items-center justify-between" : row}>
          <dt className="text-stone-600">{label}</dt>
          <dd>
            <Ghost>00,00 €</Ghost>
          </dd>
        </div>
      ))}
      <div className={`${row} text-base`}>
        <dt className="font-medium text-stone-900">Total</dt>
        <dd>
          <Ghost>00,00 €</Ghost>
        </dd>
      </div>
    </dl>
  );
}

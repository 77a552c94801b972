import { Link } from "@remix-run/react";
import type { PriceBreakdown } from "@shop/core/pricing";
import { Price } from "./Price";

/**
 * The cart's order summary: subtotal, shipping estimate (STANDARD; green exactly when it is
 * free), tax estimate, total and the Checkout link. The breakdown comes from core's `quote()`.
 */
export function CartSummary({ breakdown }: { breakdown: PriceBreakdown }) {
  return (
    <section
      aria-labelledby="summary-heading"
      className="rounded-lg bg-stone-50 px-4 py-6 sm:p-6 lg:sticky lg:top-6 lg:p-8"
    >
      <h2 id="summary-heading" className="text-lg font-medium text-stone-900">
        Order summary
      </h2>
      <dl className="mt-6 space-y-4 text-sm">
        <div className="flex items-center justify-between">
          <dt className="text-stone-600">Subtotal</dt>
          <dd className="font-medium text-stone-900" data-testid="summary-subtotal">
            <Price cents={breakdown.subtotalCents} />
          </dd>
        </div>
        <div className="flex items-center justify-between border-t border-stone-200 pt-4">
          <dt className="text-stone-600">Shipping estimate</dt>
          <dd
            data-testid="summary-shipping"
            className={
              breakdown.freeShipping
                ? "font-semibold text-accent-700"
                : "font-medium text-stone-900"
            }
          >
            {breakdown.freeShipping ? "Free" : <Price cents={breakdown.shippingCents} />}
          </dd>
        </div>
        <div className="flex items-center justify-between border-t border-stone-200 pt-4">
          <dt className="text-stone-600">Tax estimate</dt>
          <dd className="font-medium text-stone-900" data-testid="summary-tax">
            <Price cents={breakdown.taxCents} />
          </dd>
        </div>
        <div className="flex items-center justify-between border-t border-stone-200 pt-4 text-base">
          <dt className="font-medium text-stone-900">Order total</dt>
          <dd className="font-semibold text-stone-900" data-testid="summary-total">
            <Price cents={breakdown.totalCents} />
          </dd>
        </div>
      </dl>
      <Link
        to="/cart/checkout"
        className="mt-6 flex h-12 w-full items-center justify-center rounded-md bg-accent-600 px-6 text-base font-medium text-white shadow-sm hover:bg-accent-700"
      >
        Checkout
      </Link>
    </section>
  );
}

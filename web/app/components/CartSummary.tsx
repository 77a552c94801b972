import { Link } from "@remix-run/react";
import type { PriceBreakdown } from "@shop/core/pricing";
import type { ReactNode } from "react";
import { Ghost } from "./Ghost";
import { Price } from "./Price";

/** A promotion as the summary shows it: all it takes, and of that what comes off the delivery. */
export interface CartPromotion {
  id: string;
  label: string;
  totalCents: number;
  shippingCents: number;
}

/**
 * The cart's order summary: subtotal, shipping estimate (STANDARD; green exactly when it is
 * free), tax estimate, total and the Checkout link. The breakdown comes from core's `quote()`;
 * null while the cart's prices load (the same layout, its amounts still to come). `checkout`
 * replaces the Checkout link (a cart shown without JavaScript says what checking out needs).
 */
export function CartSummary({
  breakdown,
  promotions = [],
  checkout,
}: {
  breakdown: PriceBreakdown | null;
  /** The automatic offers that apply ("Winter sale: 20% off coats"), with what each takes. */
  promotions?: readonly CartPromotion[];
  checkout?: ReactNode;
}) {
  const amount = (cents: number | undefined) =>
    cents === undefined ? <Ghost>00,00 €</Ghost> : <Price cents={cents} />;
  // The test ids name amounts that are there.
  const testId = (id: string) => (breakdown ? id : undefined);
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
          <dd className="font-medium text-stone-900" data-testid={testId("summary-subtotal")}>
            {amount(breakdown?.subtotalCents)}
          </dd>
        </div>
        <div className="flex items-center justify-between border-t border-stone-200 pt-4">
          <dt className="text-stone-600">Shipping estimate</dt>
          <dd
            data-testid={testId("summary-shipping")}
            className={
              breakdown?.freeShipping
                ? "font-semibold text-accent-700"
                : "font-medium text-stone-900"
            }
          >
            {breakdown?.freeShipping ? "Free" : amount(breakdown?.shippingCents)}
          </dd>
        </div>
        <div className="flex items-center justify-between border-t border-stone-200 pt-4">
          <dt className="text-stone-600">Tax estimate</dt>
          <dd className="font-medium text-stone-900" data-testid={testId("summary-tax")}>
            {amount(breakdown?.taxCents)}
          </dd>
        </div>
        {promotions.map((promotion) => (
          <div
            key={promotion.id}
            className="flex items-center justify-between gap-4 border-t border-stone-200 pt-4"
          >
            <dt className="text-stone-600">{promotion.label}</dt>
            <dd className="font-medium text-accent-700" data-testid="summary-offer">
              {promotion.totalCents > promotion.shippingCents ? (
                <>
                  −<Price cents={promotion.totalCents - promotion.shippingCents} />
                </>
              ) : (
                "Delivery"
              )}
            </dd>
          </div>
        ))}
        <div className="flex items-center justify-between border-t border-stone-200 pt-4 text-base">
          <dt className="font-medium text-stone-900">Order total</dt>
          <dd className="font-semibold text-stone-900" data-testid={testId("summary-total")}>
            {amount(breakdown?.totalCents)}
          </dd>
        </div>
      </dl>
      {checkout ?? (
        <Link
          to="/cart/checkout"
          className="mt-6 flex h-12 w-full items-center justify-center rounded-md bg-accent-600 px-6 text-base font-medium text-white shadow-sm hover:bg-accent-700"
        >
          Checkout
        </Link>
      )}
    </section>
  );
}

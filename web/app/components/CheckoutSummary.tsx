// The checkout's order summary (docs/product.md §2): the lines priced by the server with editable
// quantities and Remove, the promotion box with Apply, the totals, and "Confirm order".

import { getFormProps } from "@conform-to/react";
import { QUANTITY_CHOICES } from "@shop/core/cart";
import { namedColour, sizeName } from "@shop/core/catalog";
import type { CheckoutQuote } from "@shop/core/checkout";
import { PromotionCodeSchema } from "@shop/core/promotions";
import type { FormEvent } from "react";
import { removeItem, setItemQuantity } from "../lib/cart";
import { parseSubmission, useSchemaForm } from "../lib/forms";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "./AuthField";
import { CheckoutLinesSkeleton, CheckoutTotalsSkeleton } from "./CartSkeleton";
import { Field, type FieldMeta } from "./Field";
import { Price, SalePrice } from "./Price";

export function CheckoutSummary({
  quote,
  ready,
  updating,
  cartError,
  codeError,
  onApply,
  confirm,
}: {
  quote: CheckoutQuote | null;
  ready: boolean;
  updating: boolean;
  cartError?: string;
  codeError?: string;
  onApply: (code: string) => void;
  confirm: { disabled: boolean; pending: boolean; formError?: string };
}) {
  // The code is checked here with its schema, then priced by the server with the cart (onApply);
  // the server's refusal shows on the field until the next code is applied.
  const [promo, promoFields] = useSchemaForm(PromotionCodeSchema, { id: "promotion" });
  const promoProps = getFormProps(promo);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    promoProps.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const checked = parseSubmission(new FormData(event.currentTarget), PromotionCodeSchema);
    if (checked.status === "success" && checked.value.code) onApply(checked.value.code);
  };
  const code = promoFields.code;
  // Conform's metadata are getters: copied by name, with the server's refusal as the error.
  const codeMeta: FieldMeta = {
    id: code.id,
    name: code.name,
    errorId: code.errorId,
    descriptionId: code.descriptionId,
    errors: code.errors ?? (codeError ? [codeError] : undefined),
  };

  const b = quote?.breakdown;
  return (
    <section
      aria-labelledby="summary-heading"
      aria-busy={updating}
      className="rounded-lg bg-stone-50 px-4 py-6 sm:p-6 lg:sticky lg:top-6 lg:p-8"
    >
      <h2 id="summary-heading" className="text-lg font-medium text-stone-900">
        Order summary
      </h2>
      {cartError ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {cartError}{" "}
          <a href="/cart/view-cart" className="font-medium underline">
            Back to the cart
          </a>
        </p>
      ) : null}
      {!quote ? (
        // In the lines' place until they come (no layout shift, docs/product.md §2).
        <>
          <p className="sr-only" role="status">
            {ready ? "Getting today's prices…" : "Loading your cart…"}
          </p>
          <CheckoutLinesSkeleton />
        </>
      ) : (
        <div className={updating ? "opacity-60 transition-opacity" : undefined}>
          <ul className="mt-4 divide-y divide-stone-200 border-y border-stone-200">
            {quote.lines.map((line) => (
              <li
                key={line.key}
                data-testid="checkout-line"
                className="flex flex-wrap items-center gap-3 py-4 text-sm"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-stone-900">{line.name}</p>
                  <p className="truncate text-stone-600">
                    {namedColour(line.colour ?? undefined)
                      ? `${namedColour(line.colour ?? undefined)} · `
                      : ""}
                    Size {sizeName(line.size)}
                  </p>
                  <SalePrice
                    cents={line.unitPriceCents * line.quantity}
                    compareAtCents={
                      line.compareAtCents ? line.compareAtCents * line.quantity : undefined
                    }
                    className="flex font-medium text-stone-900"
                  />
                  {line.stock.tone === "ok" ? null : (
                    <p
                      className={
                        line.stock.tone === "over"
                          ? "mt-1 font-medium text-red-700"
                          : "mt-1 text-amber-800"
                      }
                    >
                      {line.stock.text}
                    </p>
                  )}
                </div>
                <label className="sr-only" htmlFor={`qty-${line.key}`}>
                  Quantity, {line.name}
                </label>
                <select
                  id={`qty-${line.key}`}
                  value={line.quantity}
                  onChange={(event) => setItemQuantity(line.key, Number(event.target.value))}
                  className="h-10 rounded-md border border-stone-300 bg-white px-2 text-stone-900"
                >
                  {QUANTITY_CHOICES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  onClick={() => removeItem(line.key)}
                  aria-label={`Remove ${line.name}`}
                  className="text-sm font-medium text-accent-700 hover:text-accent-800"
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <form {...promoProps} onSubmit={apply} className="mt-6">
        <Field
          meta={codeMeta}
          label="Promotion code"
          required={false}
          alert
          controlClassName={`${inputClass} mt-0`}
          addon={
            <button type="submit" className={secondaryButtonClass} disabled={!quote || updating}>
              Apply
            </button>
          }
        />
        {quote?.promotion ? (
          <p role="status" className="mt-2 text-sm text-accent-700" data-testid="promotion-applied">
            Promotion code applied: {quote.promotion.label}
          </p>
        ) : null}
        {quote?.promotions.some((promotion) => !promotion.code) ? (
          <ul className="mt-2 space-y-1 text-sm text-accent-700" data-testid="offers-applied">
            {quote.promotions
              .filter((promotion) => !promotion.code)
              .map((promotion) => (
                <li key={promotion.id}>Offer applied: {promotion.label}</li>
              ))}
          </ul>
        ) : null}
      </form>

      {b ? (
        <dl className="mt-6 space-y-4 text-sm">
          <Row label="Subtotal" testId="summary-subtotal" cents={b.subtotalCents} />
          <div className="flex items-center justify-between border-t border-stone-200 pt-4">
            <dt className="text-stone-600">Shipping</dt>
            <dd
              data-testid="summary-shipping"
              className={
                b.freeShipping ? "font-semibold text-accent-700" : "font-medium text-stone-900"
              }
            >
              {b.freeShipping ? "Free" : <Price cents={b.shippingCents} />}
            </dd>
          </div>
          <Row label="Taxes" testId="summary-tax" cents={b.taxCents} />
          {quote?.promotions.map((promotion) => (
            <PromotionRow key={promotion.id} promotion={promotion} />
          ))}
          <div className="flex items-center justify-between border-t border-stone-200 pt-4 text-base">
            <dt className="font-medium text-stone-900">Total</dt>
            <dd className="font-semibold text-stone-900" data-testid="summary-total">
              <Price cents={b.totalCents} />
            </dd>
          </div>
        </dl>
      ) : (
        <CheckoutTotalsSkeleton />
      )}

      {confirm.formError ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {confirm.formError}
        </p>
      ) : null}
      <button
        type="submit"
        form="checkout-form"
        disabled={confirm.disabled}
        className={`${primaryButtonClass} mt-6 h-12 w-full text-base`}
      >
        Confirm order
      </button>
      {confirm.pending ? (
        <p role="status" className="mt-2 text-center text-sm text-stone-600">
          Confirming your payment…
        </p>
      ) : null}
    </section>
  );
}

/**
 * One promotion: what it takes off the items; one that only takes off the delivery says so (the
 * delivery line above is then "Free" or lower).
 */
function PromotionRow({ promotion }: { promotion: CheckoutQuote["promotions"][number] }) {
  const offItems = promotion.totalCents - promotion.shippingCents;
  return (
    <div className="flex items-center justify-between gap-4 border-t border-stone-200 pt-4">
      <dt className="text-stone-600">{promotion.label}</dt>
      <dd
        className="font-medium text-accent-700"
        data-testid={promotion.code ? "summary-discount" : "summary-offer"}
      >
        {offItems > 0 ? (
          <>
            −<Price cents={offItems} />
          </>
        ) : (
          "Delivery"
        )}
      </dd>
    </div>
  );
}

function Row({ label, testId, cents }: { label: string; testId: string; cents: number }) {
  return (
    <div className="flex items-center justify-between border-t border-stone-200 pt-4 first:border-t-0 first:pt-0">
      <dt className="text-stone-600">{label}</dt>
      <dd className="font-medium text-stone-900" data-testid={testId}>
        <Price cents={cents} />
      </dd>
    </div>
  );
}

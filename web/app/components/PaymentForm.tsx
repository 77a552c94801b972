// The payment step. The local test gateway (docs/architecture.md §4, the default) takes a plain card form:
// Card number, Expiry (MM/YY), CVC, fields of the checkout form (one schema with the address:
// core's checkoutWithCardSchema). When the shop pays through Stripe, the checkout shows StripePaymentSection (Stripe's
// Payment Element, loaded lazily) instead; both start with PaymentHeading.

import { useCurrency } from "../lib/currency";
import { Field, type FieldMeta } from "./Field";

export interface CardValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardValues = { cardNumber: "", expiry: "", cvc: "" };

const FIELDS: Array<{ name: keyof CardValues; label: string; autoComplete: string }> = [
  { name: "cardNumber", label: "Card number", autoComplete: "cc-number" },
  { name: "expiry", label: "Expiry (MM/YY)", autoComplete: "cc-exp" },
  { name: "cvc", label: "CVC", autoComplete: "cc-csc" },
];

/**
 * The card fields of the checkout form (`fields`, from Conform): checked with core's card rules
 * as each is left and again on the server; a refusal (e.g. a declined card) shows on its field
 * until that field changes.
 */
export function PaymentForm({ fields }: { fields: Record<keyof CardValues, FieldMeta> }) {
  return (
    <section aria-labelledby="payment-heading">
      <PaymentHeading />
      <div className="mt-4 grid gap-4 sm:grid-cols-4" data-testid="card-form">
        {FIELDS.map((field) => (
          <div
            key={field.name}
            className={field.name === "cardNumber" ? "sm:col-span-4" : "sm:col-span-2"}
          >
            <Field
              meta={fields[field.name]}
              label={field.label}
              autoComplete={field.autoComplete}
            />
          </div>
        ))}
      </div>
    </section>
  );
}

/** "Payment", and in dollars the note that the card is charged in euro (docs/product.md §9 "Currencies"). */
export function PaymentHeading() {
  const { currency } = useCurrency();
  return (
    <>
      <h2 id="payment-heading" className="text-lg font-medium text-stone-900">
        Payment
      </h2>
      {currency !== "EUR" ? (
        <p className="mt-2 text-sm text-stone-600" data-testid="charged-in-eur">
          Prices are shown in dollars for your convenience; your card is charged in euro (EUR).
        </p>
      ) : null}
    </>
  );
}

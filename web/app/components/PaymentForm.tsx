// The payment step. The local test gateway (docs/architecture.md §4, the default) takes a plain card form:
// Card number, Expiry (MM/YY), CVC, checked as typed with core's card rules and again on the
// server. When the shop pays through Stripe, the checkout shows StripePaymentSection (Stripe's
// Payment Element, loaded lazily) instead; both start with PaymentHeading.

import { parseForm } from "@shop/core/common";
import { cardSchema } from "@shop/core/payments";
import { useState } from "react";
import { useCurrency } from "../lib/currency";
import { AuthField } from "./AuthField";

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

export function PaymentForm({
  values,
  onChange,
  serverErrors,
}: {
  values: CardValues;
  onChange: (values: CardValues) => void;
  /** The last answer's errors: shown on a field until that field changes. */
  serverErrors: Record<string, string>;
}) {
  const [touched, setTouched] = useState<Partial<Record<keyof CardValues, boolean>>>({});
  const [changedSinceAnswer, setChangedSinceAnswer] = useState<{
    answer: Record<string, string>;
    fields: Set<string>;
  }>({ answer: serverErrors, fields: new Set() });
  const changed =
    changedSinceAnswer.answer === serverErrors ? changedSinceAnswer.fields : new Set<string>();
  const checked = parseForm(cardSchema(), { ...values });
  const clientErrors: Record<string, string> = checked.success ? {} : checked.fieldErrors;

  return (
    <section aria-labelledby="payment-heading">
      <PaymentHeading />
      <div className="mt-4 grid gap-4 sm:grid-cols-4" data-testid="card-form">
        {FIELDS.map((field) => {
          const server = changed.has(field.name) ? undefined : serverErrors[field.name];
          const error = server ?? (touched[field.name] ? clientErrors[field.name] : undefined);
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: blur bubbles from the field inside; it only marks the field as visited.
            <div
              key={field.name}
              className={field.name === "cardNumber" ? "sm:col-span-4" : "sm:col-span-2"}
              onBlur={() => setTouched((t) => ({ ...t, [field.name]: true }))}
            >
              <AuthField
                label={field.label}
                name={field.name}
                autoComplete={field.autoComplete}
                value={values[field.name]}
                error={error}
                onChange={(value) => {
                  setChangedSinceAnswer({
                    answer: serverErrors,
                    fields: new Set([...changed, field.name]),
                  });
                  onChange({ ...values, [field.name]: value });
                }}
              />
            </div>
          );
        })}
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

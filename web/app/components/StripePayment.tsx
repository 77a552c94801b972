// Stripe's Payment Element (docs/architecture.md §4, §9 "Stripe front end"). Loaded lazily by
// StripePaymentSection, only on the checkout and only when Stripe is configured, so no other
// page ships this code. Stripe.js itself comes from js.stripe.com (docs/product.md §7 "Card payment
// provider": the provider's own host) through `@stripe/stripe-js/pure`, which adds its script
// tag only when loadStripe is called, never on import.
//
// Deferred intent: the element is mounted for the quoted total before any order exists; on
// "Confirm order" the route checks the element (elements.submit), places the order (the server
// creates the PaymentIntent for its own total, idempotency key = order id) and confirms with
// its client secret through the `confirm` handle given to onReady.

import { PAYMENT_UNEXPECTED_ERROR, paymentErrorMessage } from "@shop/core/payments";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState } from "react";
import { PaymentLoading, PaymentModuleError } from "./PaymentPlaceholders";

/** What the route may ask of the Payment Element. message: what to show, null when silent. */
export interface StripeHandle {
  check(): Promise<{ ok: boolean; message: string | null }>;
  confirm(
    clientSecret: string,
    returnUrl: string,
  ): Promise<{ ok: boolean; message: string | null }>;
}

export interface StripePaymentProps {
  publishableKey: string;
  amountCents: number;
  onReady: (handle: StripeHandle | null) => void;
  onComplete: (complete: boolean) => void;
}

let loading: Promise<Stripe | null> | undefined;
/**
 * One Stripe.js per page; a failed load may be retried by coming back to the checkout. The
 * checkout is always its own document (its clientLoader), whose Content-Security-Policy names
 * Stripe's origins; no other page's does.
 */
function stripeFor(key: string): Promise<Stripe | null> {
  loading ??= loadStripe(key).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export default function StripePayment(props: StripePaymentProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const { publishableKey } = props;

  useEffect(() => {
    let live = true;
    stripeFor(publishableKey)
      .then((loaded) => {
        if (!live) return;
        if (loaded) setStripe(loaded);
        else setFailed(true);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [publishableKey]);

  if (failed) return <PaymentModuleError />;
  if (!stripe) return <PaymentLoading />;
  return (
    <Elements
      stripe={stripe}
      options={{
        mode: "payment",
        amount: props.amountCents,
        currency: "eur",
        appearance: { theme: "stripe", variables: { colorPrimary: "#1c1917" } },
      }}
    >
      <PaymentElementWithHandle {...props} onLoadError={() => setFailed(true)} />
    </Elements>
  );
}

function PaymentElementWithHandle({
  amountCents,
  onReady,
  onComplete,
  onLoadError,
}: StripePaymentProps & { onLoadError: () => void }) {
  const stripe = useStripe();
  const elements = useElements();

  // The quote changed (cart, method, promotion): the element shows the new total.
  useEffect(() => {
    void elements?.update({ amount: amountCents });
  }, [elements, amountCents]);

  useEffect(() => {
    if (!stripe || !elements) return;
    onReady({
      async check() {
        try {
          const { error } = await elements.submit();
          return error
            ? { ok: false, message: paymentErrorMessage(error) }
            : { ok: true, message: null };
        } catch {
          return { ok: false, message: PAYMENT_UNEXPECTED_ERROR };
        }
      },
      async confirm(clientSecret, returnUrl) {
        try {
          const { error } = await stripe.confirmPayment({
            elements,
            clientSecret,
            redirect: "if_required",
            confirmParams: { return_url: returnUrl },
          });
          return error
            ? { ok: false, message: paymentErrorMessage(error) }
            : { ok: true, message: null };
        } catch {
          return { ok: false, message: PAYMENT_UNEXPECTED_ERROR };
        }
      },
    });
    return () => onReady(null);
  }, [stripe, elements, onReady]);

  return (
    <PaymentElement
      onChange={(event) => onComplete(event.complete)}
      onLoadError={() => {
        onComplete(false);
        onLoadError();
      }}
      options={{ layout: "tabs" }}
    />
  );
}

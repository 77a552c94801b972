// The payment step when the shop pays through Stripe: the heading and the EUR note like the
// local card form, then Stripe's Payment Element, imported lazily (its own chunk, fetched only
// here, after hydration) so that neither the other pages nor the local card form ship it.
// Without a publishable key, or when Stripe.js cannot be loaded, the customer reads docs/product.md §8's
// "An error has occurred in loading payment module".
import { lazy, Suspense } from "react";
import { PaymentHeading } from "./PaymentForm";
import { PaymentLoading, PaymentModuleError } from "./PaymentPlaceholders";
import type { StripeHandle } from "./StripePayment";
import { useHydrated } from "./useHydrated";

const StripePayment = lazy(() =>
  import("./StripePayment").catch(() => ({ default: PaymentModuleError })),
);

export function StripePaymentSection({
  publishableKey,
  amountCents,
  onReady,
  onComplete,
}: {
  publishableKey: string | null;
  /** The server's quoted total; undefined until the first quote arrives. */
  amountCents: number | undefined;
  onReady: (handle: StripeHandle | null) => void;
  onComplete: (complete: boolean) => void;
}) {
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="payment-heading">
      <PaymentHeading />
      <div className="mt-4" data-testid="stripe-payment">
        {publishableKey === null ? (
          <PaymentModuleError />
        ) : !hydrated || amountCents === undefined ? (
          <PaymentLoading />
        ) : (
          <Suspense fallback={<PaymentLoading />}>
            <StripePayment
              publishableKey={publishableKey}
              amountCents={amountCents}
              onReady={onReady}
              onComplete={onComplete}
            />
          </Suspense>
        )}
      </div>
    </section>
  );
}

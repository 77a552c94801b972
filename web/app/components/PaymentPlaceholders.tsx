// What stands in the Payment Element's place while Stripe's module loads, or when it cannot:
// shown by StripePaymentSection (the lazy import's fallback) and by StripePayment itself (Stripe.js
// still loading, or failed), so neither imports the other.
import { PAYMENT_MODULE_LOAD_ERROR } from "@shop/core/payments";

export function PaymentLoading() {
  return (
    <p className="text-sm text-stone-600" role="status">
      Loading the payment form…
    </p>
  );
}

export function PaymentModuleError() {
  return (
    <p
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
      role="alert"
      data-testid="payment-module-error"
    >
      {PAYMENT_MODULE_LOAD_ERROR}
    </p>
  );
}

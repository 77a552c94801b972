// Which payment step the checkout shows, and what Stripe's answers mean to the customer
// (docs/product.md §8). Browser-safe and pure: the route and the Stripe component call these, the tests
// cover every branch without a browser or a network.

/** What the checkout page is told about payments: never a secret. */
export type CheckoutPaymentMode =
  | { gateway: "local" }
  /** publishableKey null: Stripe is on but its browser key is missing (a deployment mistake). */
  | { gateway: "stripe"; publishableKey: string | null };

/**
 * Stripe's Payment Element when the server pays through Stripe (payments "stripe"), otherwise
 * the local test gateway's card form. A publishable key alone changes nothing: the page must pay
 * through the gateway the server uses.
 */
export function checkoutPaymentMode(config: {
  payments: "stripe" | "test" | null;
  stripePublishableKey?: string;
}): CheckoutPaymentMode {
  if (config.payments !== "stripe") return { gateway: "local" };
  const key = config.stripePublishableKey?.trim();
  return { gateway: "stripe", publishableKey: key?.startsWith("pk_") ? key : null };
}

export const PAYMENT_MODULE_LOAD_ERROR = "An error has occurred in loading payment module";
export const PAYMENT_UNEXPECTED_ERROR = "An unexpected error occurred.";

/**
 * The message to show for an error from stripe.confirmPayment or elements.submit: none for
 * card and validation errors (the Payment Element shows them next to the field), the generic
 * one for anything else (network, API, authentication, rate limit…).
 */
export function paymentErrorMessage(error: { type?: string } | null | undefined): string | null {
  if (!error) return null;
  if (error.type === "card_error" || error.type === "validation_error") return null;
  return PAYMENT_UNEXPECTED_ERROR;
}

/** Stripe brings the customer back here after a redirect-based payment (confirm-order waits). */
export function paymentReturnUrl(origin: string, orderId: string): string {
  return `${origin}/order/confirm-order?id=${encodeURIComponent(orderId)}`;
}

/** The checkout's field carrying the key of one attempt to place (core/src/checkout/placement.ts). */
export const PLACEMENT_FIELD = "placement";

/**
 * What the checkout sends to place an order, as one string: a retry after a declined card
 * with the same cart, address, method and code reuses the order already placed (and its
 * PaymentIntent, and its promotion) instead of placing a second one. The attempt's key is not
 * part of what is placed.
 */
export function placementSignature(form: Iterable<[string, FormDataEntryValue]>): string {
  const fields: Array<[string, string]> = [];
  for (const [name, value] of form) {
    if (typeof value === "string" && name !== PLACEMENT_FIELD) fields.push([name, value]);
  }
  fields.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(fields);
}

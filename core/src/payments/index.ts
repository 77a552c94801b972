// Payments (browser-safe): the local test gateway's card form rules and test cards; which
// payment step the checkout shows and what Stripe's errors mean to the customer.
export * from "./cards.ts";
export * from "./checkout-payment.ts";

// Payments (browser-safe): the local test gateway's card form rules and test cards; which
// payment step the checkout shows and what Stripe's errors mean to the customer; the Stripe event
// types the webhook handles.
export * from "./cards.ts";
export * from "./checkout-payment.ts";
export * from "./webhook-events.ts";

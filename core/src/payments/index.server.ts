// Payments (server): the gateway port and its adapters, webhook signatures, and Stripe's webhook
// events as Stripe sends them (the local gateway's, the rehearsal's and the tests'). What a payment
// event does to an order (the webhook's entry point) belongs to the checkout
// (core/src/checkout/payment-webhook.server.ts).
export * from "./gateway.server.ts";
export { createLocalGateway, type LocalGateway } from "./local-gateway.server.ts";
export * from "./port.ts";
export * from "./signature.server.ts";
export * from "./stripe-events.server.ts";
export { createStripeGateway, type StripeGatewayOptions } from "./stripe-gateway.server.ts";

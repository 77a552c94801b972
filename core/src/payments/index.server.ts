// Payments (server): the gateway port and its adapters, and webhook signatures. What a payment
// event does to an order (the webhook's entry point) belongs to the checkout
// (core/src/checkout/payment-webhook.server.ts).
export * from "./gateway.server.ts";
export { createLocalGateway, type LocalGateway } from "./local-gateway.server.ts";
export * from "./port.ts";
export * from "./signature.server.ts";
export { createStripeGateway, type StripeGatewayOptions } from "./stripe-gateway.server.ts";

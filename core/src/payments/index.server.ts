// Payments (server): the gateway port and its adapters, webhook signatures, the webhook entry.
export * from "./gateway.server.ts";
export { createLocalGateway } from "./local-gateway.server.ts";
export * from "./port.ts";
export * from "./signature.server.ts";
export { createStripeGateway, type StripeGatewayOptions } from "./stripe-gateway.server.ts";
export * from "./webhook.server.ts";

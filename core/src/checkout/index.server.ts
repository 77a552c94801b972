// The checkout (server): buying and paying. The checkout use case and its abuse limits, the cart
// priced from stored products, placing an order (with its placement key), the local test
// gateway's card charge, the payment webhook and the payment state it sets (where an order
// becomes paid), and the sweep of abandoned payments.

export * from "./abandoned.server.ts";
export * from "./card-payment.server.ts";
export * from "./checkout.server.ts";
export * from "./checkout-limits.server.ts";
export * from "./payment-state.server.ts";
export * from "./payment-webhook.server.ts";
export * from "./placing.server.ts";
export * from "./priced-cart.server.ts";

// Orders (server): placing, paying, listing and changing orders; pricing from stored products.

export * from "./abandoned.server.ts";
export * from "./admin-changes.server.ts";
export * from "./anonymise.server.ts";
export * from "./checkout.server.ts";
export * from "./checkout-limits.server.ts";
export * from "./export.server.ts";
export * from "./export.ts";
export * from "./notifications.server.ts";
export * from "./order-number.ts";
export * from "./orders.server.ts";
export * from "./payment-state.server.ts";
export * from "./payment-webhook.server.ts";
export * from "./placing.server.ts";
export * from "./pricing.server.ts";
export * from "./search.server.ts";
export * from "./search.ts";

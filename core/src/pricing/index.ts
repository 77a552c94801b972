// Pricing: delivery methods, the price quote and money formatting (browser-safe).
export * from "./delivery.ts";
export * from "./markdown.ts";
export * from "./money.ts";
export * from "./offer-text.ts";
export * from "./quote.ts";

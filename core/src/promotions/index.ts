// Promotions: the promotion forms' schemas and the rules that need no table (browser-safe).

export * from "./describe.ts";
export * from "./offer-form.ts";
export * from "./offer-quote.ts";
export * from "./offers.ts";
export * from "./rules.ts";
export * from "./schemas.ts";
export * from "./shown-offers.ts";

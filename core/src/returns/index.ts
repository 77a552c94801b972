// Returns and exchanges, browser-safe: the rules (window, quantities, reasons, states, refund
// amounts, exchange sizes) and the forms' schemas.
export * from "./rules.ts";
export * from "./schemas.ts";

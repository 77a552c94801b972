// Orders: states and their transitions, the checkout form's schema and answers, and what an
// anonymised order keeps, the export's form and rows (browser-safe).
export * from "./anonymise.ts";
export * from "./checkout.ts";
export * from "./export.ts";
export * from "./order-events.ts";
export * from "./schemas.ts";
export * from "./state.ts";
export * from "./status.ts";

// Orders (browser-safe): states and their transitions, what a customer or an admin is told of an
// order, its events, what an anonymised order keeps, the export's form and rows.
export * from "./anonymise.ts";
export * from "./export.ts";
export * from "./order-events.ts";
export * from "./state.ts";
export * from "./status.ts";

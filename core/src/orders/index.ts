// Orders (browser-safe): states and their transitions, what a customer or an admin is told of an
// order, and its events.
export * from "./order-events.ts";
export * from "./state.ts";
export * from "./status.ts";

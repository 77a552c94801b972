// Orders: states and their transitions, and the checkout form's schema (browser-safe).
export * from "./schemas.ts";
export * from "./state.ts";
export * from "./status.ts";

// The checkout (browser-safe): its form's schema (with the local test gateway's card), the
// server's prices for the page and the answers of "Confirm order".
export * from "./checkout.ts";
export * from "./schemas.ts";

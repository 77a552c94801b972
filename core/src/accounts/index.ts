// Accounts: the account forms' schemas and what a deleted account's orders keep (browser-safe;
// server parts are in index.server.ts).
export * from "./order-anonymisation.ts";
export * from "./schemas.ts";

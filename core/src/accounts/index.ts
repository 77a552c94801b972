// Accounts: the account forms' schemas (browser-safe; server parts are in index.server.ts).
export * from "./schemas.ts";

// Promotions: the promotion forms' schemas (browser-safe).
export * from "./schemas.ts";

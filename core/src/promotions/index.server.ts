export * from "./promotions.server.ts";
export * from "./redemptions.server.ts";

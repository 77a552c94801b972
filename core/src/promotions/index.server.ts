export * from "./page-offers.server.ts";
export * from "./promotions.server.ts";
export * from "./redemptions.server.ts";

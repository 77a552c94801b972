export * from "./codes.server.ts";
export * from "./customer-history.server.ts";
export * from "./page-offers.server.ts";
export * from "./promotion-admin.server.ts";
export * from "./promotions.server.ts";
export * from "./redemptions.server.ts";

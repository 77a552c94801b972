// Customers (admin), server side: the list newest first with its search, one customer's page,
// and the one-off backfill of the list's index key.
export * from "./backfill.server.ts";
export * from "./customers.ts";
export * from "./list.server.ts";
export * from "./overview.server.ts";

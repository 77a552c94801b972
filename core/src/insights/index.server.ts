// Insights (server): the sales aggregates kept from the order events, their rebuild from the
// orders, and the admin's dashboard read from them (docs/decisions/017-aggregates-from-the-stream.md);
// the export of a date range's orders as CSV, for the books.
export * from "./aggregate-writes.server.ts";
export * from "./aggregates.server.ts";
export * from "./dashboard.server.ts";
export * from "./figures.ts";
export * from "./order-export.server.ts";
export * from "./order-export.ts";
export * from "./rebuild.server.ts";
export * from "./tally.ts";

// Insights (server): the sales aggregates kept from the order events, their rebuild from the
// orders, and the admin's dashboard read from them (docs/decisions/017-aggregates-from-the-stream.md).
export * from "./aggregates.server.ts";
export * from "./dashboard.server.ts";
export * from "./figures.ts";
export * from "./rebuild.server.ts";

// Insights (browser-safe): the admin's sales figures from the aggregates (periods, changes, days),
// and the order export's form and rows.
export * from "./figures.ts";
export * from "./order-export.ts";

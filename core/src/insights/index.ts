// Insights: the admin's sales figures from the aggregates (browser-safe: periods, changes, days).
export * from "./figures.ts";

// The edge cache's purge rule: which storefront paths a batch of table changes makes stale
// (docs/decisions/018-edge-cache.md). Framework-free; functions/src/edge-purge.ts sends them.
export * from "./purge.ts";

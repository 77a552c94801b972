// The edge cache's purge rule: which storefront paths a batch of table changes makes stale
// (docs/decisions/018-edge-cache.md). Framework-free; functions/src/edge-purge.ts sends them.

export * from "./change-message.ts";
export * from "./purge.ts";

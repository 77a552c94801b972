export * from "./batch-get.server.ts";
export * from "./conditional.server.ts";
export * from "./keys.ts";
export * from "./query.server.ts";
export * from "./table.ts";
export * from "./transact.server.ts";

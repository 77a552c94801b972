export * from "./queue.server.ts";
export * from "./send.server.ts";

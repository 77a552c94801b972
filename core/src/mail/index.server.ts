export * from "./queue.server.ts";
export * from "./render.server.ts";
export * from "./send.server.ts";

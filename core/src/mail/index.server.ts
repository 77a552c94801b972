export * from "./pace.ts";
export * from "./queue.server.ts";
export * from "./render.server.ts";
export * from "./reputation.server.ts";
export * from "./reputation.ts";
export * from "./send.server.ts";

export * from "./send.server.ts";

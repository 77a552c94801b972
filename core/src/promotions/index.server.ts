export * from "./promotions.server.ts";

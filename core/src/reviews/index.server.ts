export * from "./reviews.server.ts";

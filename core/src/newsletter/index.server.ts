// Newsletter, server side: subscriptions, signed unsubscribe links, sending (fan-out).
export * from "./event-types.ts";
export * from "./sending.server.ts";
export * from "./subscriptions.server.ts";

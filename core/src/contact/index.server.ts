// Contact, server side: storing and mailing contact messages.
export * from "./messages.server.ts";

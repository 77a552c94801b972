// Domain events, server side: emitting them with a change, reading them from the table's stream
// and from a work queue's message. A leaf every area may import; what reacts to each event is
// wired in ../reactions/.
export * from "./events.server.ts";
export * from "./queue-message.ts";

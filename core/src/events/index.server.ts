// Domain events, server side. Core modules import ./events.server.ts directly (eventPut,
// DomainEvent…): going through this barrel would load the reactions, which import those same
// modules, and make an import cycle.
export * from "./events.server.ts";
export * from "./queue-message.ts";
export { handleEvent, REACTING_EVENT_TYPES, type Reaction } from "./reactions.server.ts";

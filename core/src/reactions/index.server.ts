// The reactions to domain events, server side: the one place where the areas are wired together.

export { handleMailEvent } from "./mail-events.server.ts";
export {
  handleEvent,
  handleEventAfterBatch,
  handleEventBatch,
  REACTING_EVENT_TYPES,
  type Reaction,
} from "./reactions.server.ts";

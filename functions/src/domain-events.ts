// Lambda: the remaining domain events (see subscriptions.ts) → core reactions.
import { streamHandler } from "@shop/core/server/events";
import { STREAM_CONSUMERS } from "./subscriptions.ts";

export const handler = streamHandler(STREAM_CONSUMERS.domainEvents.events);

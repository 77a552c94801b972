// Lambda: order.paid (from the table's stream) → invoice PDF stored → confirmation queued.
import { streamHandler } from "@shop/core/server/events";
import { STREAM_CONSUMERS } from "./subscriptions.ts";

export const handler = streamHandler(STREAM_CONSUMERS.invoice.events);

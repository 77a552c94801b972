// Lambda: mail.requested (from the table's stream) → SES, once per request.
import { streamHandler } from "@shop/core/server/events";
import { STREAM_CONSUMERS } from "./subscriptions.ts";

export const handler = streamHandler(STREAM_CONSUMERS.mailer.events);

// Lambda: newsletter.send.requested (from the table's stream) → one queued e-mail per
// subscriber, once (re-running a send mails nobody twice).
import { streamHandler } from "@shop/core/server/events";
import { STREAM_CONSUMERS } from "./subscriptions.ts";

export const handler = streamHandler(STREAM_CONSUMERS.newsletterFanout.events);

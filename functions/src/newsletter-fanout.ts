// Lambda: the newsletter queue (SQS: newsletter.send.requested) → one queued e-mail per
// subscriber, once (re-running a send mails nobody twice).
import { queueHandler } from "./lambda/queues.ts";
import { QUEUES } from "./subscriptions.ts";

export const handler = queueHandler(QUEUES.newsletter.events);

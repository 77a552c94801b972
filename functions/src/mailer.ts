// Lambda: the mail queue (SQS: mail.requested) → SES, once per request; failed messages are
// reported one by one and come back, then go to the dead-letter queue.
import { queueHandler } from "./lambda/queues.ts";
import { QUEUES } from "./subscriptions.ts";

export const handler = queueHandler(QUEUES.mail.events);

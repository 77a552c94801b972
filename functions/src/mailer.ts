// Lambda: the mail queue (SQS: mail.requested) → SES, once per request; failed messages are
// reported one by one and come back, then go to the dead-letter queue.
import { instrumented } from "./lambda/observability.ts";
import { queueHandler } from "./lambda/queues.ts";
import { eventsOf } from "./registry.ts";

export const handler = instrumented("mailer", queueHandler(eventsOf("mailer")));

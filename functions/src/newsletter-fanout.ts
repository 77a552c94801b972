// Lambda: the newsletter queue (SQS: newsletter.send.requested) → one queued e-mail per
// subscriber, once (re-running a send mails nobody twice).
import { instrumented } from "./lambda/observability.ts";
import { queueHandler } from "./lambda/queues.ts";
import { eventsOf } from "./registry.ts";

export const handler = instrumented("newsletterFanout", queueHandler(eventsOf("newsletterFanout")));

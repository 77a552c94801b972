// Lambda: the transactional mail queue (SQS: mail.requested) → SES, once per request, at its
// share of the stage's rate; failed messages are reported one by one and come back, then go to
// the dead-letter queue; a throttled one goes back to the queue with a delay (./lambda/mailers.ts).
import { mailerHandler } from "./lambda/mailers.ts";
import { instrumented } from "./lambda/observability.ts";

export const handler = instrumented("mailer", mailerHandler("mailer"));

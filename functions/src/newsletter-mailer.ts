// Lambda: the newsletter's mail queue (SQS: newsletter.mail.requested) → SES, once per
// recipient, counted sent once; the rest of the stage's rate (./lambda/mailers.ts), so a
// newsletter never holds up a transactional mail (docs/decisions/038-newsletter-fan-out.md).
import { mailerHandler } from "./lambda/mailers.ts";
import { instrumented } from "./lambda/observability.ts";

export const handler = instrumented("newsletterMailer", mailerHandler("newsletterMailer"));

// The two mailers (functions/src/registry.ts: `mailer`, transactional mail, and
// `newsletterMailer`): the same queue consumer, each at its share of the stage's SES rate
// (core/src/mail/pace.ts) and sending a throttled mail back to its own queue with a delay
// (docs/decisions/038-newsletter-fan-out.md).
import { getContext } from "@shop/core/server/context";
import { MailPace, setMailPace } from "@shop/core/server/mail";
import {
  eventsOf,
  FUNCTIONS,
  type FunctionName,
  mailRateOf,
  queueUrlVariable,
} from "../registry.ts";
import { queueHandler, type Requeue } from "./queues.ts";
import { sqsRequeue } from "./sqs.ts";

/** A mailer's handler; `requeue` is SQS's to its own queue unless given (a test's queue). */
export function mailerHandler(
  name: "mailer" | "newsletterMailer",
  context = getContext,
  requeue: Requeue | undefined = sqsRequeue(
    process.env[queueUrlVariable(FUNCTIONS[name].trigger.queue)],
  ),
) {
  const handle = queueHandler(eventsOf(name as FunctionName), context, requeue);
  let paced = false;
  return async (event: Parameters<typeof handle>[0]) => {
    if (!paced) {
      // A deployed stage always; the local cloud only when MAIL_RATE_PER_SECOND is set (its
      // SES stand-in has no rate).
      const { config } = context();
      if (config.production || process.env.MAIL_RATE_PER_SECOND) {
        const kind = name === "mailer" ? "transactional" : "newsletter";
        setMailPace(kind, new MailPace(mailRateOf(name, config.mailRatePerSecond)));
      }
      paced = true;
    }
    return handle(event);
  };
}

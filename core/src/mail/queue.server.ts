// The mail queue: a request to send an e-mail is a `mail.requested` domain event, written in the
// same transaction as the change that causes it (or alone). The dispatcher forwards it from the
// table's stream to the mail SQS queue, which the mailer consumes (functions/src/dispatcher.ts
// and mailer.ts on AWS; the local cloud's stream reader and an in-process queue on a laptop). The
// mailer sends each request once: a marker keyed by the event id is written after SES accepts the
// mail, and a redelivered request finds it and sends nothing. Once SES has the mail, the request
// is never failed back to its queue: the marker's write is tried again, and if the table still
// refuses it the request ends as handled, with an error line. (A crash between SES and the
// marker, or a marker never written and a redelivery, sends again: at least once, like every
// queue.) Attachments travel as
// references to objects in the invoices bucket, never as bytes in the table. A mail to an
// address its kind may no longer reach (a hard bounce, a complaint: ./reputation.ts) is not sent.
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { countMetric, logLine } from "../context/telemetry.ts";
import { mailSentKey } from "../db/keys.ts";
import { transact } from "../db/transact.server.ts";
import { type DomainEvent, eventPut } from "../events/events.server.ts";
import { getObjectBytes } from "../storage/index.server.ts";
import { mailPace } from "./pace.ts";
import { getMailState } from "./reputation.server.ts";
import { suppresses } from "./reputation.ts";
import { type Mail, MailThrottled, sendMail } from "./send.server.ts";

export const MAIL_REQUESTED = "mail.requested";
/**
 * A newsletter's mail: an event type of its own, so the dispatcher routes it to a queue of its
 * own and a transactional mail never waits behind a newsletter (docs/decisions/038-newsletter-fan-out.md).
 */
export const NEWSLETTER_MAIL_REQUESTED = "newsletter.mail.requested";
const SENT_MARKER_RETENTION_SECONDS = 30 * 24 * 3600;

export interface QueuedAttachment {
  fileName: string;
  contentType: string;
  /** Object key in the invoices bucket. */
  invoicesKey: string;
}

export interface QueuedMail extends Omit<Mail, "attachments"> {
  attachments?: QueuedAttachment[];
  /**
   * The order the mail is about, if any: not part of the message, a correlation id the mailer's
   * log lines and metrics carry (docs/decisions/025-powertools.md).
   */
  orderId?: string;
}

/** What a queued mail's log lines and metrics name: its request's event id, and its order. */
export function mailCorrelation(event: DomainEvent): Record<string, string> {
  const orderId = event.payload.orderId;
  return { eventId: event.id, ...(typeof orderId === "string" ? { orderId } : {}) };
}

/** The event item that queues `mail`; put it in the transaction of the change that causes it. */
export function mailRequest(ctx: Pick<Context, "tableName">, mail: QueuedMail, now = new Date()) {
  return eventPut(
    ctx,
    mail.kind === "newsletter" ? NEWSLETTER_MAIL_REQUESTED : MAIL_REQUESTED,
    mail,
    now,
  );
}

/** Queues one e-mail on its own. */
export async function queueMail(ctx: Context, mail: QueuedMail): Promise<void> {
  await transact(ctx, [mailRequest(ctx, mail)]);
}

/**
 * The mailer: sends a queued e-mail once (reaction to `mail.requested` and
 * `newsletter.mail.requested`), at no more than its share of the stage's SES rate (./pace.ts). A
 * mail SES refuses for the rate (./send.server.ts MailThrottled) is thrown as such, unsent and
 * unmarked: the queue's consumer sends it back to its queue with a delay.
 */
export async function deliverQueuedMail(ctx: Context, event: DomainEvent): Promise<void> {
  const marker = mailSentKey(event.id);
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: marker, ConsistentRead: true }),
  );
  if (Item) return;
  const mail = event.payload as unknown as QueuedMail;
  const about = mailCorrelation(event);
  const kind = mail.kind ?? "transactional";
  if (suppresses(await getMailState(ctx, mail.to), kind)) {
    countMetric("MailsSuppressed", about);
    logLine("info", "mail suppressed", { ...about, kind });
    return;
  }
  const attachments = await Promise.all(
    (mail.attachments ?? []).map(async (a) => {
      const content = await getObjectBytes(ctx, ctx.config.invoicesBucket, a.invoicesKey);
      if (!content) throw new Error(`attachment ${a.invoicesKey} is not in the invoices bucket`);
      return { fileName: a.fileName, contentType: a.contentType, content };
    }),
  );
  await mailPace(kind)?.take();
  try {
    await sendMail(ctx, { ...mail, attachments });
  } catch (error) {
    // A throttled mail is not a failure: it goes back to its queue (the log line says so).
    if (!(error instanceof MailThrottled)) countMetric("MailsFailed", about);
    throw error;
  }
  countMetric("MailsSent", about);
  logLine("info", "mail sent", about);
  await markSent(ctx, marker, about);
}

/**
 * Tries of the sent marker's write, each the table client's own (its attempts and deadlines), a
 * wait doubling from MARKER_RETRY_MS between them: within a mailer's timeout on AWS (four calls
 * of at most 4 s), and past the few seconds a loaded DynamoDB Local holds a lock.
 */
const MARKER_TRIES = 4;
const MARKER_RETRY_MS = 200;

/**
 * Writes the marker of a mail SES accepted. Failing the request now would have its redelivery
 * send the mail again, so a write the table keeps refusing ends in an error line (the event id
 * to look for), not a failed message.
 */
async function markSent(
  ctx: Context,
  marker: ReturnType<typeof mailSentKey>,
  about: Record<string, string>,
): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      await ctx.db.send(
        new PutCommand({
          TableName: ctx.tableName,
          Item: {
            ...marker,
            entity: "mailSent",
            sentAt: new Date().toISOString(),
            expiresAt: Math.floor(Date.now() / 1000) + SENT_MARKER_RETENTION_SECONDS,
          },
        }),
      );
      return;
    } catch (error) {
      if (tries === MARKER_TRIES) {
        logLine("error", "mail sent, its marker not written: a redelivery would send it again", {
          ...about,
          tries,
          error: error instanceof Error ? error.message : String(error),
        });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, MARKER_RETRY_MS * 2 ** (tries - 1)));
    }
  }
}

// Sending a newsletter (docs/architecture.md §5, the admin's "send"): requestNewsletterSend writes the send
// record and a `newsletter.send.requested` event in one transaction; the fan-out (reaction to
// that event: functions/src/newsletter-fanout.ts on AWS, the local stream reader on a laptop)
// pages through the subscribers and queues one e-mail each to the mailer. Each recipient's
// mark SEND#<id>/TO#<email> is written by condition in the same transaction as the queued
// mail, so a re-run (redelivery, retry) mails nobody twice. The send record counts queued and
// sent of total for the admin's progress display. A subscriber whose address bounced hard or
// complained (core/src/mail/reputation.ts) is skipped, and not counted in the total.
import { randomUUID } from "node:crypto";
import { GetCommand, paginateQuery, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { countMetric } from "../context/telemetry.ts";
import { newsletterDeliveryKey, newsletterSendKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import { type DomainEvent, eventPut } from "../events/events.server.ts";
import { MAIL_REQUESTED, mailRequest } from "../mail/queue.server.ts";
import { renderMail } from "../mail/render.server.ts";
import { getMailStates } from "../mail/reputation.server.ts";
import { suppresses } from "../mail/reputation.ts";
import { NEWSLETTER_SEND_REQUESTED } from "./event-types.ts";
import { newsletterParagraphs, normalizeNewlines } from "./preview.ts";
import { listUnsubscribeHeaders, unsubscribeUrl } from "./subscriptions.server.ts";

export const NEWSLETTER_SENT = "Newsletter sent successfully!";
const SUBSCRIBERS_PAGE_SIZE = 100;
const SUBJECT_MAX_LENGTH = 200;
const BODY_MAX_LENGTH = 50_000;

export interface NewsletterSend {
  id: string;
  subject: string;
  body: string;
  requestedAt: string;
  status: "requested" | "queuing" | "queued";
  /** Subscribers found so far (the total once status is "queued"). */
  total: number;
  queued: number;
  sent: number;
}

/** Asks for a newsletter to be sent to every subscriber; answers at once with the send. */
export async function requestNewsletterSend(
  ctx: Context,
  input: { subject: string; body: string },
  now = new Date(),
): Promise<NewsletterSend> {
  const subject = input.subject.trim();
  const body = normalizeNewlines(input.body).trim();
  if (subject === "" || subject.length > SUBJECT_MAX_LENGTH || /[\r\n]/.test(subject)) {
    throw new DomainError("Subject is required (at most 200 characters)", "subject", 400);
  }
  if (body === "" || body.length > BODY_MAX_LENGTH) {
    throw new DomainError("Message is required (at most 50000 characters)", "body", 400);
  }
  const send: NewsletterSend = {
    id: randomUUID(),
    subject,
    body,
    requestedAt: now.toISOString(),
    status: "requested",
    total: 0,
    queued: 0,
    sent: 0,
  };
  await transact(ctx, [
    {
      Put: {
        TableName: ctx.tableName,
        Item: { ...newsletterSendKey(send.id), entity: "newsletterSend", ...send },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    eventPut(ctx, NEWSLETTER_SEND_REQUESTED, { sendId: send.id }, now),
  ]);
  return send;
}

/** A send and its progress (for the admin screen). */
export async function getNewsletterSend(
  ctx: Context,
  sendId: string,
): Promise<NewsletterSend | null> {
  const { Item } = await ctx.db.send(
    new GetCommand({
      TableName: ctx.tableName,
      Key: newsletterSendKey(sendId),
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  return {
    id: String(Item.id),
    subject: String(Item.subject),
    body: String(Item.body),
    requestedAt: String(Item.requestedAt),
    status: Item.status as NewsletterSend["status"],
    total: Number(Item.total ?? 0),
    queued: Number(Item.queued ?? 0),
    sent: Number(Item.sent ?? 0),
  };
}

/**
 * The e-mail one subscriber gets: the newsletter, a signed unsubscribe link (its page asks
 * first) and the List-Unsubscribe headers of RFC 8058 (one click, from the mail provider).
 */
export async function newsletterMail(ctx: Context, send: NewsletterSend, email: string) {
  const mail = await renderMail("newsletter", {
    subject: send.subject,
    paragraphs: newsletterParagraphs(send.body),
    unsubscribeUrl: unsubscribeUrl(ctx.config, email),
  });
  return {
    to: email,
    ...mail,
    headers: listUnsubscribeHeaders(ctx.config, email),
    newsletterSendId: send.id,
    kind: "newsletter" as const,
  };
}

/**
 * The fan-out (reaction to `newsletter.send.requested`): every subscriber, a page of the sparse
 * SUBSCRIBERS index at a time, gets one queued e-mail, by condition on their mark.
 */
export async function fanOutNewsletter(ctx: Context, event: DomainEvent): Promise<void> {
  const sendId = String(event.payload.sendId ?? "");
  const send = await getNewsletterSend(ctx, sendId);
  if (!send) return;
  await setSendProgress(ctx, sendId, "SET #status = :status", { ":status": "queuing" });
  let total = 0;
  const pages = paginateQuery(
    { client: ctx.db, pageSize: SUBSCRIBERS_PAGE_SIZE },
    {
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": "SUBSCRIBERS" },
    },
  );
  for await (const page of pages) {
    const found = (page.Items ?? []).map((item) => String(item.email));
    // One BatchGetItem per page: the addresses the newsletter may no longer reach.
    const states = await getMailStates(ctx, found);
    const emails = found.filter(
      (email) => !suppresses(states.get(email.toLowerCase()), "newsletter"),
    );
    for (const email of found) {
      if (!emails.includes(email)) countMetric("MailsSuppressed", { sendId });
    }
    total += emails.length;
    await setSendProgress(ctx, sendId, "SET #total = :total", { ":total": total });
    // One transaction per recipient: their mark, their queued e-mail, the queued count.
    await Promise.all(emails.map((email) => queueOne(ctx, send, email)));
  }
  await setSendProgress(ctx, sendId, "SET #status = :status, #total = :total", {
    ":status": "queued",
    ":total": total,
  });
}

async function queueOne(ctx: Context, send: NewsletterSend, email: string): Promise<void> {
  const mail = await newsletterMail(ctx, send, email);
  try {
    await transact(ctx, [
      {
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...newsletterDeliveryKey(send.id, email),
            entity: "newsletterDelivery",
            email,
          },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      mailRequest(ctx, mail),
      {
        Update: {
          TableName: ctx.tableName,
          Key: newsletterSendKey(send.id),
          UpdateExpression: "ADD queued :one",
          ExpressionAttributeValues: { ":one": 1 },
        },
      },
    ]);
  } catch (error) {
    // Already queued by an earlier run: nothing to do.
    if (error instanceof TransactionCancelled && error.failedAt(0)) return;
    throw error;
  }
  countMetric("NewsletterDeliveries", { sendId: send.id });
}

/**
 * After the mailer sent a newsletter e-mail (reaction to `mail.requested`, registered after
 * the mailer): counts it as sent once, by condition on the recipient's mark.
 */
export async function countNewsletterSent(ctx: Context, event: DomainEvent): Promise<void> {
  if (event.type !== MAIL_REQUESTED) return;
  const sendId = event.payload.newsletterSendId;
  const to = event.payload.to;
  if (typeof sendId !== "string" || typeof to !== "string") return;
  try {
    await transact(ctx, [
      {
        Update: {
          TableName: ctx.tableName,
          Key: newsletterDeliveryKey(sendId, to),
          UpdateExpression: "SET sentAt = :now",
          ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(sentAt)",
          ExpressionAttributeValues: { ":now": new Date().toISOString() },
        },
      },
      {
        Update: {
          TableName: ctx.tableName,
          Key: newsletterSendKey(sendId),
          UpdateExpression: "ADD sent :one",
          ExpressionAttributeValues: { ":one": 1 },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) return;
    throw error;
  }
}

async function setSendProgress(
  ctx: Context,
  sendId: string,
  expression: string,
  values: Record<string, unknown>,
) {
  await ctx.db.send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: newsletterSendKey(sendId),
      UpdateExpression: expression,
      ExpressionAttributeNames: Object.fromEntries(
        ["#status", "#total"].filter((n) => expression.includes(n)).map((n) => [n, n.slice(1)]),
      ),
      ExpressionAttributeValues: values,
    }),
  );
}

// Sending a newsletter (docs/architecture.md §5, the admin's "send"): requestNewsletterSend writes the send
// record and a `newsletter.send.requested` event in one transaction; the fan-out (reaction to
// that event and to each `newsletter.page.requested`: functions/src/newsletter-fanout.ts on AWS,
// the local cloud's in-process queue on a laptop) queues one page of subscribers (100) per message
// and then, in the transaction that marks the page done, the next page's message with its cursor,
// so a failure resumes at its page. Each recipient's transaction touches only their own items:
// their mark SENDTO#<id>#<email>/TO#<email>, written by condition, and their queued mail, so a re-run mails
// nobody twice. The send record holds the body; the progress (queued, sent of total) lives on
// counter shards apart from it, added once per page (with the page's mark) and once per sent mail
// (with the recipient's mark), so both stay exact under redelivery
// (docs/decisions/038-newsletter-fan-out.md). A subscriber whose address bounced hard or
// complained (core/src/mail/reputation.ts) is skipped, and not counted in the total.
import { randomUUID } from "node:crypto";
import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import * as v from "valibot";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { countMetric } from "../context/telemetry.ts";
import { batchGetItems } from "../db/batch-get.server.ts";
import {
  NEWSLETTER_COUNT_SHARDS,
  newsletterCountKey,
  newsletterCountsBefore,
  newsletterDeliveryKey,
  newsletterPageKey,
  newsletterSendKey,
} from "../db/keys.ts";
import { allShards } from "../db/shards.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import { type DomainEvent, eventPut } from "../events/events.server.ts";
import { mailRequest, NEWSLETTER_MAIL_REQUESTED } from "../mail/queue.server.ts";
import { renderMail } from "../mail/render.server.ts";
import { getMailStates } from "../mail/reputation.server.ts";
import { suppresses } from "../mail/reputation.ts";
import { NEWSLETTER_PAGE_REQUESTED, NEWSLETTER_SEND_REQUESTED } from "./event-types.ts";
import { newsletterParagraphs, normalizeNewlines } from "./preview.ts";
import { listUnsubscribeHeaders, unsubscribeUrl } from "./subscriptions.server.ts";

export const NEWSLETTER_SENT = "Newsletter sent successfully!";
/** Subscribers a fan-out message queues: a page of the SUBSCRIBERS index. */
export const SUBSCRIBERS_PAGE_SIZE = 100;
let subscribersPageSize = SUBSCRIBERS_PAGE_SIZE;

/**
 * A test-only seam (core/src/newsletter/test-fixtures.ts): a smaller page, so a test walks
 * several pages with a few dozen subscribers instead of hundreds; `undefined` restores the 100.
 * Nothing outside tests calls it.
 */
export function setSubscribersPageSizeForTests(size: number | undefined): void {
  subscribersPageSize = size ?? SUBSCRIBERS_PAGE_SIZE;
}
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

/** The send's record (subject, body, status), without its progress. */
async function getSendRecord(ctx: Context, sendId: string): Promise<NewsletterSend | null> {
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
    total: 0,
    queued: 0,
    sent: 0,
  };
}

/**
 * A send and its progress (for the admin screen): its record, and its counters' shards summed
 * (one consistent BatchGetItem of the shards' own keys, and the one partition where a send begun
 * before they had their own keys counted).
 */
export async function getNewsletterSend(
  ctx: Context,
  sendId: string,
): Promise<NewsletterSend | null> {
  const before = newsletterCountsBefore(sendId);
  const [send, shards, older] = await Promise.all([
    getSendRecord(ctx, sendId),
    readShards(ctx, sendId),
    ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :shard)",
        ExpressionAttributeValues: { ":pk": before.pk, ":shard": before.skPrefix },
        ConsistentRead: true,
      }),
    ),
  ]);
  if (!send) return null;
  for (const shard of [...shards, ...(older.Items ?? [])]) {
    send.total += Number(shard.total ?? 0);
    send.queued += Number(shard.queued ?? 0);
    send.sent += Number(shard.sent ?? 0);
  }
  return send;
}

/** Every counter shard of a send that exists (read consistently; unprocessed keys read again). */
async function readShards(ctx: Context, sendId: string): Promise<Array<Record<string, unknown>>> {
  const keys = allShards(NEWSLETTER_COUNT_SHARDS).map((shard) => newsletterCountKey(sendId, shard));
  return batchGetItems(ctx, keys, { consistent: true });
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

/** The cursor of a page: where the SUBSCRIBERS index resumes (its last key, as DynamoDB gave it). */
const Cursor = v.record(v.string(), v.string());
const PageRequest = v.object({
  sendId: v.string(),
  page: v.pipe(v.number(), v.integer(), v.minValue(0)),
  cursor: v.optional(Cursor),
});

/**
 * The fan-out: `newsletter.send.requested` queues the first page of subscribers, and each
 * `newsletter.page.requested` the page its cursor points to. One message, one page.
 */
export async function fanOutNewsletter(ctx: Context, event: DomainEvent): Promise<void> {
  if (event.type === NEWSLETTER_PAGE_REQUESTED) {
    const request = v.parse(PageRequest, event.payload);
    const send = await getSendRecord(ctx, request.sendId);
    if (send) await queuePage(ctx, send, request.page, request.cursor);
    return;
  }
  const send = await getSendRecord(ctx, String(event.payload.sendId ?? ""));
  if (!send) return;
  if (send.status === "requested") {
    await setSendProgress(ctx, send.id, "SET #status = :status", { ":status": "queuing" });
  }
  await queuePage(ctx, send, 0, undefined);
}

/**
 * One page: its subscribers' mails queued (each by condition on its mark), then one transaction
 * marks the page done (by condition: a redelivered page counts nothing twice), adds its count to a
 * shard, and queues the next page's message, or, after the last page, marks the send queued.
 */
async function queuePage(
  ctx: Context,
  send: NewsletterSend,
  page: number,
  cursor: Record<string, string> | undefined,
): Promise<void> {
  const pageKey = newsletterPageKey(send.id, page);
  const done = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: pageKey, ConsistentRead: true }),
  );
  if (done.Item) return;
  const found = await ctx.db.send(
    new QueryCommand({
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": "SUBSCRIBERS" },
      Limit: subscribersPageSize,
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    }),
  );
  const addresses = (found.Items ?? []).map((item) => String(item.email));
  // One BatchGetItem per page: the addresses the newsletter may no longer reach.
  const states = await getMailStates(ctx, addresses);
  const emails = addresses.filter(
    (email) => !suppresses(states.get(email.toLowerCase()), "newsletter"),
  );
  for (const email of addresses) {
    if (!emails.includes(email)) countMetric("MailsSuppressed", { sendId: send.id });
  }
  await Promise.all(emails.map((email) => queueOne(ctx, send, email)));
  const next = found.LastEvaluatedKey as Record<string, string> | undefined;
  try {
    await transact(ctx, [
      {
        Put: {
          TableName: ctx.tableName,
          Item: { ...pageKey, entity: "newsletterPage", queued: emails.length },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      {
        Update: {
          TableName: ctx.tableName,
          Key: newsletterCountKey(send.id, randomShard()),
          UpdateExpression: "ADD queued :n, #total :n",
          ExpressionAttributeNames: { "#total": "total" },
          ExpressionAttributeValues: { ":n": emails.length },
        },
      },
      next
        ? eventPut(ctx, NEWSLETTER_PAGE_REQUESTED, {
            sendId: send.id,
            page: page + 1,
            cursor: next,
          })
        : {
            Update: {
              TableName: ctx.tableName,
              Key: newsletterSendKey(send.id),
              UpdateExpression: "SET #status = :status",
              ExpressionAttributeNames: { "#status": "status" },
              ExpressionAttributeValues: { ":status": "queued" },
            },
          },
    ]);
  } catch (error) {
    // The page was done by an earlier delivery: its count and its next page are there already.
    if (error instanceof TransactionCancelled && error.failedAt(0)) return;
    throw error;
  }
}

/** The counters' shards: sent mails add to one drawn at random, so no one key is hot. */
const randomShard = () => Math.floor(Math.random() * NEWSLETTER_COUNT_SHARDS);

/** One recipient: their mark and their queued mail, nothing shared. */
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
    ]);
  } catch (error) {
    // Already queued by an earlier run: nothing to do.
    if (error instanceof TransactionCancelled && error.failedAt(0)) return;
    throw error;
  }
  countMetric("NewsletterDeliveries", { sendId: send.id });
}

/**
 * After the mailer sent a newsletter e-mail (reaction to `newsletter.mail.requested`, registered
 * after the mailer): counts it as sent once, by condition on the recipient's mark, on a shard.
 */
export async function countNewsletterSent(ctx: Context, event: DomainEvent): Promise<void> {
  if (event.type !== NEWSLETTER_MAIL_REQUESTED) return;
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
          Key: newsletterCountKey(sendId, randomShard()),
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

// The mail's reputation, on the table (the rules: ./reputation.ts; docs/decisions/037-mail-reputation.md).
// One item per address that bounced hard or complained, MAILSTATE#<email>: the mailer reads it
// before each mail (./queue.server.ts), the newsletter's fan-out a page of them at a time
// (core/src/newsletter/sending.server.ts), the admin's customer page one.
import { BatchGetCommand, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { countMetric, logLine } from "../context/telemetry.ts";
import { mailStateKey } from "../db/keys.ts";
import { kindOfMail, type MailState, parseMailEvent } from "./reputation.ts";

const BATCH_GET_MAX = 100;
const normal = (email: string) => email.trim().toLowerCase();

function stateOf(item: Record<string, unknown> | undefined): MailState | null {
  if (!item) return null;
  return {
    email: String(item.email),
    ...(typeof item.hardBounceAt === "string" ? { hardBounceAt: item.hardBounceAt } : {}),
    ...(typeof item.complaintAt === "string" ? { complaintAt: item.complaintAt } : {}),
    ...(typeof item.complaintAbout === "string"
      ? { complaintAbout: item.complaintAbout as MailState["complaintAbout"] }
      : {}),
  };
}

/** An address's mail state (null: it never bounced hard nor complained). One GetItem. */
export async function getMailState(ctx: Context, email: string): Promise<MailState | null> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: mailStateKey(email), ConsistentRead: true }),
  );
  return stateOf(Item);
}

/** The mail states of many addresses (those with one), by normalised address. */
export async function getMailStates(
  ctx: Context,
  emails: readonly string[],
): Promise<Map<string, MailState>> {
  const states = new Map<string, MailState>();
  const unique = [...new Set(emails.map(normal))];
  for (let i = 0; i < unique.length; i += BATCH_GET_MAX) {
    let keys: Record<string, unknown>[] = unique.slice(i, i + BATCH_GET_MAX).map(mailStateKey);
    // Unprocessed keys (the table's throughput) are asked again, a bounded number of times.
    for (let attempt = 1; keys.length > 0; attempt++) {
      if (attempt > 5) throw new Error("the mail states stayed unprocessed");
      const { Responses, UnprocessedKeys } = await ctx.db.send(
        new BatchGetCommand({ RequestItems: { [ctx.tableName]: { Keys: keys } } }),
      );
      for (const item of Responses?.[ctx.tableName] ?? []) {
        const state = stateOf(item);
        if (state) states.set(normal(state.email), state);
      }
      keys = UnprocessedKeys?.[ctx.tableName]?.Keys ?? [];
    }
  }
  return states;
}

/** What handling one SES event did (the handler logs it; tests read it). */
export type MailEventOutcome = "hard bounce" | "soft bounce" | "complaint" | "malformed";

/**
 * Records one SES event (a bounce or a complaint, the body of its SNS message); a complaint about
 * a newsletter also calls `unsubscribe` with the address (core/src/reactions/mail-events.server.ts
 * gives it the newsletter's own unsubscribe). A malformed body is logged and dropped:
 * redelivering it would fail the same way. Idempotent: a redelivered event writes the same
 * state again (an unsubscribe twice is harmless).
 */
export async function recordMailEvent(
  ctx: Context,
  body: unknown,
  unsubscribe: (email: string) => Promise<void>,
): Promise<MailEventOutcome> {
  const parsed = parseMailEvent(body);
  if (!parsed.ok) {
    logLine("warn", "malformed mail event dropped", { problem: parsed.problem });
    return "malformed";
  }
  const { event } = parsed;
  const about = { messageId: event.mail.messageId };
  if (event.eventType === "Bounce") {
    if (event.bounce.bounceType !== "Permanent") {
      logLine("info", "soft bounce: nothing suppressed", {
        ...about,
        bounceType: event.bounce.bounceType,
      });
      return "soft bounce";
    }
    for (const { emailAddress } of event.bounce.bouncedRecipients) {
      await recordState(ctx, emailAddress, { hardBounceAt: event.bounce.timestamp });
      countMetric("MailHardBounces", about);
    }
    logLine("info", "hard bounce: mail suppressed", about);
    return "hard bounce";
  }
  const kind = kindOfMail(event);
  for (const { emailAddress } of event.complaint.complainedRecipients) {
    await recordState(ctx, emailAddress, {
      complaintAt: event.complaint.timestamp,
      complaintAbout: kind,
    });
    if (kind === "newsletter") await unsubscribe(emailAddress);
    countMetric("MailComplaints", about);
  }
  logLine("info", "complaint: newsletter suppressed", { ...about, kind });
  return "complaint";
}

async function recordState(
  ctx: Context,
  email: string,
  fields: Partial<Omit<MailState, "email">>,
): Promise<void> {
  const entries = Object.entries(fields);
  await ctx.db.send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: mailStateKey(email),
      UpdateExpression: `SET entity = :entity, email = :email, ${entries.map(([name]) => `${name} = :${name}`).join(", ")}`,
      ExpressionAttributeValues: {
        ":entity": "mailState",
        ":email": normal(email),
        ...Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
      },
    }),
  );
}

// The mail's reputation (docs/decisions/037-mail-reputation.md): what SES tells the shop about the
// mail it sent (a bounce, a complaint: its event destinations, delivered to the mail-events
// function) and what the shop then no longer sends. The rules, without I/O; the table's side is
// ./reputation.server.ts.
//
// - A hard (permanent) bounce: the address does not exist. Nothing more is sent to it but
//   security mail (a password reset, an e-mail change), which its owner asks for and needs to
//   recover the account.
// - A complaint (the recipient marked a mail as spam): no more newsletters to it; a complaint
//   about a newsletter also unsubscribes it, as the one-click link does.
// - A soft bounce (a full mailbox, a server away): nothing; SES retried it already.
import * as v from "valibot";

/**
 * What a mail is, for its configuration set and suppression: the newsletter; security mail
 * (password reset, e-mail change), sent even after a hard bounce; everything else.
 */
export const MAIL_KINDS = ["transactional", "newsletter", "security"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The message tag that carries a mail's kind (SES puts it in each event's `mail.tags`). */
export const MAIL_KIND_TAG = "kind";

/** An address's mail state: its last hard bounce and complaint (ISO times), if any. */
export interface MailState {
  email: string;
  hardBounceAt?: string;
  complaintAt?: string;
  /** The kind of mail complained about. */
  complaintAbout?: MailKind;
}

/** Does the address's state stop a mail of this kind? */
export function suppresses(state: MailState | null | undefined, kind: MailKind): boolean {
  if (!state || kind === "security") return false;
  if (state.hardBounceAt) return true;
  return kind === "newsletter" && state.complaintAt !== undefined;
}

/** What the admin's customer page says of the address's mail (null: nothing to say). */
export function describeMailState(state: MailState | null | undefined): string | null {
  if (!state) return null;
  const day = (iso: string) => iso.slice(0, 10);
  const lines: string[] = [];
  if (state.hardBounceAt) {
    lines.push(
      `Hard bounce on ${day(state.hardBounceAt)}: mail suppressed (password resets and e-mail changes still sent)`,
    );
  }
  if (state.complaintAt) {
    lines.push(
      `Complaint${state.complaintAbout === "newsletter" ? " about a newsletter" : ""} on ${day(state.complaintAt)}: newsletter suppressed`,
    );
  }
  return lines.length > 0 ? lines.join(". ") : null;
}

/** SES allows 50 recipients a mail; an address is at most 320 characters. */
const Recipients = v.pipe(
  v.array(v.object({ emailAddress: v.pipe(v.string(), v.trim(), v.email(), v.maxLength(320)) })),
  v.minLength(1),
  v.maxLength(50),
);
const Time = v.pipe(
  v.string(),
  v.maxLength(40),
  v.check((s) => !Number.isNaN(Date.parse(s)), "is not a time"),
);
const SentMail = v.object({
  messageId: v.pipe(v.string(), v.maxLength(200)),
  tags: v.optional(v.record(v.string(), v.array(v.string()))),
});

/**
 * A bounce or a complaint as SES's event publishing writes it (the SNS message's body, see
 * "Contents of event data that Amazon SES publishes to Amazon SNS"). Hostile until parsed: it
 * comes through a topic, and only its fields the rules read are kept.
 */
export const MailEventSchema = v.variant("eventType", [
  v.object({
    eventType: v.literal("Bounce"),
    bounce: v.object({
      bounceType: v.picklist(["Permanent", "Transient", "Undetermined"]),
      bounceSubType: v.optional(v.pipe(v.string(), v.maxLength(100))),
      bouncedRecipients: Recipients,
      timestamp: Time,
    }),
    mail: SentMail,
  }),
  v.object({
    eventType: v.literal("Complaint"),
    complaint: v.object({
      complainedRecipients: Recipients,
      timestamp: Time,
      complaintFeedbackType: v.optional(v.pipe(v.string(), v.maxLength(100))),
    }),
    mail: SentMail,
  }),
]);
export type MailEvent = v.InferOutput<typeof MailEventSchema>;

/** The kind of the mail an event is about: its kind tag (transactional without one). */
export function kindOfMail(event: MailEvent): MailKind {
  const tag = event.mail.tags?.[MAIL_KIND_TAG]?.[0];
  return (MAIL_KINDS as readonly string[]).includes(tag ?? "")
    ? (tag as MailKind)
    : "transactional";
}

/** A message body parsed (JSON) and checked: the event, or the first problem found. */
export function parseMailEvent(
  body: unknown,
): { ok: true; event: MailEvent } | { ok: false; problem: string } {
  let json: unknown = body;
  if (typeof body === "string") {
    try {
      json = JSON.parse(body);
    } catch {
      return { ok: false, problem: "not JSON" };
    }
  }
  const result = v.safeParse(MailEventSchema, json);
  if (result.success) return { ok: true, event: result.output };
  const issue = result.issues[0];
  return {
    ok: false,
    problem: `${v.getDotPath(issue) ?? "body"}: ${issue.message}`.slice(0, 300),
  };
}

// The local SES's bounces and complaints (docs/decisions/037-mail-reputation.md): the stand-in
// (aws-ses-v2-local) keeps every mail on its page and reports nothing back, so the recipient's
// address says what to play, as AWS's mailbox simulator does (bounce@simulator.amazonses.com,
// complaint@simulator.amazonses.com, which are played too):
// - a local part ending in `+bounce`: a hard (permanent) bounce;
// - `+softbounce`: a soft (transient) bounce;
// - `+complaint`: a complaint.
// Each mail's event is played once, as SES's event publishing writes it to the MailEvents topic
// and the topic delivers it raw to the mail-events queue: an SQS-shaped record whose body is the
// event, handed to the mail-events function's handler (packages/local-cloud/src/functions.ts).
// The stand-in keeps neither the configuration set nor the message tags a mail named, so the
// kind tag is told from the mail itself: a mail with List-Unsubscribe is a newsletter (only the
// newsletter carries it, core/src/newsletter/sending.server.ts); on AWS the tag is the mailer's.
import { randomUUID } from "node:crypto";

/** A mail as the local SES's store (GET /store) keeps it: the fields read here. */
export interface StoredMail {
  messageId: string;
  destination: { to: string[] };
  headers?: Array<{ name: string; value: string }>;
  at: number;
}

export type PlayedEvent = "bounce" | "softbounce" | "complaint";

/** What a recipient's address asks the stand-in to play, if anything. */
export function playedFor(address: string): PlayedEvent | null {
  const [local = "", domain = ""] = address.trim().toLowerCase().split("@");
  if (domain === "simulator.amazonses.com") {
    return local === "bounce" ? "bounce" : local === "complaint" ? "complaint" : null;
  }
  const tag = local.split("+").at(-1);
  return local.includes("+") && (tag === "bounce" || tag === "softbounce" || tag === "complaint")
    ? tag
    : null;
}

/** The events SES would publish for a stored mail: one per recipient that asks for one. */
export function sesEventsFor(
  mail: StoredMail,
  accepts: (address: string) => boolean = () => true,
  now = new Date(),
): string[] {
  const newsletter = (mail.headers ?? []).some((h) => h.name.toLowerCase() === "list-unsubscribe");
  const sent = {
    timestamp: new Date(mail.at * 1000).toISOString(),
    messageId: mail.messageId,
    destination: mail.destination.to,
    tags: { kind: [newsletter ? "newsletter" : "transactional"] },
  };
  const timestamp = now.toISOString();
  return mail.destination.to.flatMap((emailAddress) => {
    const played = accepts(emailAddress) ? playedFor(emailAddress) : null;
    if (played === "complaint") {
      return [
        JSON.stringify({
          eventType: "Complaint",
          complaint: {
            complainedRecipients: [{ emailAddress }],
            timestamp,
            feedbackId: randomUUID(),
            complaintFeedbackType: "abuse",
          },
          mail: sent,
        }),
      ];
    }
    if (played === "bounce" || played === "softbounce") {
      return [
        JSON.stringify({
          eventType: "Bounce",
          bounce: {
            bounceType: played === "bounce" ? "Permanent" : "Transient",
            bounceSubType: played === "bounce" ? "General" : "MailboxFull",
            bouncedRecipients: [{ emailAddress, action: "failed" }],
            timestamp,
            feedbackId: randomUUID(),
          },
          mail: sent,
        }),
      ];
    }
    return [];
  });
}

/** An SQS-shaped record of the mail-events queue. */
export interface MailEventRecord {
  messageId: string;
  body: string;
}

export interface MailEventPlayer {
  /** Plays the events of every mail in the mailbox not played yet; answers how many. */
  play(): Promise<number>;
}

/**
 * Plays the mailbox's bounces and complaints to `deliver` (the mail-events handler), each mail's
 * once. A delivery that throws is not marked played: the next `play` tries it again, as the
 * queue would redeliver it. `accepts` limits the recipients played (a test's own addresses: the
 * tests share one mailbox).
 */
export function mailEventPlayer(options: {
  mailboxUrl: string;
  deliver: (records: MailEventRecord[]) => Promise<void>;
  accepts?: (address: string) => boolean;
}): MailEventPlayer {
  const played = new Set<string>();
  return {
    async play() {
      const res = await fetch(`${options.mailboxUrl}/store`);
      if (!res.ok) throw new Error(`the local SES answered ${res.status}`);
      const { emails } = (await res.json()) as { emails: StoredMail[] };
      let count = 0;
      for (const mail of emails) {
        if (played.has(mail.messageId)) continue;
        const records = sesEventsFor(mail, options.accepts).map((body) => ({
          messageId: randomUUID(),
          body,
        }));
        if (records.length > 0) await options.deliver(records);
        played.add(mail.messageId);
        count += records.length;
      }
      return count;
    },
  };
}

// The mail queue end to end on the local cloud: a queued e-mail travels through the table's
// stream to the mailer and arrives once, with its attachment read from the invoices bucket.
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { createTestContext, deliverEventsTo } from "@shop/local-cloud/testing";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import type { Context } from "../context/index.server.ts";
import type { DomainEvent } from "../events/index.server.ts";
import { handleEvent } from "../reactions/index.server.ts";
import { deliverQueuedMail, MAIL_REQUESTED, queueMail } from "./queue.server.ts";

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  attachments: Array<{ filename: string; content: string }>;
}
const mailsTo = async (to: string) => {
  const res = await fetch(`${inject("cloud").mailboxUrl}/store`);
  return ((await res.json()) as { emails: StoredMail[] }).emails.filter((m) =>
    m.destination.to.includes(to),
  );
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** A mail's request, as the mailer receives it from its queue. */
const mailEvent = (to: string, subject: string): DomainEvent => ({
  id: crypto.randomUUID(),
  type: MAIL_REQUESTED,
  occurredAt: new Date().toISOString(),
  payload: { to, subject, text: "Hello" },
});

/**
 * The queue's delivery: the mailer's reaction, and again if it failed (a failed message comes
 * back, as SQS's does after its visibility timeout); the number of tries it took.
 */
async function deliverAsTheQueueDoes(run: () => Promise<void>, receives = 3): Promise<number> {
  for (let receive = 1; ; receive++) {
    try {
      await run();
      return receive;
    } catch (error) {
      if (receive === receives) throw error;
    }
  }
}

/** Refuses the table's write of a mail's sent marker the first `times` times it is asked for. */
function refuseSentMarkers(ctx: Context, times: number) {
  let refused = 0;
  ctx.db.middlewareStack.add(
    (next) => async (args) => {
      const item = (args.input as { Item?: { pk?: string } }).Item;
      if (item?.pk?.startsWith("MAILSENT#") && refused < times) {
        refused++;
        throw Object.assign(new Error("the table did not answer"), { name: "InternalServerError" });
      }
      return next(args);
    },
    { step: "initialize", name: "refuseSentMarkers" },
  );
  return () => refused;
}

describe("a mail SES accepted, whose sent marker the table would not take", () => {
  it("is not sent again: the marker is written on a later try, and the message is not failed", async () => {
    const { ctx } = await createTestContext();
    const to = `marker-late-${crypto.randomUUID()}@example.com`;
    const refused = refuseSentMarkers(ctx, 2);
    const event = mailEvent(to, "Marker late");
    expect(await deliverAsTheQueueDoes(() => deliverQueuedMail(ctx, event))).toBe(1);
    expect(refused()).toBe(2);
    // Delivered again later (SQS is at least once): the marker is there, nothing is sent.
    await deliverQueuedMail(ctx, event);
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it("is not failed back to its queue when the marker cannot be written at all, and says so in an error line", async () => {
    const { ctx } = await createTestContext();
    const to = `marker-lost-${crypto.randomUUID()}@example.com`;
    refuseSentMarkers(ctx, Number.POSITIVE_INFINITY);
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => {
      logged.push(String(line));
    });
    const event = mailEvent(to, "Marker lost");
    expect(await deliverAsTheQueueDoes(() => deliverQueuedMail(ctx, event))).toBe(1);
    expect(await mailsTo(to)).toHaveLength(1);
    expect(logged.some((line) => line.includes("marker") && line.includes(event.id))).toBe(true);
  });
});

describe("mail queue", () => {
  it("delivers a queued e-mail from the stream once, attachment included, even when redelivered", async () => {
    const test = await createTestContext();
    const { ctx } = test;
    const to = `queued-${Date.now()}@example.com`;
    await (await ctx.s3()).send(
      new PutObjectCommand({
        Bucket: ctx.config.invoicesBucket,
        Key: "invoices/queue-test.pdf",
        Body: "%PDF-1.7 queued",
        ContentType: "application/pdf",
      }),
    );
    const delivered: DomainEvent[] = [];
    const delivery = await deliverEventsTo(test, async (event) => {
      delivered.push(event);
      await handleEvent(ctx, event);
    });
    await queueMail(ctx, {
      to,
      subject: "Queued hello",
      text: "Hello from the queue",
      attachments: [
        {
          fileName: "invoice.pdf",
          contentType: "application/pdf",
          invoicesKey: "invoices/queue-test.pdf",
        },
      ],
    });
    await delivery.drain();
    await delivery.stop();

    // A second delivery of the same event (a retry, a replay) sends nothing more.
    const event = delivered.find((e) => e.type === "mail.requested");
    expect(event).toBeDefined();
    await deliverQueuedMail(ctx, event as DomainEvent);

    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Queued hello");
    expect(Buffer.from(mails[0]?.attachments[0]?.content ?? "", "base64").toString()).toBe(
      "%PDF-1.7 queued",
    );
  });
});

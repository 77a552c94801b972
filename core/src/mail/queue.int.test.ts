// The mail queue end to end on the local cloud: a queued e-mail travels through the table's
// stream to the mailer and arrives once, with its attachment read from the invoices bucket.
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { createTestContext, deliverEventsTo } from "@shop/local-cloud/testing";
import { describe, expect, inject, it } from "vitest";
import type { DomainEvent } from "../events/index.server.ts";
import { handleEvent } from "../reactions/index.server.ts";
import { deliverQueuedMail, queueMail } from "./queue.server.ts";

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

// A contact message is stored and queued to support in one transaction, and limited per address.
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { handleEvent } from "@shop/core/server/reactions";
import { createTestContext, deliverEventsTo } from "@shop/local-cloud/testing";
import { describe, expect, inject, it } from "vitest";
import { DomainError } from "../common/errors.ts";
import { contactKey } from "../db/keys.ts";
import { CONTACT_LIMIT, listContactMessages, sendContactMessage } from "./messages.server.ts";

const form = {
  firstName: "Ana",
  lastName: "Garcia",
  email: "ana@example.com",
  phone: "0123456789",
  subject: `Where is <my> order? ${Math.random().toString(36).slice(2, 8)}`,
  message: "It has not arrived.\nOrder TL-1234",
};

describe("sendContactMessage", () => {
  it("stores the message and queues an e-mail to support with the customer as reply-to", async () => {
    const test = await createTestContext();
    const { ctx } = test;
    const message = await sendContactMessage(ctx, form, "198.51.100.7");
    const { Item } = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: contactKey(message.id) }),
    );
    expect(Item).toMatchObject({ ...form, id: message.id });
    expect(await listContactMessages(ctx)).toHaveLength(1);
    const later = new Date(Date.now() + 60_000);
    const second = await sendContactMessage(
      ctx,
      { ...form, subject: "Later" },
      "198.51.100.7",
      CONTACT_LIMIT,
      later,
    );
    expect((await listContactMessages(ctx)).map((m) => m.id)).toEqual([second.id, message.id]);

    // The queued e-mail reaches support's mailbox through the stream and the mailer.
    const delivery = await deliverEventsTo(test, (event) => handleEvent(ctx, event));
    await delivery.drain();
    await delivery.stop();
    const res = await fetch(`${inject("cloud").mailboxUrl}/store`);
    const { emails } = (await res.json()) as {
      emails: Array<{
        subject: string;
        destination: { to: string[] };
        body: { text?: string; html?: string };
      }>;
    };
    const mail = emails.find((m) => m.subject === `Contact: ${form.subject}`);
    expect(mail?.destination.to).toEqual([ctx.config.supportEmail]);
    expect(mail?.body.text).toContain("It has not arrived.");
    expect(mail?.body.text).toContain("ana@example.com");
    expect(mail?.body.html).toContain("Where is &lt;my&gt; order?");
  });

  it("refuses once the limit is reached and stores nothing more", async () => {
    const { ctx } = await createTestContext();
    const limit = { max: 1, windowSeconds: 3600 };
    await sendContactMessage(ctx, form, "198.51.100.8", limit);
    const error = await sendContactMessage(ctx, form, "198.51.100.8", limit).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(429);
    expect(await listContactMessages(ctx)).toHaveLength(1);
  });
});

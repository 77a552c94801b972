// Unsubscribing without being unsubscribed by a mail scanner: the newsletter e-mail's
// List-Unsubscribe headers (RFC 8058) as the local SES stores them, reading a link changes
// nothing, and the one-click unsubscribe needs its body and the e-mail's own token.
import { randomUUID } from "node:crypto";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, inject, it } from "vitest";
import { DomainError } from "../common/errors.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { decodeQueueMessage, encodeQueueMessage } from "../events/queue-message.ts";
import { deliverQueuedMail, MAIL_REQUESTED } from "../mail/queue.server.ts";
import { newsletterMail, requestNewsletterSend } from "./sending.server.ts";
import {
  INVALID_UNSUBSCRIBE_LINK,
  isSubscribed,
  NOT_ONE_CLICK,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  readUnsubscribeLink,
  setSubscription,
  UNSUBSCRIBE_PAGE_PATH,
  unsubscribeOneClick,
  unsubscribeToken,
} from "./subscriptions.server.ts";

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string };
  headers?: Array<{ name: string; value: string }>;
}

async function mailsTo(to: string): Promise<StoredMail[]> {
  const res = await fetch(`${inject("cloud").mailboxUrl}/store`);
  const { emails } = (await res.json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.includes(to));
}

const run = () => Math.random().toString(36).slice(2, 8);

describe("a newsletter e-mail", () => {
  it("carries List-Unsubscribe with the one-click URL and List-Unsubscribe-Post, through the queue and SES", async () => {
    const { ctx } = await createTestContext();
    const email = `headers-${run()}@example.com`;
    const send = await requestNewsletterSend(ctx, { subject: `Coats ${run()}`, body: "New coats" });
    // As the fan-out queues it and the mailer receives it from the mail queue.
    const queued: DomainEvent = {
      id: randomUUID(),
      type: MAIL_REQUESTED,
      payload: (await newsletterMail(ctx, send, email)) as unknown as Record<string, unknown>,
      occurredAt: new Date().toISOString(),
    };
    const received = decodeQueueMessage(encodeQueueMessage(queued));
    if (!received) throw new Error("the queued mail did not survive the queue");
    await deliverQueuedMail(ctx, received);

    const [mail] = await mailsTo(email);
    const header = (name: string) => mail?.headers?.find((h) => h.name === name)?.value;
    expect(mail?.headers?.map((h) => h.name)).toEqual([
      "List-Unsubscribe",
      "List-Unsubscribe-Post",
    ]);
    expect(header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = header("List-Unsubscribe") ?? "";
    expect(unsubscribe).toMatch(/^<https?:\/\/[^>]+>$/);
    const url = new URL(unsubscribe.slice(1, -1));
    expect(url.origin).toBe(ctx.config.appUrl);
    expect(url.pathname).toBe(ONE_CLICK_UNSUBSCRIBE_PATH);
    expect(url.searchParams.get("email")).toBe(email);
    expect(url.searchParams.get("token")).toBe(unsubscribeToken(ctx.config, email));
    // The link in the text goes to the page that asks first.
    expect(mail?.body.text).toContain(`${ctx.config.appUrl}${UNSUBSCRIBE_PAGE_PATH}?`);
  });

  it("other e-mails carry no such headers", async () => {
    const { ctx } = await createTestContext();
    const email = `plain-${run()}@example.com`;
    await deliverQueuedMail(ctx, {
      id: randomUUID(),
      type: MAIL_REQUESTED,
      payload: { to: email, subject: "Your order", text: "Thanks" },
      occurredAt: new Date().toISOString(),
    });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe("Your order");
    expect(mail?.headers ?? []).toEqual([]);
  });
});

describe("unsubscribe links", () => {
  it("reading a link (the page's GET) tells the address and changes nothing", async () => {
    const { ctx } = await createTestContext();
    const email = `reader-${run()}@example.com`;
    await setSubscription(ctx, email, true);
    const token = unsubscribeToken(ctx.config, email);
    expect(await readUnsubscribeLink(ctx, email.toUpperCase(), token)).toEqual({
      email,
      isSubscribed: true,
    });
    expect(await readUnsubscribeLink(ctx, email, token)).toEqual({ email, isSubscribed: true });
    expect(await isSubscribed(ctx, email)).toBe(true);
    for (const [address, forged] of [
      [email, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`],
      [email, null],
      [null, token],
      ["x".repeat(300), token],
    ]) {
      const error = await readUnsubscribeLink(ctx, address, forged).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).message).toBe(INVALID_UNSUBSCRIBE_LINK);
      expect((error as DomainError).status).toBe(400);
    }
  });

  it("one-click: only with List-Unsubscribe=One-Click and the e-mail's own token; twice is harmless", async () => {
    const { ctx } = await createTestContext();
    const email = `oneclick-${run()}@example.com`;
    const other = `other-${run()}@example.com`;
    await setSubscription(ctx, email, true);
    await setSubscription(ctx, other, true);
    const token = unsubscribeToken(ctx.config, email);

    for (const oneClick of [undefined, "", "one-click", "Yes"]) {
      await expect(unsubscribeOneClick(ctx, { email, token, oneClick })).rejects.toThrow(
        NOT_ONE_CLICK,
      );
    }
    await expect(
      unsubscribeOneClick(ctx, { email: other, token, oneClick: "One-Click" }),
    ).rejects.toThrow(INVALID_UNSUBSCRIBE_LINK);
    expect(await isSubscribed(ctx, email)).toBe(true);
    expect(await isSubscribed(ctx, other)).toBe(true);

    await unsubscribeOneClick(ctx, { email, token, oneClick: "One-Click" });
    await unsubscribeOneClick(ctx, { email, token, oneClick: "One-Click" });
    expect(await isSubscribed(ctx, email)).toBe(false);
    expect(await isSubscribed(ctx, other)).toBe(true);
  });
});

// Subscriptions, signed unsubscribe links and the fan-out, against DynamoDB Local, the table's
// stream (delivered to the shop's reactions as in `npm start`) and the local SES mailbox.
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { DomainEvent } from "@shop/core/server/events";
import { handleEvent } from "@shop/core/server/reactions";
import { createTestContext, deliverEventsTo } from "@shop/local-cloud/testing";
import { afterEach, describe, expect, inject, it } from "vitest";
import { DomainError } from "../common/errors.ts";
import { subscriberIndex, subscriptionKey } from "../db/keys.ts";
import { NEWSLETTER_PAGE_REQUESTED, NEWSLETTER_SEND_REQUESTED } from "./event-types.ts";
import {
  fanOutNewsletter,
  getNewsletterSend,
  newsletterMail,
  requestNewsletterSend,
  setSubscribersPageSizeForTests,
} from "./sending.server.ts";
import {
  accountSubscription,
  EMAIL_UNVERIFIED,
  getSubscriberCount,
  INVALID_UNSUBSCRIBE_LINK,
  isSubscribed,
  setAccountSubscription,
  setSubscription,
  subscribeFromFooter,
  unsubscribeToken,
  unsubscribeWithToken,
} from "./subscriptions.server.ts";
import { writeSubscribers } from "./test-fixtures.ts";

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
}

async function mailbox(): Promise<StoredMail[]> {
  const res = await fetch(`${inject("cloud").mailboxUrl}/store`);
  return ((await res.json()) as { emails: StoredMail[] }).emails;
}

const run = () => Math.random().toString(36).slice(2, 8);

describe("subscriptions", () => {
  it("subscribes once however often asked, and unsubscribes", async () => {
    const { ctx } = await createTestContext();
    const email = `twice-${run()}@example.com`;
    expect(await isSubscribed(ctx, email)).toBe(false);
    await subscribeFromFooter(ctx, email, "198.51.100.1");
    await subscribeFromFooter(ctx, email.toUpperCase(), "198.51.100.1");
    expect(await isSubscribed(ctx, email)).toBe(true);
    await setSubscription(ctx, email, false);
    expect(await isSubscribed(ctx, email)).toBe(false);
  });

  it("the account's switch shows and changes nothing while the account's address is unverified", async () => {
    const { ctx } = await createTestContext();
    const email = `theirs-${run()}@example.com`;
    await setSubscription(ctx, email, true);
    const squatter = { email, emailVerified: false };
    expect(await accountSubscription(ctx, squatter)).toBeNull();
    await expect(setAccountSubscription(ctx, squatter, false)).rejects.toMatchObject({
      message: EMAIL_UNVERIFIED,
      field: "isSubscribed",
      status: 403,
    });
    expect(await isSubscribed(ctx, email)).toBe(true);
    const owner = { email, emailVerified: true };
    expect(await accountSubscription(ctx, owner)).toBe(true);
    await setAccountSubscription(ctx, owner, false);
    expect(await accountSubscription(ctx, owner)).toBe(false);
  });

  it("limits footer sign-ups per client address", async () => {
    const { ctx } = await createTestContext();
    const limit = { max: 2, windowSeconds: 3600 };
    await subscribeFromFooter(ctx, `a-${run()}@example.com`, "198.51.100.2", limit);
    await subscribeFromFooter(ctx, `b-${run()}@example.com`, "198.51.100.2", limit);
    const error = await subscribeFromFooter(ctx, "c@example.com", "198.51.100.2", limit).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(429);
    expect(await isSubscribed(ctx, "c@example.com")).toBe(false);
  });

  it("unsubscribes through a link only with the e-mail's own token", async () => {
    const { ctx } = await createTestContext();
    const email = `link-${run()}@example.com`;
    const other = `other-${run()}@example.com`;
    await setSubscription(ctx, email, true);
    await setSubscription(ctx, other, true);
    const token = unsubscribeToken(ctx.config, email);
    // One character changed (always a different one: "A" when the token ends in "B", else "B").
    const tampered = `${token.slice(0, -1)}${token.endsWith("B") ? "A" : "B"}`;
    for (const forged of [undefined, "", tampered, unsubscribeToken(ctx.config, other)]) {
      const error = await unsubscribeWithToken(ctx, email, forged).catch((e: unknown) => e);
      expect((error as DomainError).message).toBe(INVALID_UNSUBSCRIBE_LINK);
    }
    // Another person's address with my token: refused too.
    await expect(unsubscribeWithToken(ctx, other, token)).rejects.toThrow(INVALID_UNSUBSCRIBE_LINK);
    expect(await isSubscribed(ctx, email)).toBe(true);
    expect(await isSubscribed(ctx, other)).toBe(true);

    await unsubscribeWithToken(ctx, email, token);
    expect(await isSubscribed(ctx, email)).toBe(false);
    expect(await isSubscribed(ctx, other)).toBe(true);
  });
});

describe("the subscriber count (admin)", () => {
  it("follows subscribes and unsubscribes, counting each e-mail once, in one read", async () => {
    const { ctx, tableCalls, resetTableCalls } = await createTestContext();
    const tag = run();
    const [a, b, c] = ["a", "b", "c"].map((n) => `${n}-${tag}@example.com`);
    expect(await getSubscriberCount(ctx)).toBe(0);
    await setSubscription(ctx, a as string, true);
    await setSubscription(ctx, (a as string).toUpperCase(), true); // same e-mail again
    await setSubscription(ctx, b as string, true);
    await setSubscription(ctx, c as string, false); // never subscribed: no change
    await setSubscription(ctx, b as string, false);
    await setSubscription(ctx, b as string, false); // twice: still one fewer
    resetTableCalls();
    expect(await getSubscriberCount(ctx)).toBe(1);
    expect(tableCalls()).toBe(1);
    await subscribeFromFooter(ctx, c as string, "198.51.100.9");
    expect(await getSubscriberCount(ctx)).toBe(2);
  });

  it("stays exact under concurrent toggles of the same and different e-mails", async () => {
    const { ctx } = await createTestContext();
    const tag = run();
    const emails = Array.from({ length: 8 }, (_, i) => `race${i}-${tag}@example.com`);
    await getSubscriberCount(ctx);
    await Promise.all(
      emails.flatMap((e) => [setSubscription(ctx, e, true), setSubscription(ctx, e, true)]),
    );
    expect(await getSubscriberCount(ctx)).toBe(8);
    await Promise.all(
      emails
        .slice(0, 3)
        .flatMap((e) => [setSubscription(ctx, e, false), setSubscription(ctx, e, false)]),
    );
    expect(await getSubscriberCount(ctx)).toBe(5);
  });

  it("counts the index once when the table has subscribers from before the counter", async () => {
    const { ctx } = await createTestContext();
    const tag = run();
    for (const n of ["x", "y", "z"]) {
      await ctx.db.send(
        new PutCommand({
          TableName: ctx.tableName,
          Item: {
            ...subscriptionKey(`${n}-${tag}@example.com`),
            ...subscriberIndex(`${n}-${tag}@example.com`),
            entity: "newsletterSubscription",
            email: `${n}-${tag}@example.com`,
            isSubscribed: true,
          },
        }),
      );
    }
    await setSubscription(ctx, `w-${tag}@example.com`, true); // counter starts without the old three
    expect(await getSubscriberCount(ctx)).toBe(4);
    await setSubscription(ctx, `x-${tag}@example.com`, false);
    expect(await getSubscriberCount(ctx)).toBe(3);
  });
});

describe("the newsletter e-mail", () => {
  it("shows the message as escaped text in paragraphs, never as HTML", async () => {
    const { ctx } = await createTestContext();
    const send = await requestNewsletterSend(ctx, {
      subject: "Hi",
      body: "Coats <script>alert(1)</script>\r\nare in.\r\n\r\n<b>Bye</b>",
    });
    const mail = await newsletterMail(ctx, send, "reader@example.com");
    expect(mail.html).toMatch(
      /<p[^>]*>Coats &lt;script&gt;alert\(1\)&lt;\/script&gt;<br\/>are in\.<\/p><p[^>]*>&lt;b&gt;Bye&lt;\/b&gt;<\/p>/,
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain("Coats <script>alert(1)</script>\nare in.\n\n<b>Bye</b>");
  });
});

/**
 * The fan-out's pages here are of 10 subscribers (a test-only seam; the send at scale in
 * packages/local-cloud/src/newsletter-fanout.int.test.ts walks production's pages of 100): 25
 * subscribers are three pages, the last one short.
 */
const PAGE_SIZE = 10;
const SUBSCRIBERS = 25;

describe("newsletter fan-out", () => {
  afterEach(() => setSubscribersPageSizeForTests(undefined));

  it(`mails ${SUBSCRIBERS} subscribers (three pages) exactly once each and nobody unsubscribed, also when run twice`, async () => {
    setSubscribersPageSizeForTests(PAGE_SIZE);
    const test = await createTestContext();
    const { ctx } = test;
    const tag = run();
    const subscribers = Array.from({ length: SUBSCRIBERS }, (_, i) => `sub${i}-${tag}@example.com`);
    const leavers = Array.from({ length: 10 }, (_, i) => `left${i}-${tag}@example.com`);
    await writeSubscribers(ctx, subscribers);
    await Promise.all(leavers.map((e) => setSubscription(ctx, e, true)));
    await Promise.all(leavers.map((e) => setSubscription(ctx, e, false)));

    const requests: DomainEvent[] = [];
    const pages = new Set<number>();
    const delivery = await deliverEventsTo(test, async (event) => {
      if (event.type === NEWSLETTER_SEND_REQUESTED) requests.push(event);
      if (event.type === NEWSLETTER_PAGE_REQUESTED) pages.add(Number(event.payload.page));
      await handleEvent(ctx, event);
    });

    const subject = `Autumn arrivals ${tag}`;
    const send = await requestNewsletterSend(ctx, { subject, body: "New coats <b>are</b> in." });
    // DynamoDB Local's stream may look idle for a moment under load: drain until it is all sent.
    const sent = async () => {
      await delivery.drain(60_000);
      return (await getNewsletterSend(ctx, send.id))?.sent;
    };
    await expect.poll(sent, { timeout: 120_000 }).toBe(SUBSCRIBERS);
    // The same request delivered again (a retry): nobody is mailed twice.
    const request = requests[0];
    expect(request?.payload.sendId).toBe(send.id);
    if (request) await fanOutNewsletter(ctx, request);
    await delivery.drain(60_000);
    await delivery.drain(60_000);
    await delivery.stop();
    const mails = (await mailbox()).filter((m) => m.subject === subject);
    const perAddress = new Map<string, number>();
    for (const mail of mails) {
      for (const to of mail.destination.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    // The first page, then the next two, each from its own message.
    expect([...pages].sort()).toEqual([1, 2]);
    expect(mails).toHaveLength(SUBSCRIBERS);
    expect([...perAddress.keys()].sort()).toEqual([...subscribers].sort());
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    expect(leavers.some((e) => perAddress.has(e))).toBe(false);

    // Each carries its own signed unsubscribe link; the body is escaped in HTML.
    const first = mails.find((m) => m.destination.to[0] === subscribers[0]);
    const token = unsubscribeToken(ctx.config, subscribers[0] as string);
    expect(first?.body.text).toContain(
      `/user/unsubscribe-newsletter?email=${encodeURIComponent(subscribers[0] as string)}&token=${token}`,
    );
    expect(first?.body.html).toContain("New coats &lt;b&gt;are&lt;/b&gt; in.");

    expect(await getNewsletterSend(ctx, send.id)).toMatchObject({
      status: "queued",
      total: SUBSCRIBERS,
      queued: SUBSCRIBERS,
      sent: SUBSCRIBERS,
    });
  }, 180_000);
});

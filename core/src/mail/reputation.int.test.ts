// Bounces and complaints, end to end on this machine (docs/decisions/037-mail-reputation.md):
// mails go through the table's stream to the mailer and the local SES; the local SES plays the
// bounce or complaint a recipient's address asks for (packages/local-cloud/src/mail-events.ts)
// to the mail-events function's handler, as the MailEvents topic's queue does on AWS; what the
// shop then sends, skips and counts is read back from the mailbox, the table and the metrics.
import { createContext, loadConfig } from "@shop/core/server/context";
import { handleEvent } from "@shop/core/server/reactions";
import { mailEventsHandler } from "@shop/functions/mail-events";
import { mailEventPlayer } from "@shop/local-cloud";
import { createTestContext, deliverEventsTo, type TestContext } from "@shop/local-cloud/testing";
import { afterEach, describe, expect, inject, it } from "vitest";
import { loadAbuseLimits } from "../accounts/limits.ts";
import { requestPasswordReset } from "../accounts/password-reset.server.ts";
import { createUser } from "../accounts/users.server.ts";
import { consoleTelemetry, type Metric, setTelemetry } from "../context/telemetry.ts";
import { getNewsletterSend, requestNewsletterSend } from "../newsletter/sending.server.ts";
import { isSubscribed, setSubscription } from "../newsletter/subscriptions.server.ts";
import { queueMail } from "./queue.server.ts";
import { getMailState } from "./reputation.server.ts";
import { describeMailState } from "./reputation.ts";
import { sendMail } from "./send.server.ts";

afterEach(() => setTelemetry(consoleTelemetry));

interface StoredMail {
  subject: string;
  destination: { to: string[] };
}

async function mailsTo(to: string): Promise<StoredMail[]> {
  const res = await fetch(`${inject("cloud").mailboxUrl}/store`);
  const { emails } = (await res.json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.includes(to));
}

const run = () => Math.random().toString(36).slice(2, 8);

/**
 * The test's table, its stream delivered to core's reactions, and the local SES's player of the
 * test's own addresses (`tag` in each: the tests share one mailbox).
 */
async function shop(tag: string) {
  const test = await createTestContext();
  const delivery = await deliverEventsTo(test, (event) => handleEvent(test.ctx, event));
  const handler = mailEventsHandler(() => test.ctx);
  const player = mailEventPlayer({
    mailboxUrl: inject("cloud").mailboxUrl,
    accepts: (address) => address.includes(tag),
    deliver: async (Records) => {
      const { batchItemFailures } = await handler({ Records });
      if (batchItemFailures.length > 0) throw new Error("a mail event failed");
    },
  });
  return { test, ctx: test.ctx, delivery, player };
}

async function orderMail(test: TestContext, to: string, subject: string) {
  await queueMail(test.ctx, { to, subject, text: subject });
}

/** Records the metrics counted. */
function recordMetrics() {
  const counted: Metric[] = [];
  setTelemetry({ log() {}, count: (metric) => counted.push(metric) });
  return counted;
}

describe("a hard bounce played by the local SES", () => {
  it("suppresses the newsletter and order mail to the address, not its password reset, and counts it", async () => {
    const tag = run();
    const { test, ctx, delivery, player } = await shop(tag);
    const bounced = `gone-${tag}+bounce@example.com`;
    const kept = `kept-${tag}@example.com`;
    await createUser(ctx, {
      firstName: "Gone",
      lastName: "Away",
      email: bounced,
      password: "correct horse battery",
    });
    await setSubscription(ctx, bounced, true);
    await setSubscription(ctx, kept, true);
    await orderMail(test, bounced, "Your order TL-1");
    await delivery.drain();
    expect(await mailsTo(bounced)).toHaveLength(1);

    const metrics = recordMetrics();
    expect(await player.play()).toBeGreaterThanOrEqual(1);
    const state = await getMailState(ctx, bounced);
    expect(state?.hardBounceAt).toBeDefined();
    expect(describeMailState(state)).toMatch(/^Hard bounce on \d{4}-\d{2}-\d{2}: mail suppressed/);
    expect(metrics).toContain("MailHardBounces");

    // Order mail: not sent. The newsletter: skipped by the fan-out. A reset: sent.
    await orderMail(test, bounced, "Your order TL-2");
    const send = await requestNewsletterSend(ctx, { subject: "News", body: "Hello" });
    await requestPasswordReset(
      ctx,
      bounced,
      { clientAddress: "198.51.100.40" },
      loadAbuseLimits({}),
    );
    await delivery.drain();
    const subjects = (await mailsTo(bounced)).map((m) => m.subject);
    expect(subjects).not.toContain("Your order TL-2");
    expect(subjects).not.toContain("News");
    expect(subjects.filter((s) => /password/i.test(s))).toHaveLength(1);
    expect((await mailsTo(kept)).map((m) => m.subject)).toEqual(["News"]);
    expect(await getNewsletterSend(ctx, send.id)).toMatchObject({ status: "queued", total: 1 });
    expect(metrics).toContain("MailsSuppressed");
    await delivery.stop();
  });
});

describe("a complaint played by the local SES", () => {
  it("about a newsletter: unsubscribes the address as the one-click link does; order mail still goes", async () => {
    const tag = run();
    const { test, ctx, delivery, player } = await shop(tag);
    const complains = `annoyed-${tag}+complaint@example.com`;
    await setSubscription(ctx, complains, true);
    await requestNewsletterSend(ctx, { subject: "Autumn news", body: "Coats" });
    await delivery.drain();
    expect((await mailsTo(complains)).map((m) => m.subject)).toEqual(["Autumn news"]);

    const metrics = recordMetrics();
    await player.play();
    expect(await isSubscribed(ctx, complains)).toBe(false);
    const state = await getMailState(ctx, complains);
    expect(state).toMatchObject({ complaintAbout: "newsletter" });
    expect(describeMailState(state)).toMatch(
      /^Complaint about a newsletter on .*: newsletter suppressed$/,
    );
    expect(metrics).toContain("MailComplaints");

    await orderMail(test, complains, "Your order TL-3");
    await delivery.drain();
    expect((await mailsTo(complains)).map((m) => m.subject)).toContain("Your order TL-3");
    await delivery.stop();
  });

  it("about an order mail: stops the newsletter, keeps the subscription and order mail", async () => {
    const tag = run();
    const { test, ctx, delivery, player } = await shop(tag);
    const complains = `grumpy-${tag}+complaint@example.com`;
    await setSubscription(ctx, complains, true);
    await orderMail(test, complains, "Your order TL-4");
    await delivery.drain();
    await player.play();
    expect(await getMailState(ctx, complains)).toMatchObject({ complaintAbout: "transactional" });
    expect(await isSubscribed(ctx, complains)).toBe(true);

    await requestNewsletterSend(ctx, { subject: "Winter news", body: "Scarves" });
    await orderMail(test, complains, "Your order TL-5");
    await delivery.drain();
    const subjects = (await mailsTo(complains)).map((m) => m.subject);
    expect(subjects).toContain("Your order TL-5");
    expect(subjects).not.toContain("Winter news");
    await delivery.stop();
  });
});

describe("a soft bounce played by the local SES", () => {
  it("suppresses nothing", async () => {
    const tag = run();
    const { test, ctx, delivery, player } = await shop(tag);
    const full = `full-${tag}+softbounce@example.com`;
    await setSubscription(ctx, full, true);
    await orderMail(test, full, "Your order TL-6");
    await delivery.drain();
    const metrics = recordMetrics();
    await player.play();
    expect(await getMailState(ctx, full)).toBeNull();
    expect(metrics).not.toContain("MailHardBounces");
    await requestNewsletterSend(ctx, { subject: "Spring news", body: "Linen" });
    await orderMail(test, full, "Your order TL-7");
    await delivery.drain();
    const subjects = (await mailsTo(full)).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(["Your order TL-7", "Spring news"]));
    await delivery.stop();
  });
});

describe("the mail-events handler", () => {
  it("logs and drops a malformed body (no failure, so no redelivery), and changes nothing", async () => {
    const { ctx } = await createTestContext();
    const lines: string[] = [];
    setTelemetry({ log: (_level, message) => lines.push(message), count() {} });
    const handler = mailEventsHandler(() => ctx);
    const victim = `victim-${run()}@example.com`;
    const answer = await handler({
      Records: [
        { messageId: "1", body: "not json" },
        { messageId: "2", body: JSON.stringify({ eventType: "Bounce" }) },
        {
          messageId: "3",
          body: JSON.stringify({
            eventType: "Bounce",
            bounce: {
              bounceType: "Permanent",
              bouncedRecipients: [{ emailAddress: "not an address" }, { emailAddress: victim }],
              timestamp: "2026-11-29T10:00:00.000Z",
            },
            mail: { messageId: "m" },
          }),
        },
      ],
    });
    expect(answer.batchItemFailures).toEqual([]);
    expect(lines.filter((l) => l === "malformed mail event dropped")).toHaveLength(3);
    expect(await getMailState(ctx, victim)).toBeNull();
  });
});

describe("sending through a configuration set", () => {
  it("names the transactional set, or the newsletter's for a newsletter, and tags the kind", async () => {
    const { env } = await createTestContext();
    const ctx = createContext(
      loadConfig({
        ...env,
        MAIL_CONFIGURATION_SET: "shop-transactional",
        NEWSLETTER_CONFIGURATION_SET: "shop-newsletter",
      }),
    );
    const ses = await ctx.ses();
    const sent: Array<{ set?: string; tags?: Array<{ Name?: string; Value?: string }> }> = [];
    ses.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as {
          ConfigurationSetName?: string;
          EmailTags?: Array<{ Name?: string; Value?: string }>;
        };
        sent.push({ set: input.ConfigurationSetName, tags: input.EmailTags });
        return next(args);
      },
      { step: "initialize", name: "recordConfigurationSet" },
    );
    const to = `sets-${run()}@example.com`;
    await sendMail(ctx, { to, subject: "Order", text: "Order" });
    await sendMail(ctx, { to, subject: "News", text: "News", kind: "newsletter" });
    await sendMail(ctx, { to, subject: "Reset", text: "Reset", kind: "security" });
    expect(sent).toEqual([
      { set: "shop-transactional", tags: [{ Name: "kind", Value: "transactional" }] },
      { set: "shop-newsletter", tags: [{ Name: "kind", Value: "newsletter" }] },
      { set: "shop-transactional", tags: [{ Name: "kind", Value: "security" }] },
    ]);
    expect(await mailsTo(to)).toHaveLength(3);
  });
});

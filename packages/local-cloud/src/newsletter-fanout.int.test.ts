// The newsletter's fan-out and the two mailers at scale, against DynamoDB Local: the registry's
// queue consumers (the fan-out's, the transactional mailer's, the newsletter mailer's) run on
// work queues simulated here as SQS keeps them (a message received, deleted when handled,
// visible again when reported failed, with its receive count), fed with the domain events the
// table takes (each queued by the registry's routing, QUEUE_OF, as the dispatcher forwards
// them). SES is a stand-in that records each mail and can answer "Maximum sending rate
// exceeded". The pace of the mailers runs on a virtual clock: no real waiting
// (docs/decisions/038-newsletter-fan-out.md).
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Context, createContext, loadConfig } from "@shop/core/server/context";
import { type DomainEvent, encodeQueueMessage } from "@shop/core/server/events";
import { MailPace, queueMail, setMailPace } from "@shop/core/server/mail";
import {
  getNewsletterSend,
  NEWSLETTER_SEND_REQUESTED,
  requestNewsletterSend,
  setSubscribersPageSizeForTests,
} from "@shop/core/server/newsletter";
import { writeSubscribers } from "@shop/core/testing/newsletter";
import { mailerHandler } from "@shop/functions/lambda/mailers";
import { type BatchResponse, type QueueRecord, queueHandler } from "@shop/functions/lambda/queues";
import { eventsOf, mailRateOf, QUEUE_OF, WORK_QUEUES } from "@shop/functions/registry";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "./testing.ts";

/** SESv2's SendEmail, recorded; `throttle(to)` answers 429 TooManyRequests for that address. */
interface SesStandIn {
  url: string;
  sent: Array<{ to: string; subject: string }>;
  throttled: Set<string>;
  throttleAnswers: number;
  close(): Promise<void>;
}

async function startSes(): Promise<SesStandIn> {
  const stand: Omit<SesStandIn, "url" | "close"> = {
    sent: [],
    throttled: new Set(),
    throttleAnswers: 0,
  };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const input = JSON.parse(body || "{}") as {
        Destination?: { ToAddresses?: string[] };
        Content?: { Simple?: { Subject?: { Data?: string } } };
      };
      const to = input.Destination?.ToAddresses?.[0] ?? "";
      if (stand.throttled.has(to)) {
        stand.throttleAnswers++;
        res.writeHead(429, {
          "content-type": "application/json",
          "x-amzn-errortype": "TooManyRequestsException",
        });
        res.end(JSON.stringify({ message: "Maximum sending rate exceeded." }));
        return;
      }
      stand.sent.push({ to, subject: input.Content?.Simple?.Subject?.Data ?? "" });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ MessageId: randomUUID() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stand, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

interface Message {
  messageId: string;
  event: DomainEvent;
  receives: number;
}

/**
 * The stage's work queues as SQS keeps them, fed by the table's domain events (a middleware on
 * the context's table client sees each event item a write put, once the write succeeded).
 */
function workQueues(ctx: Context) {
  const queues = new Map<string, Message[]>(WORK_QUEUES.map(({ queue }) => [queue, []]));
  /** The most receives any message had. */
  let maxReceives = 0;
  /** Every message ever sent to a queue, by queue. */
  const history: Array<{ queue: string; event: DomainEvent }> = [];
  const enqueue = (queue: string, event: DomainEvent) => {
    history.push({ queue, event });
    queues.get(queue)?.push({ messageId: randomUUID(), event, receives: 0 });
  };
  ctx.db.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const input = args.input as {
        TransactItems?: Array<{ Put?: { Item?: Record<string, unknown> } }>;
        Item?: Record<string, unknown>;
      };
      const items = [...(input.TransactItems ?? []).map((t) => t.Put?.Item), input.Item];
      for (const item of items) {
        if (item?.entity !== "event") continue;
        const event = {
          id: String(item.id),
          type: String(item.type),
          payload: item.payload as Record<string, unknown>,
          occurredAt: String(item.occurredAt),
        };
        const queue = QUEUE_OF[event.type];
        if (queue) enqueue(queue, event);
      }
      return result;
    },
    { step: "initialize", name: "workQueuesFromEvents" },
  );
  type Consumer = (event: { Records: QueueRecord[] }) => Promise<BatchResponse>;
  /** Receives a batch of `queue` (its consumer's batch size) and hands it to `consumer`. */
  async function receive(queue: string, consumer: Consumer): Promise<number> {
    const waiting = queues.get(queue) ?? [];
    const batchSize = WORK_QUEUES.find((q) => q.queue === queue)?.trigger.batchSize ?? 1;
    const batch = waiting.splice(0, batchSize);
    if (batch.length === 0) return 0;
    for (const m of batch) maxReceives = Math.max(maxReceives, ++m.receives);
    const { batchItemFailures } = await consumer({
      Records: batch.map((m) => ({ messageId: m.messageId, body: encodeQueueMessage(m.event) })),
    });
    // Reported failed: visible again, with its receives; the others are deleted.
    const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
    waiting.push(...batch.filter((m) => failed.has(m.messageId)));
    return batch.length;
  }
  return {
    queues,
    enqueue,
    receive,
    history,
    waiting: (queue: string) => queues.get(queue)?.length ?? 0,
    maxReceives: () => maxReceives,
  };
}

/** A clock that advances when slept on: the mailers' pace, without waiting. */
function virtualClock() {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
}

const STAGE_RATE = 14;
const run = () => Math.random().toString(36).slice(2, 8);

let ses: SesStandIn;
let env: Record<string, string>;

beforeAll(async () => {
  ses = await startSes();
  env = (await createTestContext()).env;
});
afterAll(async () => {
  await ses.close();
});
afterEach(() => {
  setMailPace("transactional", undefined);
  setMailPace("newsletter", undefined);
  setSubscribersPageSizeForTests(undefined);
});

/**
 * The client's own retry strategy (the SDK's standard one, its maxAttempts, which errors it tries
 * again), without its waits between tries: a throttled SES call waits up to seconds of backoff
 * before each new try, real time the tests would spend on the stand-in's "Maximum sending rate
 * exceeded" (what they check is the queue's delay, not the SDK's).
 */
async function triesWithoutWaiting(client: Awaited<ReturnType<Context["ses"]>>) {
  const standard = await client.config.retryStrategy();
  const Strategy = standard.constructor as new (options: {
    maxAttempts: number;
    backoff: { setDelayBase(delay: number): void; computeNextBackoffDelay(retry: number): number };
  }) => typeof standard;
  const strategy = new Strategy({
    maxAttempts: await client.config.maxAttempts(),
    backoff: { setDelayBase: () => {}, computeNextBackoffDelay: () => 0 },
  });
  client.config.retryStrategy = async () => strategy;
}

/** A context of its own table, whose SES is the stand-in, and the stage's queues around it. */
async function stage() {
  const { ctx: base } = await createTestContext();
  const ctx = createContext(
    loadConfig({ ...env, TABLE_NAME: base.tableName, SES_ENDPOINT: ses.url }),
  );
  await triesWithoutWaiting(await ctx.ses());
  const q = workQueues(ctx);
  const requeued: Array<{ queue: string; delaySeconds: number }> = [];
  const requeueTo = (queue: string) => async (event: DomainEvent, delaySeconds: number) => {
    requeued.push({ queue, delaySeconds });
    q.enqueue(queue, event);
  };
  const consumers = {
    newsletter: queueHandler(eventsOf("newsletterFanout"), () => ctx),
    mail: mailerHandler("mailer", () => ctx, requeueTo("mail")),
    newsletterMail: mailerHandler("newsletterMailer", () => ctx, requeueTo("newsletterMail")),
  };
  return { ctx, q, consumers, requeued };
}

const sentTo = (subject: string) => {
  const counts = new Map<string, number>();
  for (const mail of ses.sent) {
    if (mail.subject === subject) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
  }
  return counts;
};

/**
 * Subscribers of the send at scale, on production's pages of 100: 500 in `npm test` (five pages:
 * the same pages, queues and counts as more; the gate runs it beside the other integration files,
 * where 2,000 took a minute and 20,000 held DynamoDB Local for over 15 minutes, starving them),
 * more on demand: NEWSLETTER_TEST_SUBSCRIBERS=20000 (about 9 minutes alone on two cores).
 */
const SUBSCRIBERS = Math.max(300, Number(process.env.NEWSLETTER_TEST_SUBSCRIBERS ?? 500));

describe("a newsletter at scale", () => {
  it(`queues, sends and counts ${SUBSCRIBERS} mails exactly once each at the stage's rate, while an order's confirmation goes out on its own queue`, async () => {
    const { ctx, q, consumers } = await stage();
    const clock = virtualClock();
    const newsletterRate = mailRateOf("newsletterMailer", STAGE_RATE);
    setMailPace("newsletter", new MailPace(newsletterRate, clock));
    setMailPace("transactional", new MailPace(mailRateOf("mailer", STAGE_RATE), virtualClock()));
    const tag = run();
    const subscribers = Array.from({ length: SUBSCRIBERS }, (_, i) => `s${i}-${tag}@example.com`);
    await writeSubscribers(ctx, subscribers);
    const subject = `Black Friday ${tag}`;
    const send = await requestNewsletterSend(ctx, { subject, body: "Everything -30%." });

    // The fan-out's first three pages, a page a message.
    for (let page = 0; page < 3; page++) {
      expect(q.waiting("newsletter")).toBe(1);
      await q.receive("newsletter", consumers.newsletter);
    }
    expect(q.waiting("newsletterMail")).toBe(300);
    // An order is paid meanwhile: its confirmation is the one message of the mail queue, and goes
    // out at once, while the 300 newsletter mails still wait on theirs.
    const buyer = `buyer-${tag}@example.com`;
    await queueMail(ctx, { to: buyer, subject: `Order confirmation ${tag}`, text: "Thanks" });
    expect(q.waiting("mail")).toBe(1);
    await q.receive("mail", consumers.mail);
    expect(sentTo(`Order confirmation ${tag}`).get(buyer)).toBe(1);
    expect(sentTo(subject).size).toBe(0);
    expect(q.waiting("newsletterMail")).toBe(300);

    // The rest: the fan-out's pages, and the newsletter mailer's batches eight at a time (more
    // than its maxConcurrency, to keep the test short: the pace is the process's, whatever the
    // number of batches at once).
    while (q.waiting("newsletter") + q.waiting("newsletterMail") > 0) {
      await Promise.all([
        q.receive("newsletter", consumers.newsletter),
        ...Array.from({ length: 8 }, () => q.receive("newsletterMail", consumers.newsletterMail)),
      ]);
    }
    // No message came back (a failed one would name the path of a second mail), and nobody
    // was mailed twice (named if one was).
    expect(q.maxReceives()).toBe(1);
    const counts = sentTo(subject);
    expect(counts.size).toBe(SUBSCRIBERS);
    expect([...counts].filter(([, n]) => n !== 1)).toEqual([]);
    expect(await getNewsletterSend(ctx, send.id)).toMatchObject({
      status: "queued",
      total: SUBSCRIBERS,
      queued: SUBSCRIBERS,
      sent: SUBSCRIBERS,
    });
    // At no more than the newsletter's share of the stage's rate (a virtual clock's seconds).
    expect(clock.now()).toBeGreaterThanOrEqual(((SUBSCRIBERS - 1) / newsletterRate) * 1000);

    // Everything delivered again (SQS is at least once): nobody is mailed or counted twice.
    const request = {
      id: randomUUID(),
      type: NEWSLETTER_SEND_REQUESTED,
      occurredAt: "",
      payload: { sendId: send.id },
    };
    q.enqueue("newsletter", request);
    await q.receive("newsletter", consumers.newsletter);
    expect(q.waiting("newsletterMail")).toBe(0);
    expect(q.waiting("newsletter")).toBe(0);
    expect(sentTo(subject).size).toBe(SUBSCRIBERS);
    expect(await getNewsletterSend(ctx, send.id)).toMatchObject({
      queued: SUBSCRIBERS,
      sent: SUBSCRIBERS,
    });
  }, 900_000);
});

describe("a fan-out stopped half-way", () => {
  it("resumes at the page that failed, from its cursor, and mails and counts nobody twice", async () => {
    // Ten pages of 10 (a test-only seam): the send at scale above walks production's pages of 100.
    setSubscribersPageSizeForTests(10);
    const { ctx, q, consumers } = await stage();
    const tag = run();
    const subscribers = Array.from({ length: 100 }, (_, i) => `r${i}-${tag}@example.com`);
    await writeSubscribers(ctx, subscribers);
    // The table refuses the 46th recipient's transaction (page 4, half of it queued): that
    // page's message fails, as a crash or a deadline would leave it.
    let recipientWrites = 0;
    ctx.db.middlewareStack.add(
      (next) => async (args) => {
        const items = (
          args.input as { TransactItems?: Array<{ Put?: { Item?: { sk?: string } } }> }
        ).TransactItems;
        if (items?.[0]?.Put?.Item?.sk?.startsWith("TO#")) {
          recipientWrites++;
          if (recipientWrites === 46) throw new Error("the function stopped here");
        }
        return next(args);
      },
      { step: "initialize", name: "stopHalfWay" },
    );
    const subject = `Half-way ${tag}`;
    const send = await requestNewsletterSend(ctx, { subject, body: "Scarves." });
    while (q.waiting("newsletter") > 0) await q.receive("newsletter", consumers.newsletter);
    // The mailer's batches eight at a time, as in the send at scale above.
    while (q.waiting("newsletterMail") > 0) {
      await Promise.all(
        Array.from({ length: 8 }, () => q.receive("newsletterMail", consumers.newsletterMail)),
      );
    }
    // Page 4's message came back once; pages 0 to 3 were not walked again: 10 recipients
    // tried twice, not the 45 before them.
    expect(q.maxReceives()).toBe(2);
    expect(recipientWrites).toBe(110);
    const counts = sentTo(subject);
    expect(counts.size).toBe(100);
    expect([...counts].filter(([, n]) => n !== 1)).toEqual([]);
    expect(await getNewsletterSend(ctx, send.id)).toMatchObject({
      status: "queued",
      total: 100,
      queued: 100,
      sent: 100,
    });
    // A page's message and a mail's delivered again: nothing more is sent or counted.
    const again = q.history.filter(
      (m) => m.event.type === "newsletter.page.requested" || m.queue === "newsletterMail",
    );
    for (const m of again.slice(0, 3)) q.enqueue(m.queue, m.event);
    for (const m of again.slice(-3)) q.enqueue(m.queue, m.event);
    while (q.waiting("newsletter") + q.waiting("newsletterMail") > 0) {
      await q.receive("newsletter", consumers.newsletter);
      await q.receive("newsletterMail", consumers.newsletterMail);
    }
    expect(sentTo(subject).size).toBe(100);
    expect(ses.sent.filter((m) => m.subject === subject)).toHaveLength(100);
    expect(await getNewsletterSend(ctx, send.id)).toMatchObject({ queued: 100, sent: 100 });
  }, 600_000);
});

describe("a mail SES throttles", () => {
  it("goes back to its queue with a delay, using up none of its receives, and is sent and counted once", async () => {
    const { ctx, q, consumers, requeued } = await stage();
    const tag = run();
    const readers = [`t0-${tag}@example.com`, `t1-${tag}@example.com`];
    await writeSubscribers(ctx, readers);
    const buyer = `tb-${tag}@example.com`;
    const subject = `Throttled ${tag}`;
    const send = await requestNewsletterSend(ctx, { subject, body: "Boots." });
    await q.receive("newsletter", consumers.newsletter);
    await queueMail(ctx, { to: buyer, subject: `Shipped ${tag}`, text: "On its way" });
    // SES refuses every try for these addresses ("Maximum sending rate exceeded"), more times
    // than the queues' receive counts allow.
    for (const to of [...readers, buyer]) ses.throttled.add(to);
    const { maxReceiveCount } = WORK_QUEUES.find((w) => w.queue === "mail")?.trigger ?? {};
    for (let round = 0; round < (maxReceiveCount ?? 5) + 2; round++) {
      await q.receive("mail", consumers.mail);
      await q.receive("newsletterMail", consumers.newsletterMail);
    }
    expect(ses.throttleAnswers).toBeGreaterThanOrEqual(3 * ((maxReceiveCount ?? 5) + 2));
    // Each time a new message, delayed; the one received deleted: no message received twice.
    expect(q.maxReceives()).toBe(1);
    expect(requeued.length).toBe(3 * ((maxReceiveCount ?? 5) + 2));
    expect(requeued.every((r) => r.delaySeconds > 0)).toBe(true);
    expect(q.waiting("mail")).toBe(1);
    expect(q.waiting("newsletterMail")).toBe(2);
    expect(await getNewsletterSend(ctx, send.id)).toMatchObject({ queued: 2, sent: 0 });

    // The rate frees up: each mail goes out once, counted once, even if delivered again.
    ses.throttled.clear();
    const last = q.history.slice(-3);
    await q.receive("mail", consumers.mail);
    await q.receive("newsletterMail", consumers.newsletterMail);
    for (const m of last) q.enqueue(m.queue, m.event);
    await q.receive("mail", consumers.mail);
    await q.receive("newsletterMail", consumers.newsletterMail);
    expect([...sentTo(subject).entries()].sort()).toEqual(readers.map((r) => [r, 1]));
    expect(sentTo(`Shipped ${tag}`).get(buyer)).toBe(1);
    expect(q.waiting("mail") + q.waiting("newsletterMail")).toBe(0);
    expect(await getNewsletterSend(ctx, send.id)).toMatchObject({
      status: "queued",
      queued: 2,
      sent: 2,
    });
  }, 120_000);
});

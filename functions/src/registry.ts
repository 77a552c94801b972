// The shop's Lambda functions, one entry each: what runs it (its trigger), the settings it reads,
// what its role may do (declared here, turned into IAM statements by stacks/functions.ts), the
// statements of its role no journey of the deploy rehearsal can use, and its tuning (an entry's
// shape, and what follows from its kind of trigger: functions/src/function-entry.ts). Read by the
// stacks (stacks/Events.ts, stacks/Web.ts: every function, its trigger, its grants, its alarms),
// by the local cloud (packages/local-cloud/src/functions.ts, scripts/dev.ts: the same handlers on
// the same events, schedules and uploads), by the settings' schema (each function is given the
// names of its settings, SHOP_SETTINGS, and checks them at start) and by the deploy rehearsal
// (packages/rehearsal, which also checks each unreached statement against its role). Adding a
// function is its handler and its entry here (README "Add a function",
// docs/decisions/029-function-registry.md).
//
// Domain events are routed from here too (docs/decisions/004-dispatcher-and-work-queues.md): the
// table's stream has two readers (AWS advises at most two per shard), the dispatcher, which
// forwards the events of every queue entry to that entry's SQS queue and the catalogue's changes
// to the edge purge's queue (docs/decisions/042-two-stream-readers.md), and the order reactions.
// This file imports no core module that runs (only constants and types), so every handler may
// import it at no cost to its cold start.

import { CATALOG_INDEX, SEARCH_INDEX_KEY, UPLOADS_PREFIX } from "@shop/core/catalog";
import type { FunctionEntry, Trigger } from "./function-entry.ts";

// An entry's shape and what follows from its kind, for every reader of the registry.
export * from "./function-entry.ts";

/** What every function that works on the table reads. */
const TABLE_READER = ["STAGE", "NODE_ENV", "TABLE_NAME"] as const;
const PAYING = ["PAYMENTS", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const;
/** Why a mailer's send to its own queue (a mail SES throttled, sent back delayed) is never used. */
const THROTTLED =
  "a mailer sends a mail SES throttled back to its own queue, delayed (docs/decisions/038-newsletter-fan-out.md); the rehearsal's SES stand-in never throttles, and packages/local-cloud/src/newsletter-fanout.int.test.ts plays it";

export const FUNCTIONS = {
  dispatcher: {
    handler: "functions/src/dispatcher.handler",
    does: "forwards the stream's work-item events to their SQS queue (the queue entries), and the catalogue's changes to the edge purge's",
    // Every event of a queue entry: see QUEUED_EVENTS below (filled in once the entries exist).
    trigger: { kind: "stream", events: [] },
    // Only the queues' URLs (the registry's own wiring): no table item, bucket or secret.
    settings: [],
    permissions: [{ queues: "send" }],
    memory: 256,
    timeout: 30,
    // One per stream shard (parallelization factor 1); a table at a sale's peak has a few.
    reserved: 10,
  },
  orderReactions: {
    handler: "functions/src/reactions.handler",
    does: "order, account, stock and return reactions: invoice and credit note PDFs, their e-mails queued, anonymised orders, sold-out flags and back-in-stock e-mails, the sales aggregates, the products' fit counters",
    trigger: {
      kind: "stream",
      events: [
        "order.placed",
        "order.paid",
        "order.shipped",
        "order.delivered",
        "order.canceled",
        "order.deleted",
        "user.deleted",
        "stock.changed",
        "return.refunded",
        "return.received",
        "review.added",
        "review.deleted",
      ],
    },
    settings: [...TABLE_READER, "INVOICES_BUCKET", "APP_URL", "SHOP_TIME_ZONE"],
    permissions: [
      { table: "readWrite" },
      {
        bucket: "invoices",
        actions: ["s3:PutObject"],
        keys: "*",
        why: "puts each paid order's invoice PDF and each refunded return's credit note PDF into the shop's own invoices bucket, one object per order or return keyed by its id, so the key is only known per order or return",
      },
    ],
    memory: 512,
    timeout: 60,
    reserved: 10,
  },
  mailer: {
    handler: "functions/src/mailer.handler",
    does: "sends each queued transactional e-mail (confirmations, password resets, shipping, refunds) through SES, once",
    trigger: {
      kind: "queue",
      queue: "mail",
      events: ["mail.requested"],
      batchSize: 10,
      maxConcurrency: 2,
      maxReceiveCount: 5,
      // Transactional mail first: its share is kept for it, whatever a newsletter sends.
      mailShare: 0.3,
    },
    settings: [
      ...TABLE_READER,
      "INVOICES_BUCKET",
      "MAIL_FROM",
      "MAIL_CONFIGURATION_SET",
      "NEWSLETTER_CONFIGURATION_SET",
      "MAIL_RATE_PER_SECOND",
    ],
    permissions: [
      { table: "readWrite" },
      {
        bucket: "invoices",
        actions: ["s3:GetObject"],
        keys: "*",
        why: "reads any invoice or credit note PDF of the shop's own invoices bucket (one object per order or return, keyed by its id): it attaches the paid order's invoice to its confirmation e-mail and a refunded return's credit note to its refund e-mail",
      },
      { mail: "send" },
    ],
    memory: 512,
    timeout: 60,
    // Its queue's maximum concurrency: the sending rate's share.
    reserved: 2,
    unreached: [{ actions: ["sqs:SendMessage"], resource: { queue: "mail" }, why: THROTTLED }],
  },
  newsletterMailer: {
    handler: "functions/src/newsletter-mailer.handler",
    does: "sends each queued newsletter e-mail through SES, once, and counts it sent",
    trigger: {
      kind: "queue",
      queue: "newsletterMail",
      events: ["newsletter.mail.requested"],
      batchSize: 10,
      maxConcurrency: 2,
      maxReceiveCount: 5,
      // The rest of the stage's rate.
      mailShare: 0.7,
      // 500,000 mails at 9.8 a second take about 14 hours (docs/decisions/038-newsletter-fan-out.md).
      ageAlarmSeconds: 24 * 3600,
    },
    settings: [
      ...TABLE_READER,
      "MAIL_FROM",
      "MAIL_CONFIGURATION_SET",
      "NEWSLETTER_CONFIGURATION_SET",
      "MAIL_RATE_PER_SECOND",
    ],
    permissions: [{ table: "readWrite" }, { mail: "send" }],
    memory: 512,
    timeout: 60,
    reserved: 2,
    unreached: [
      { actions: ["sqs:SendMessage"], resource: { queue: "newsletterMail" }, why: THROTTLED },
    ],
  },
  mailEvents: {
    handler: "functions/src/mail-events.handler",
    does: "records SES's hard bounces and complaints, which suppress mail to the address (a newsletter complaint unsubscribes it)",
    trigger: { kind: "mailEvents", batchSize: 10, maxConcurrency: 2, maxReceiveCount: 5 },
    settings: [...TABLE_READER],
    permissions: [{ table: "readWrite" }],
    memory: 256,
    timeout: 30,
    reserved: 2,
  },
  newsletterFanout: {
    handler: "functions/src/newsletter-fanout.handler",
    does: "queues one newsletter e-mail per subscriber, once (it signs each unsubscribe link)",
    trigger: {
      kind: "queue",
      queue: "newsletter",
      // One page of subscribers a message, the next page's message queued with its cursor.
      events: ["newsletter.send.requested", "newsletter.page.requested"],
      batchSize: 1,
      maxConcurrency: 2,
      maxReceiveCount: 3,
    },
    settings: [...TABLE_READER, "APP_URL", "SESSION_SECRET"],
    permissions: [{ table: "readWrite" }],
    memory: 512,
    // One page of 100 subscribers: a few seconds.
    timeout: 60,
    reserved: 2,
  },
  expireAbandonedOrders: {
    handler: "functions/src/expire-abandoned-orders.handler",
    does: "gives up orders whose payment is still awaited 30 minutes on, cancelling it at Stripe",
    trigger: { kind: "schedule", schedule: "rate(5 minutes)", localEveryMs: 60_000 },
    settings: [...TABLE_READER, ...PAYING],
    permissions: [{ table: "readWrite" }],
    // It walks a page of abandoned orders at a time.
    timeout: 300,
    reserved: 2,
  },
  imageVariants: {
    handler: "functions/src/image-variants.handler",
    does: "makes an uploaded product photo's AVIF and WebP variants, then records their state",
    trigger: {
      kind: "upload",
      bucket: "images",
      prefix: UPLOADS_PREFIX,
      events: ["ObjectCreated"],
    },
    settings: [...TABLE_READER, "IMAGES_BUCKET"],
    permissions: [
      {
        bucket: "images",
        actions: ["s3:GetObject"],
        keys: `${UPLOADS_PREFIX}*`,
        why: "reads the admins' uploads under products/ of the shop's own images bucket; each upload has a random name, known only from S3's notification",
      },
      {
        // Never under products/, which would notify it again.
        bucket: "images",
        actions: ["s3:PutObject"],
        keys: "variants/*",
        why: "writes an upload's variants under variants/ of the shop's own images bucket, named after the upload's random name",
      },
      // The outcome: an item in the product's partition and the product's map of states with
      // the catalogue version (a transaction of two updates). Items of products and the version.
      {
        table: ["dynamodb:PutItem", "dynamodb:UpdateItem"],
        leadingKeys: ["PRODUCT#*", "CATALOG"],
      },
    ],
    // A 4000-pixel photo to four widths in two formats: a few seconds with two vCPUs.
    memory: 2048,
    timeout: 120,
    native: "sharp",
  },
  stripeWebhook: {
    handler: "functions/src/stripe-webhook.handler",
    does: "verifies Stripe's events and hands them to core (payments, refunds)",
    trigger: {
      kind: "url",
      output: "StripeWebhookUrl",
      caller:
        "answers Stripe through its function URL (a synchronous invocation); Stripe retries an unanswered event for up to three days",
    },
    settings: [...TABLE_READER, ...PAYING],
    permissions: [{ table: "readWrite" }],
    timeout: 20,
    // 50 paid orders/s with Stripe's other events and retries, about 0.2 s each: ~15 at once.
    reserved: 40,
  },
  edgePurge: {
    handler: "functions/src/edge-purge.handler",
    does: "invalidates the storefront paths a batch of catalogue changes makes stale, and publishes the search index anew",
    // The dispatcher forwards the changes; the poller gathers them 5 s, as the stream's mapping
    // did, so a busy minute is a few invalidations (CloudFront allows 15 wildcard ones at once).
    trigger: {
      kind: "changes",
      queue: "catalogueChanges",
      changes: "catalogue",
      batchSize: 100,
      batchingWindowSeconds: 5,
      maxConcurrency: 2,
      maxReceiveCount: 5,
    },
    settings: [...TABLE_READER, "SEARCH_BUCKET", "SITE_DISTRIBUTION_ID", "LOW_STOCK_THRESHOLD"],
    permissions: [
      { distribution: "invalidate" },
      // The search index (docs/decisions/021-search.md): the catalogue version and the
      // catalogue's products read, the one object read (its version) and written.
      { table: ["dynamodb:GetItem", "dynamodb:Query"], indexes: [CATALOG_INDEX] },
      { bucket: "search", actions: ["s3:GetObject", "s3:PutObject"], keys: SEARCH_INDEX_KEY },
    ],
    memory: 256,
    timeout: 60,
    reserved: 5,
  },
  markdownPurge: {
    handler: "functions/src/markdown-purge.handler",
    does: "marks the products whose price changed because a sale started or ended since its last run, so the edge purge invalidates their pages",
    // A sale starts and ends at a day's first moment in the shop's time zone; a quarter of an
    // hour late at most. The purge itself is the edge purge's (the products' stream records).
    trigger: { kind: "schedule", schedule: "rate(15 minutes)", localEveryMs: 60_000 },
    settings: [...TABLE_READER, "SHOP_TIME_ZONE"],
    // The catalogue and the last run read; the products changed marked, the run written.
    permissions: [{ table: "readWrite" }],
    memory: 256,
    timeout: 60,
    reserved: 1,
  },
  migrations: {
    // Written at synthesis, one import per migration file (stacks/migrations.ts).
    handler: "migrations",
    does: "applies the pending data migrations on every deploy, then publishes the search index",
    trigger: { kind: "deploy" },
    settings: [
      ...TABLE_READER,
      "IMAGES_BUCKET",
      "SEARCH_BUCKET",
      "LOW_STOCK_THRESHOLD",
      "SHOP_TIME_ZONE",
    ],
    permissions: [
      { table: "readWrite" },
      // Migration 001 finds the accounts without the customers list's key with a Scan: never on
      // a request path, only here (docs/architecture.md §2).
      { table: ["dynamodb:Scan"] },
      // Migration 003 copies old photos onto themselves (HeadObject, CopyObject), so S3 notifies
      // the image-variants function of them.
      {
        bucket: "images",
        actions: ["s3:GetObject", "s3:PutObject"],
        keys: `${UPLOADS_PREFIX}*`,
        why: "copies the shop's own product photos under products/ onto themselves (named by product and upload) so that S3 notifies the image-variants function of photos uploaded before it",
      },
      { bucket: "search", actions: ["s3:GetObject", "s3:PutObject"], keys: SEARCH_INDEX_KEY },
    ],
    memory: 1024,
    // Lambda's longest: the migrations stop a margin before it (functions/src/migrate.ts).
    timeout: 900,
  },
} as const satisfies Record<string, FunctionEntry>;

export type FunctionName = keyof typeof FUNCTIONS;

/** Every entry, typed as the registry's shape (each entry's own type is narrower). */
export const ENTRIES = Object.entries(FUNCTIONS) as Array<[FunctionName, FunctionEntry]>;

type Queued = Extract<Trigger, { kind: "queue" }>;

/** The entries whose trigger is of `kind`, with that trigger. */
export function entriesOf<K extends Trigger["kind"]>(kind: K) {
  return ENTRIES.flatMap(([name, entry]) =>
    entry.trigger.kind === kind
      ? [{ name, entry, trigger: entry.trigger as Extract<Trigger, { kind: K }> }]
      : [],
  );
}

/** The work queues: each queue entry's queue, by queue name. */
export const WORK_QUEUES: ReadonlyArray<{
  queue: string;
  consumer: FunctionName;
  trigger: Queued;
}> = entriesOf("queue").map(({ name, trigger }) => ({
  queue: trigger.queue,
  consumer: name,
  trigger,
}));

/** The changes queues: each changes entry's queue (the edge purge's), by queue name. */
export const CHANGE_QUEUES: ReadonlyArray<{
  queue: string;
  consumer: FunctionName;
  trigger: Extract<Trigger, { kind: "changes" }>;
}> = entriesOf("changes").map(({ name, trigger }) => ({
  queue: trigger.queue,
  consumer: name,
  trigger,
}));

/** The dispatch rule of changes: which kind of change goes to which queue. */
export const CHANGES_QUEUE_OF: Readonly<Partial<Record<"catalogue", string>>> = Object.fromEntries(
  CHANGE_QUEUES.map(({ queue, trigger }) => [trigger.changes, queue]),
);

/** The dispatch rule: event type → its work queue. */
export const QUEUE_OF: Readonly<Record<string, string>> = Object.fromEntries(
  WORK_QUEUES.flatMap(({ queue, trigger }) => trigger.events.map((type) => [type, queue])),
);

/** The readers of the table's stream that take domain events, with their event types. */
export function eventReaders(): Array<{ name: FunctionName; events: readonly string[] }> {
  return entriesOf("stream").map(({ name, trigger }) => ({
    name,
    events: name === "dispatcher" ? Object.keys(QUEUE_OF) : trigger.events,
  }));
}

/** The event types a stream reader or a queue's consumer handles. */
export function eventsOf(name: FunctionName): readonly string[] {
  const trigger = FUNCTIONS[name].trigger as Trigger;
  if (trigger.kind === "queue") return trigger.events;
  if (trigger.kind === "stream") {
    return name === "dispatcher" ? Object.keys(QUEUE_OF) : trigger.events;
  }
  throw new Error(`the ${name} function reads no events`);
}

/**
 * A mailer instance's rate (mails a second): its entry's share of the stage's SES rate, split
 * between its concurrent instances.
 */
export function mailRateOf(name: FunctionName, stageRatePerSecond: number): number {
  const trigger = FUNCTIONS[name].trigger as Trigger;
  if (trigger.kind !== "queue" || trigger.mailShare === undefined) {
    throw new Error(`the ${name} function sends no mail of a queue`);
  }
  return (stageRatePerSecond * trigger.mailShare) / trigger.maxConcurrency;
}

/** The environment variable that gives the dispatcher a queue's URL. */
export const queueUrlVariable = (queue: string) => `QUEUE_URL_${queue.toUpperCase()}`;

// The shop's Lambda functions, one entry each: what runs it (its trigger), the settings it reads,
// what its role may do (declared here, turned into IAM statements by stacks/functions.ts) and its
// tuning. Read by the stacks (stacks/Events.ts, stacks/Web.ts: every function, its trigger, its
// grants, its alarms), by the local cloud (packages/local-cloud/src/functions.ts, scripts/dev.ts:
// the same handlers on the same events, schedules and uploads), by the settings' schema (each
// function is given the names of its settings, SHOP_SETTINGS, and checks them at start) and by
// the deploy rehearsal (packages/rehearsal). Adding a function is its handler and its entry here
// (README "Add a function", docs/decisions/029-function-registry.md).
//
// Domain events are routed from here too (docs/decisions/004-dispatcher-and-work-queues.md): the
// table's stream has two readers (AWS advises at most two per shard), the dispatcher, which
// forwards the events of every queue entry to that entry's SQS queue and the catalogue's changes
// to the edge purge's queue (docs/decisions/042-two-stream-readers.md), and the order reactions.
// This file imports no core module that runs (only constants and types), so every handler may
// import it at no cost to its cold start.

import { CATALOG_INDEX, SEARCH_INDEX_KEY, UPLOADS_PREFIX } from "@shop/core/catalog";
import type { SettingName } from "@shop/core/server/context";

/** What makes a function run. */
export type Trigger =
  /**
   * An SQS work queue of its own, fed by the dispatcher with these events; failed messages are
   * reported one by one, received `maxReceiveCount` times at most, then dead-lettered.
   */
  | {
      kind: "queue";
      /** The queue's name (its construct is `<Queue>Queue`, its URL variable QUEUE_URL_<QUEUE>). */
      queue: string;
      events: readonly string[];
      /** Messages per invocation, handled one after the other. */
      batchSize: number;
      /** Concurrent invocations at most. */
      maxConcurrency: number;
      /** Receives before a message is set aside in the dead-letter queue. */
      maxReceiveCount: number;
      /**
       * A mailer's share of the stage's SES rate (MAIL_RATE_PER_SECOND), split between its
       * concurrent instances (mailRateOf). A mail SES throttles is sent back to the queue with a
       * delay, as a new message (its role may send to its own queue), so it uses up no receives
       * (docs/decisions/038-newsletter-fan-out.md).
       */
      mailShare?: number;
      /**
       * The queue's oldest message may wait this long before its alarm (stacks/alarms.ts's
       * queueAgeSeconds by default): a newsletter's mails wait their turn at SES's rate for hours.
       */
      ageAlarmSeconds?: number;
    }
  /**
   * A reader of the table's stream: inserted domain events of these types. Every reader reports
   * its batch's first failure (Lambda's ReportBatchItemFailures): the records before it are not
   * run again. The stream has two readers at most (AWS's advice; stacks/stacks.infra.test.ts
   * counts them): a new reaction is an event of one of them or a queue's.
   */
  | {
      kind: "stream";
      events: readonly string[];
    }
  /**
   * Changes of the table's items, not events, forwarded by the dispatcher to an SQS queue of the
   * function's own (docs/decisions/042-two-stream-readers.md). `changes: "catalogue"`: the items
   * cached pages show (core/src/edge-cache: products, slug claims, stock, released slug claims),
   * each message the record cut down to what the purge reads. Consumed in batches gathered over a
   * window, failures reported one by one, a message received `maxReceiveCount` times set aside in
   * the queue's dead-letter queue.
   */
  | {
      kind: "changes";
      /** The queue's name (its construct is `<Queue>Queue`, its URL variable QUEUE_URL_<QUEUE>). */
      queue: string;
      changes: "catalogue";
      /** Messages per invocation at most (over 10, SQS's poller needs a window). */
      batchSize: number;
      /** Seconds the poller gathers messages before a batch (SQS event source's window). */
      batchingWindowSeconds: number;
      maxConcurrency: number;
      maxReceiveCount: number;
    }
  /**
   * An EventBridge schedule (asynchronous: retried twice, then its dead-letter queue). Locally
   * (npm start) a timer runs the handler every `localEveryMs`.
   */
  | { kind: "schedule"; schedule: `rate(${string})` | `cron(${string})`; localEveryMs: number }
  /** S3's notification of objects created under `prefix` of a bucket (asynchronous, like a schedule). */
  | { kind: "upload"; bucket: "images"; prefix: string; events: readonly ["ObjectCreated"] }
  /**
   * SES's bounce and complaint events (docs/decisions/037-mail-reputation.md): the configuration
   * sets' event destinations publish to the MailEvents SNS topic, which delivers each event raw
   * to an SQS queue of its own; consumed in batches, failures reported one by one, a message
   * received `maxReceiveCount` times set aside in the queue's dead-letter queue.
   */
  | { kind: "mailEvents"; batchSize: number; maxConcurrency: number; maxReceiveCount: number }
  /** A function URL, public (the handler authenticates each call), given as the stack output `output`. */
  | { kind: "url"; output: string; caller: string }
  /** SST's Script: run by every deploy of the stage, which fails with it (stacks/migrations.ts). */
  | { kind: "deploy" };

/** The stage's buckets, as the stacks name them. */
export type BucketName = "invoices" | "images" | "search";

/** What a function's role may do, beyond its trigger's own permissions (stacks/functions.ts). */
export type Permission =
  /** Core's data access on the table and its indexes (stacks/permissions.ts tableReadWrite). */
  | { table: "readWrite" }
  /**
   * These table actions only: on the table itself, and on the `indexes` named; with
   * `leadingKeys`, only on items whose partition key matches one of them.
   */
  | {
      table: readonly `dynamodb:${string}`[];
      indexes?: readonly string[];
      leadingKeys?: readonly string[];
    }
  /**
   * These object actions on `keys` of a bucket: a key, or a prefix ending in "*" ("*" is every
   * object). A wildcard needs `why`: it is the justification AWS's rule packs are given.
   */
  | { bucket: BucketName; actions: readonly `s3:${string}`[]; keys: string; why?: string }
  /** Sends e-mail from the shop's SES identity. */
  | { mail: "send" }
  /** Sends to every work queue (the queue and changes entries' queues): the dispatcher's. */
  | { queues: "send" }
  /** Creates invalidations on the storefront's CloudFront distribution. */
  | { distribution: "invalidate" };

export interface FunctionEntry {
  /** SST's handler: the file under functions/src and its export. */
  handler: `functions/src/${string}.handler` | "migrations";
  /** Why it exists, in a line (the docs and the rehearsal's report). */
  does: string;
  trigger: Trigger;
  /** The settings it reads (core/src/context/settings.ts): exactly what the stacks give it. */
  settings: readonly SettingName[];
  permissions: readonly Permission[];
  /** Memory (MB, 1024 by default) and timeout (seconds). */
  memory?: number;
  timeout: number;
  /** One-off wiring the entry asks for: sharp's native binaries (x86_64, copied beside the bundle). */
  native?: "sharp";
  /**
   * Concurrent executions set aside for it on staging and production (Lambda's reserved
   * concurrency, also its ceiling), so that a flood of page views on the site, which shares the
   * account's limit, cannot starve it (docs/decisions/040-capacity-model.md). Sized from its peak rate × its
   * duration, with room; RESERVED_CONCURRENCY_BUDGET bounds the sum.
   */
  reserved?: number;
}

/**
 * Lambda's concurrency limit of an account (1,000 by default; a new account may start lower and
 * must ask for it) and what must stay unreserved (100: AWS refuses a reservation that leaves
 * less). The reservations together stay within the difference, and the site gets the rest.
 */
export const ACCOUNT_CONCURRENCY = 1000;
export const UNRESERVED_MINIMUM = 100;
export const RESERVED_CONCURRENCY_BUDGET = 200;

/** What every function that works on the table reads. */
const TABLE_READER = ["STAGE", "NODE_ENV", "TABLE_NAME"] as const;
const PAYING = ["PAYMENTS", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

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

/** Whether an S3 notification's record (event name, key) is one an upload entry takes. */
export const takesUpload = (
  trigger: Extract<Trigger, { kind: "upload" }>,
  eventName: string,
  key: string,
) =>
  trigger.events.some((name) => eventName.startsWith(`${name}:`)) && key.startsWith(trigger.prefix);

/**
 * The functions invoked asynchronously (a schedule's rule, S3's notification): a failure is
 * retried twice by Lambda, then kept in the function's dead-letter queue.
 */
export const invokedAsynchronously = (entry: FunctionEntry) =>
  entry.trigger.kind === "schedule" || entry.trigger.kind === "upload";

/** The functions that read the table's stream (an event source mapping with an on-failure queue). */
export const readsTheStream = (entry: FunctionEntry) => entry.trigger.kind === "stream";

// What an entry of the function registry (functions/src/registry.ts) is: its trigger, its
// permissions, its tuning, the statements of its role that no journey of the deploy rehearsal can
// use; and what follows from the kind of trigger alone (asynchronous invocation, the stream,
// which upload records it takes, the statements Lambda itself uses: unreachedOf). Like the
// registry, it imports no core module that runs (only types).

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
  /**
   * The statements of its role that no journey of the deploy rehearsal can use, beyond those of
   * every function of its kind (unreachedOf), each on a resource the registry names, with why.
   */
  unreached?: readonly EntryUnreached[];
}

/**
 * Lambda's concurrency limit of an account (1,000 by default; a new account may start lower and
 * must ask for it) and what must stay unreserved (100: AWS refuses a reservation that leaves
 * less). The reservations together stay within the difference, and the site gets the rest.
 */
export const ACCOUNT_CONCURRENCY = 1000;
export const UNRESERVED_MINIMUM = 100;
export const RESERVED_CONCURRENCY_BUDGET = 200;

/**
 * A resource of the stage, named as the stacks build it: the construct at `construct`, its path
 * in its stack ("MailQueue", "Site/S3Bucket"), whose logical id is the path's letters and digits
 * with CDK's 8-character hash; by its ARN or, with `objects`, its objects' (`<bucket ARN>/*`).
 * "*" is a statement's `Resource: "*"` and nothing else.
 */
export type PinnedResource = "*" | { construct: string; objects?: true };

/**
 * A statement of a role that no journey of the deploy rehearsal can use
 * (packages/rehearsal/src/coverage.ts, docs/decisions/027-permissions-both-ways.md): exactly these
 * actions, its effect (Allow unless said), each of its resources among `resources`; with why no
 * journey can use it. One that matches no statement of its role fails the rehearsal.
 */
export interface Unreached {
  actions: readonly string[];
  effect?: "Deny";
  resources: readonly PinnedResource[];
  why: string;
}

/** An entry's own unreached statement, on a resource of the registry: a work queue, by name. */
export interface EntryUnreached {
  actions: readonly string[];
  resource: { queue: string };
  why: string;
}

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

/** A registry name as the stacks' construct ids begin: `newsletterMail` → `NewsletterMail`. */
export const pascal = (name: string) => `${name[0]?.toUpperCase()}${name.slice(1)}`;

/** A work queue's construct (stacks/functions.ts): the mail queue's is `MailQueue`. */
export const queueConstruct = (queue: string) => `${pascal(queue)}Queue`;

/** A function's own dead-letter queue (stacks/Events.ts): the dispatcher's is `DispatcherDeadLetters`. */
const deadLettersConstruct = (name: string) => `${pascal(name)}DeadLetters`;

/** X-Ray's grant: every function traces actively (stacks/all.ts; the site, stacks/Web.ts). */
export const ACTIVE_TRACING: Unreached = {
  actions: ["xray:PutTraceSegments", "xray:PutTelemetryRecords"],
  resources: ["*"],
  why: "active tracing: Lambda's runtime sends the trace segments through its X-Ray daemon, not the function's code, and the rehearsal runs no daemon",
};

/**
 * The statements of the role of the function `name` that no journey can use: X-Ray's, Lambda's
 * own sends to the function's dead-letter queue once its retries are spent (a stream reader's
 * on-failure destination, an asynchronous invocation's dead-letter queue), and its entry's own.
 */
export function unreachedOf(name: string, entry: FunctionEntry): Unreached[] {
  const deadLetters = [{ construct: deadLettersConstruct(name) }];
  return [
    ACTIVE_TRACING,
    ...(readsTheStream(entry)
      ? [
          {
            actions: ["sqs:SendMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl"],
            resources: deadLetters,
            why: "the stream mapping's on-failure destination: Lambda sends a batch there only once its retries are exhausted, and every batch of the journey succeeds (a failing one fails the rehearsal)",
          },
        ]
      : []),
    ...(invokedAsynchronously(entry)
      ? [
          {
            actions: ["sqs:SendMessage"],
            resources: deadLetters,
            why: "the dead-letter queue of its asynchronous invocations (the schedule's, S3's notification's): Lambda sends an event there only once every retry failed, and every invocation of the journey succeeds",
          },
        ]
      : []),
    ...(entry.unreached ?? []).map(({ actions, resource, why }) => ({
      actions,
      resources: [{ construct: queueConstruct(resource.queue) }],
      why,
    })),
  ];
}

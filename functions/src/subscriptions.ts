// Where each domain event goes: the one routing table, read by stacks/Events.ts (event source
// mappings, queues, permissions) and by packages/local-cloud/src/functions.ts (the local cloud's
// delivery), so AWS and a laptop route events the same way
// (docs/decisions/004-dispatcher-and-work-queues.md).
//
// The table's stream has two readers (AWS advises at most two per shard):
// - the dispatcher forwards the events that are work items (QUEUES) to their SQS queue, where
//   their consumer function takes them, retried message by message, then dead-lettered;
// - the invoice function runs the order reactions itself (it needs the invoices bucket), among
//   them the anonymisation of a deleted account's orders (core/src/accounts/order-anonymisation.server.ts),
//   the reactions to stock changes (core/src/inventory, core/src/catalog/availability) and the
//   sales aggregates of every order event (core/src/insights).

import { UPLOADS_PREFIX } from "@shop/core/catalog";
import type { FunctionRole } from "@shop/core/server/context";

/** SQS work queues: the events each receives and the function that consumes them. */
export const QUEUES = {
  /** Queued e-mails (mail.requested) → SES, once per request. */
  mail: {
    events: ["mail.requested"],
    consumer: { name: "mailer", handler: "functions/src/mailer.handler" },
    /** Messages per invocation, sent one after the other. */
    batchSize: 10,
    /** Concurrent invocations at most: keeps the sending rate within SES's quota. */
    maxConcurrency: 2,
    timeoutSeconds: 60,
    /** Receives before a message is set aside in the dead-letter queue. */
    maxReceiveCount: 5,
  },
  /** Newsletter sends (newsletter.send.requested) → one queued e-mail per subscriber. */
  newsletter: {
    events: ["newsletter.send.requested"],
    consumer: { name: "newsletterFanout", handler: "functions/src/newsletter-fanout.handler" },
    batchSize: 1,
    maxConcurrency: 2,
    timeoutSeconds: 300,
    maxReceiveCount: 3,
  },
} as const;

export type QueueName = keyof typeof QUEUES;

/** The functions that read the table's stream, each with a filter on its event types. */
export const STREAM_CONSUMERS = {
  /** Forwards every event of QUEUES to its queue; may only send to those queues. */
  dispatcher: {
    handler: "functions/src/dispatcher.handler",
    events: Object.values(QUEUES).flatMap((q) => [...q.events]),
  },
  /**
   * order.paid → invoice PDF + confirmation e-mail queued; order.shipped → shipped notice;
   * user.deleted → the account's orders anonymised; stock.changed → the catalogue's sold-out
   * flags, and back-in-stock e-mails queued; every order event → the sales aggregates;
   * return.refunded → credit note PDF + refund e-mail queued, and the refund off the day's revenue.
   */
  invoice: {
    handler: "functions/src/invoice.handler",
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
    ],
  },
} as const;

export type StreamConsumerName = keyof typeof STREAM_CONSUMERS;

/** The dispatch rule: event type → its work queue. */
export const QUEUE_OF: Readonly<Record<string, QueueName>> = Object.fromEntries(
  (Object.entries(QUEUES) as Array<[QueueName, (typeof QUEUES)[QueueName]]>).flatMap(
    ([name, queue]) => queue.events.map((type) => [type, name] as const),
  ),
);

/** The environment variable that gives the dispatcher a queue's URL. */
export const queueUrlVariable = (queue: QueueName) => `QUEUE_URL_${queue.toUpperCase()}`;

/**
 * Functions run on a schedule (stacks/Events.ts gives each the table, an errors alarm and the
 * secrets its role reads in core/src/context/settings.ts; nothing else). Locally, scripts/dev.ts
 * runs them on a timer.
 */
export const SCHEDULED_JOBS: Readonly<
  Record<
    string,
    { role: FunctionRole; handler: string; schedule: `rate(${string})` | `cron(${string})` }
  >
> = {
  /** Orders whose payment is still awaited 30 minutes on: cancelled, their promotion given back. */
  expireAbandonedOrders: {
    role: "expireAbandonedOrders",
    handler: "functions/src/expire-abandoned-orders.handler",
    schedule: "rate(5 minutes)",
  },
};

/**
 * Functions invoked by an object created in the images bucket: S3 notifies them on AWS
 * (stacks/image-variants.ts), and the local cloud calls the same handler after each upload to
 * its S3 (packages/local-cloud/src/functions.ts). The prefix is the uploads' folder; the
 * variants are written under another one (core/src/catalog/image-variants.ts), so a function
 * never triggers itself.
 */
export const UPLOAD_CONSUMERS = {
  /** An admin's product photo → its AVIF and WebP variants, then its state on the product. */
  imageVariants: {
    role: "imageVariants",
    handler: "functions/src/image-variants.handler",
    bucket: "images",
    events: ["ObjectCreated"],
    prefix: UPLOADS_PREFIX,
  },
} as const satisfies Record<
  string,
  {
    role: FunctionRole;
    handler: string;
    bucket: "images";
    events: readonly ["ObjectCreated"];
    prefix: string;
  }
>;

/** Whether an S3 notification's record (event name, key) is one an upload consumer takes. */
export const takesUpload = (
  consumer: (typeof UPLOAD_CONSUMERS)[keyof typeof UPLOAD_CONSUMERS],
  eventName: string,
  key: string,
) =>
  consumer.events.some((name) => eventName.startsWith(`${name}:`)) &&
  key.startsWith(consumer.prefix);

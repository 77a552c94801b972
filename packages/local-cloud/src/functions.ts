// Local stand-in for the functions' triggers (stacks/functions.ts), read from the same registry
// (functions/src/registry.ts): each batch of the table's stream goes to the stream readers' own
// handlers, with the same routing; the catalogue's changes to the edge purge's (a reader of its
// own); S3's notifications to the upload entries'; schedules run on a timer. The dispatcher runs core's
// dispatchToQueues with an in-process queue: a "queue" is its consumer's handler, called at once
// with SQS-shaped messages, so the mailer and the newsletter fan-out run the files Lambda runs.
// Any failure (a stream handler throwing, a message reported failed) throws, and the local
// cloud's stream reader retries the batch, then writes it to its dead-letter file; every
// reaction is idempotent, so the redelivered part does nothing twice.
import { type DomainEvent, encodeQueueMessage, type StreamRecord } from "@shop/core/server/events";
import {
  type BatchResponse,
  dispatchToQueues,
  type QueueRecord,
  type QueueSend,
} from "@shop/functions/lambda/queues";
import {
  entriesOf,
  eventReaders,
  FUNCTIONS,
  type FunctionName,
  QUEUE_OF,
  takesUpload,
  WORK_QUEUES,
} from "@shop/functions/registry";
import type { S3Notification } from "s3rver";

type StreamHandler = (event: { Records: StreamRecord[] }) => Promise<BatchResponse | undefined>;
type QueueConsumer = (event: { Records: QueueRecord[] }) => Promise<BatchResponse>;

/** The export `handler` of a function of the registry (its file under functions/src). */
export async function loadHandler<H>(name: FunctionName): Promise<H> {
  const { handler } = FUNCTIONS[name];
  if (!handler.startsWith("functions/src/")) throw new Error(`${name} has no handler file`);
  const file = handler.replace(/^functions\/src\//, "").replace(/\.handler$/, "");
  return ((await import(`@shop/functions/${file}`)) as { handler: H }).handler;
}

/** An in-process queue: sending is running the queue's consumer on the messages. */
export async function inProcessQueues(): Promise<QueueSend> {
  const consumers = Object.fromEntries(
    await Promise.all(
      WORK_QUEUES.map(
        async ({ queue, consumer }) => [queue, await loadHandler<QueueConsumer>(consumer)] as const,
      ),
    ),
  ) as Record<string, QueueConsumer>;
  return async (queue: string, events: DomainEvent[]) => {
    const consumer = consumers[queue];
    if (!consumer) throw new Error(`no queue named ${queue}`);
    const { batchItemFailures } = await consumer({
      Records: events.map((event) => ({ messageId: event.id, body: encodeQueueMessage(event) })),
    });
    return batchItemFailures.map((f) => f.itemIdentifier);
  };
}

/**
 * A stream reader's handler as the local stream delivery takes it: an item failure it reports
 * throws, so the batch is retried (then dead-lettered) as a failing batch is.
 */
export function throwingOnFailures<E>(
  name: string,
  handler: (event: E) => Promise<BatchResponse | undefined | void>,
): (event: E) => Promise<void> {
  return async (event) => {
    const failures = (await handler(event))?.batchItemFailures ?? [];
    if (failures.length > 0) throw new Error(`${name}: ${failures.length} item(s) failed`);
  };
}

export async function localStreamHandlers(): Promise<
  (event: { Records: StreamRecord[] }) => Promise<void>
> {
  const handlers: Array<[string, StreamHandler]> = await Promise.all(
    eventReaders().map(
      async ({ name }): Promise<[string, StreamHandler]> =>
        name === "dispatcher"
          ? [name, dispatchToQueues(QUEUE_OF, await inProcessQueues())]
          : [name, await loadHandler<StreamHandler>(name)],
    ),
  );
  return async (event) => {
    for (const [name, handler] of handlers) await throwingOnFailures(name, handler)(event);
  };
}

/**
 * The readers of the catalogue's changes (the edge purge), each called with every batch of the
 * changes reader (LocalCloud.deliverChanges: the same filter, core/src/edge-cache).
 */
export async function localChangeHandlers(): Promise<
  (event: { Records: StreamRecord[] }) => Promise<void>
> {
  const handlers = await Promise.all(
    entriesOf("stream")
      .filter(({ trigger }) => "changes" in trigger)
      .map(async ({ name }) => [name, await loadHandler<StreamHandler>(name)] as const),
  );
  return async (event) => {
    for (const [name, handler] of handlers) await throwingOnFailures(name, handler)(event);
  };
}

/**
 * The upload entries' own handlers (functions/src/registry.ts), each given the records its S3
 * notification filter would let through: what the local cloud calls after an object is stored in
 * the images bucket (S3's notification on AWS: stacks/image-variants.ts).
 */
export async function localUploadHandlers(): Promise<(event: S3Notification) => Promise<void>> {
  const consumers = await Promise.all(
    entriesOf("upload").map(
      async ({ name, trigger }) =>
        [trigger, await loadHandler<(event: S3Notification) => Promise<unknown>>(name)] as const,
    ),
  );
  return async (event) => {
    for (const [trigger, handler] of consumers) {
      const Records = event.Records.filter((r) =>
        takesUpload(trigger, r.eventName, r.s3.object.key),
      );
      if (Records.length > 0) await handler({ Records });
    }
  };
}

/**
 * The mail-events entries' handlers (functions/src/registry.ts), each given the records the
 * local SES plays (./mail-events.ts: a bounce, a complaint), as the MailEvents topic's queue
 * hands them over on AWS. A record reported failed throws, so the player plays it again.
 */
export async function localMailEventHandlers(): Promise<
  (records: Array<{ messageId: string; body: string }>) => Promise<void>
> {
  const handlers = await Promise.all(
    entriesOf("mailEvents").map(({ name }) => loadHandler<QueueConsumer>(name)),
  );
  return async (Records) => {
    for (const handler of handlers) {
      const { batchItemFailures } = await handler({ Records });
      if (batchItemFailures.length > 0) {
        throw new Error(`mail events: ${batchItemFailures.length} record(s) failed`);
      }
    }
  };
}

/** The schedule entries: each one's handler, and how often `npm start` runs it (a timer). */
export async function localSchedules(): Promise<
  Array<{ name: FunctionName; everyMs: number; run: () => Promise<unknown> }>
> {
  return Promise.all(
    entriesOf("schedule").map(async ({ name, trigger }) => {
      const handler = await loadHandler<(event: unknown) => Promise<unknown>>(name);
      return { name, everyMs: trigger.localEveryMs, run: () => handler({}) };
    }),
  );
}

// Local stand-in for the functions' triggers (stacks/functions.ts), read from the same registry
// (functions/src/registry.ts): each batch of the table's stream goes to the stream readers' own
// handlers, with the same routing (the dispatcher's records, events and the catalogue's changes,
// and the order reactions' events); S3's notifications to the upload entries'; schedules run on
// a timer. The dispatcher runs core's dispatchToQueues with an in-process queue: a "queue" is its
// consumer's handler, called at once with SQS-shaped messages, so the mailer, the newsletter
// fan-out and the edge purge run the files Lambda runs (the purge gets each stream batch's
// changes at once, where SQS's poller gathers them 5 s). Any failure (a stream handler throwing,
// a message reported failed) throws, and the local cloud's stream reader retries the batch, then
// writes it to its dead-letter file; every reaction is idempotent, so the redelivered part does
// nothing twice.
import { isPurgeCandidate } from "@shop/core/edge-cache";
import { eventFromStreamRecord, type StreamRecord } from "@shop/core/server/events";
import {
  type BatchResponse,
  type ChangesQueueOf,
  dispatchToQueues,
  type QueueRecord,
  type QueueSend,
} from "@shop/functions/lambda/queues";
import {
  CHANGE_QUEUES,
  CHANGES_QUEUE_OF,
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
      [...WORK_QUEUES, ...CHANGE_QUEUES].map(
        async ({ queue, consumer }) => [queue, await loadHandler<QueueConsumer>(consumer)] as const,
      ),
    ),
  ) as Record<string, QueueConsumer>;
  return async (queue, messages) => {
    const consumer = consumers[queue];
    if (!consumer) throw new Error(`no queue named ${queue}`);
    const { batchItemFailures } = await consumer({
      Records: messages.map((message) => ({ messageId: message.id, body: message.body })),
    });
    return batchItemFailures.map((f) => f.itemIdentifier);
  };
}

/**
 * The records of the table's stream some reader takes: domain events, and the catalogue's
 * changes the dispatcher forwards (its event source mapping's filters on AWS).
 */
export const readByTheStreamReaders = (record: StreamRecord) =>
  eventFromStreamRecord(record) !== null || isPurgeCandidate(record as never);

/**
 * A stream reader's handler as the local stream delivery takes it: an item failure it reports
 * throws, so the batch is retried (then dead-lettered) as a failing batch is.
 */
export function throwingOnFailures<E>(
  name: string,
  handler: (event: E) => Promise<BatchResponse | undefined> | Promise<void>,
): (event: E) => Promise<void> {
  return async (event) => {
    // A handler that reports nothing answers undefined.
    const answer: BatchResponse | undefined = (await handler(event)) ?? undefined;
    const failures = answer?.batchItemFailures ?? [];
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
          ? [name, dispatchToQueues(QUEUE_OF, await inProcessQueues(), CHANGES_QUEUE_OF)]
          : [name, eventsOnly(await loadHandler<StreamHandler>(name))],
    ),
  );
  return async (event) => {
    for (const [name, handler] of handlers) await throwingOnFailures(name, handler)(event);
  };
}

/** An events reader is given the events of a batch only (its mapping's filter on AWS). */
const eventsOnly =
  (handler: StreamHandler): StreamHandler =>
  async (event) => {
    const Records = event.Records.filter((record) => eventFromStreamRecord(record) !== null);
    return Records.length > 0 ? handler({ Records }) : undefined;
  };

/**
 * The dispatcher's forwarding of the catalogue's changes alone, into the edge purge's queue (an
 * in-process call of its handler): for the tests and the bench that watch the purge without the
 * rest of the stream's reactions (localStreamHandlers does this too).
 */
export async function localChangeHandlers(
  changesQueueOf: ChangesQueueOf = CHANGES_QUEUE_OF,
): Promise<(event: { Records: StreamRecord[] }) => Promise<void>> {
  const dispatch = dispatchToQueues({}, await inProcessQueues(), changesQueueOf);
  return throwingOnFailures("dispatcher (changes)", dispatch);
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

// Local stand-in for stacks/Events.ts (and S3 notifications: localUploadHandlers below): each batch of the table's stream goes to the stream
// functions' own handlers, with the same routing (functions/src/subscriptions.ts). The dispatcher runs core's
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
  QUEUE_OF,
  QUEUES,
  type QueueName,
  STREAM_CONSUMERS,
  takesUpload,
  UPLOAD_CONSUMERS,
} from "@shop/functions/subscriptions";
import type { S3Notification } from "s3rver";

type StreamHandler = (event: { Records: StreamRecord[] }) => Promise<BatchResponse | undefined>;
type QueueConsumer = (event: { Records: QueueRecord[] }) => Promise<BatchResponse>;

/** The export `handler` of a file named like SST's handler ("functions/src/x.handler"). */
async function loadHandler<H>(handler: string): Promise<H> {
  const file = handler.replace(/^functions\/src\//, "").replace(/\.handler$/, "");
  return ((await import(`@shop/functions/${file}`)) as { handler: H }).handler;
}

/** An in-process queue: sending is running the queue's consumer on the messages. */
export async function inProcessQueues(): Promise<QueueSend> {
  const consumers = Object.fromEntries(
    await Promise.all(
      (Object.keys(QUEUES) as QueueName[]).map(
        async (name) =>
          [name, await loadHandler<QueueConsumer>(QUEUES[name].consumer.handler)] as const,
      ),
    ),
  ) as Record<QueueName, QueueConsumer>;
  return async (queue: string, events: DomainEvent[]) => {
    const consumer = consumers[queue as QueueName];
    if (!consumer) throw new Error(`no queue named ${queue}`);
    const { batchItemFailures } = await consumer({
      Records: events.map((event) => ({ messageId: event.id, body: encodeQueueMessage(event) })),
    });
    return batchItemFailures.map((f) => f.itemIdentifier);
  };
}

export async function localStreamHandlers(): Promise<
  (event: { Records: StreamRecord[] }) => Promise<void>
> {
  const handlers: Array<[string, StreamHandler]> = await Promise.all(
    Object.entries(STREAM_CONSUMERS).map(
      async ([name, consumer]): Promise<[string, StreamHandler]> =>
        name === "dispatcher"
          ? [name, dispatchToQueues(QUEUE_OF, await inProcessQueues())]
          : [name, await loadHandler<StreamHandler>(consumer.handler)],
    ),
  );
  return async (event) => {
    for (const [name, handler] of handlers) {
      const failures = (await handler(event))?.batchItemFailures ?? [];
      if (failures.length > 0) throw new Error(`${name}: ${failures.length} item(s) failed`);
    }
  };
}

/**
 * The upload consumers' own handlers (functions/src/subscriptions.ts UPLOAD_CONSUMERS), each
 * given the records its S3 notification filter would let through: what the local cloud calls
 * after an object is stored in the images bucket (stacks/image-variants.ts on AWS).
 */
export async function localUploadHandlers(): Promise<(event: S3Notification) => Promise<void>> {
  const consumers = await Promise.all(
    Object.values(UPLOAD_CONSUMERS).map(
      async (consumer) =>
        [
          consumer,
          await loadHandler<(event: S3Notification) => Promise<unknown>>(consumer.handler),
        ] as const,
    ),
  );
  return async (event) => {
    for (const [consumer, handler] of consumers) {
      const Records = event.Records.filter((r) =>
        takesUpload(consumer, r.eventName, r.s3.object.key),
      );
      if (Records.length > 0) await handler({ Records });
    }
  };
}

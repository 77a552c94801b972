// Work queues between the table's stream and the functions that do slow or bulky work (sending
// e-mail, fanning a newsletter out): the dispatcher reads the stream and forwards each event to
// its queue; each queue's consumer runs core's reactions on it. The routing (event type → queue)
// is ../subscriptions.ts; the transport is SQS on AWS (./sqs.ts) and a direct call of the
// consumer's handler in the local cloud (packages/local-cloud/src/functions.ts).
//
// Delivery is at least once at every hop: a failed forward is retried from the stream (records
// already forwarded may be sent again), a failed message comes back after its visibility timeout
// and lands in the queue's dead-letter queue after a few receives. Every reaction is idempotent
// (keyed by the event id or a mark written by condition), so a duplicate does nothing more.
import { getContext, loadBoundSecrets } from "@shop/core/server/context";
import {
  type DomainEvent,
  decodeQueueMessage,
  eventFromStreamRecord,
  type StreamRecord,
} from "@shop/core/server/events";
import { handleEvent } from "@shop/core/server/reactions";

/** Sends events to a named queue, in order; answers the ids of the events it could not send. */
export type QueueSend = (queue: string, events: DomainEvent[]) => Promise<string[]>;

/** A stream record as Lambda gives it to a consumer that reports partial failures. */
export interface DispatchedStreamRecord extends StreamRecord {
  dynamodb?: StreamRecord["dynamodb"] & { SequenceNumber?: string };
}

/** Lambda's partial batch response: the items to retry (stream: sequence number; SQS: message id). */
export interface BatchResponse {
  batchItemFailures: Array<{ itemIdentifier: string }>;
}

/**
 * The dispatcher: forwards the domain events of a stream batch to their queues (`queueOf`: event
 * type → queue name). On a failure it reports the first record not forwarded, so Lambda retries
 * the batch from there (later records may be forwarded twice: consumers are idempotent).
 */
export function dispatchToQueues(queueOf: Readonly<Record<string, string>>, send: QueueSend) {
  return async (event: { Records: DispatchedStreamRecord[] }): Promise<BatchResponse> => {
    const routed = event.Records.flatMap((record, index) => {
      const domainEvent = eventFromStreamRecord(record);
      const queue = domainEvent ? queueOf[domainEvent.type] : undefined;
      return domainEvent && queue ? [{ index, record, event: domainEvent, queue }] : [];
    });
    const failedIds = new Set<string>();
    for (const queue of new Set(routed.map((r) => r.queue))) {
      const events = routed.filter((r) => r.queue === queue).map((r) => r.event);
      try {
        for (const id of await send(queue, events)) failedIds.add(id);
      } catch (error) {
        console.error(`dispatch to the ${queue} queue failed: ${error}`);
        for (const e of events) failedIds.add(e.id);
      }
    }
    const firstFailed = routed.find((r) => failedIds.has(r.event.id));
    if (!firstFailed) return { batchItemFailures: [] };
    return {
      batchItemFailures: [
        {
          itemIdentifier: firstFailed.record.dynamodb?.SequenceNumber ?? String(firstFailed.index),
        },
      ],
    };
  };
}

/** An SQS message as Lambda gives it to a queue consumer (only the fields we read). */
export interface QueueRecord {
  messageId: string;
  body: string;
}

/**
 * A queue consumer's Lambda handler: runs core's reactions on each message's event and reports
 * the messages that failed (or are not events of `types`), so only those come back, and after
 * the queue's maximum receive count go to its dead-letter queue.
 */
export function queueHandler(types: readonly string[], context = getContext) {
  return async (event: { Records: QueueRecord[] }): Promise<BatchResponse> => {
    await loadBoundSecrets();
    const ctx = context();
    const batchItemFailures: BatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      const domainEvent = decodeQueueMessage(record.body);
      try {
        if (!domainEvent || !types.includes(domainEvent.type)) {
          throw new Error(`not an event this queue handles: ${record.body.slice(0, 200)}`);
        }
        await handleEvent(ctx, domainEvent);
      } catch (error) {
        console.error(`message ${record.messageId} failed: ${error}`);
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

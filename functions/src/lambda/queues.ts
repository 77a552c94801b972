// Work queues between the table's stream and the functions that do slow or bulky work (sending
// e-mail, fanning a newsletter out): the dispatcher reads the stream and forwards each event to
// its queue; each queue's consumer runs core's reactions on it. The routing (event type → queue)
// is ../registry.ts; the transport is SQS on AWS (./sqs.ts) and a direct call of the
// consumer's handler in the local cloud (packages/local-cloud/src/functions.ts).
//
// Delivery is at least once at every hop: a failed forward is retried from the stream (records
// already forwarded may be sent again), a failed message comes back after its visibility timeout
// and lands in the queue's dead-letter queue after a few receives. Every reaction is idempotent
// (keyed by the event id or a mark written by condition), so a duplicate does nothing more.
//
// The partial batch responses are Powertools' Batch (BatchProcessor, processPartialResponse):
// records are processed one after the other, in order, and a batch whose every record failed is
// answered like any other (all of them reported), not thrown.
import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import {
  type ChangeRecord,
  decodeChangeMessage,
  encodeChangeMessage,
  type ForwardedChange,
  isPurgeCandidate,
} from "@shop/core/edge-cache";
import { getContext, loadBoundSecrets } from "@shop/core/server/context";
import {
  type DomainEvent,
  decodeQueueMessage,
  encodeQueueMessage,
  eventFromStreamRecord,
  type StreamRecord,
} from "@shop/core/server/events";
import { handleEvent } from "@shop/core/server/reactions";
import type { SQSRecord } from "aws-lambda";
import { logLine, withKeys } from "./observability.ts";

/** The correlation ids of an event's log lines: the event, and the order it is about. */
export function eventKeys(event: DomainEvent): Record<string, string | undefined> {
  const orderId = event.payload.orderId;
  return {
    eventId: event.id,
    eventType: event.type,
    orderId: typeof orderId === "string" ? orderId : undefined,
  };
}

/**
 * Powertools' processPartialResponse over a batch of the shop's records, one after the other in
 * their order, a batch whose every record failed reported like any other (not thrown). The shop
 * types only the fields it reads of Lambda's records; Batch reads the item identifier (an SQS
 * message id, a stream record's sequence number) and hands each record back as it came.
 */
export function processInOrder<R>(
  eventType: keyof typeof EventType,
  records: R[],
  handler: (record: R) => Promise<void>,
): Promise<BatchResponse> {
  return processPartialResponse(
    { Records: records as unknown as SQSRecord[] },
    handler as unknown as (record: SQSRecord) => Promise<void>,
    new BatchProcessor(EventType[eventType]),
    { processInParallel: false, throwOnFullBatchFailure: false },
  );
}

/** A message for a work queue: an id the sender answers failures by, and its body. */
export interface QueueMessage {
  /** The event's id, or a change's `change:<sequence number>`. */
  id: string;
  body: string;
}

/** Sends messages to a named queue, in order; answers the ids of those it could not send. */
export type QueueSend = (queue: string, messages: QueueMessage[]) => Promise<string[]>;

/** A domain event's message. */
export const eventMessage = (event: DomainEvent): QueueMessage => ({
  id: event.id,
  body: encodeQueueMessage(event),
});

/** A stream record as Lambda gives it to a consumer that reports partial failures. */
export interface DispatchedStreamRecord extends StreamRecord {
  dynamodb?: StreamRecord["dynamodb"] & ChangeRecord["dynamodb"] & { SequenceNumber?: string };
}

/** Lambda's partial batch response: the items to retry (stream: sequence number; SQS: message id). */
export interface BatchResponse {
  batchItemFailures: Array<{ itemIdentifier: string }>;
}

/** Where the dispatcher sends changes of the table's items, by kind (the registry's CHANGES_QUEUE_OF). */
export type ChangesQueueOf = Readonly<Partial<Record<"catalogue", string>>>;

interface Route {
  index: number;
  record: DispatchedStreamRecord;
  queue: string;
  message: QueueMessage;
  keys: Record<string, string | undefined>;
}

/** A record's route: a queued event's to its queue, a catalogue change's to the purge's. */
function routeOf(
  record: DispatchedStreamRecord,
  index: number,
  queueOf: Readonly<Record<string, string>>,
  changesQueueOf: ChangesQueueOf,
): Route | undefined {
  const domainEvent = eventFromStreamRecord(record);
  if (domainEvent) {
    const queue = queueOf[domainEvent.type];
    if (!queue) return undefined;
    return {
      index,
      record,
      queue,
      message: eventMessage(domainEvent),
      keys: eventKeys(domainEvent),
    };
  }
  const catalogue = changesQueueOf.catalogue;
  if (catalogue && isPurgeCandidate(record)) {
    const sequence = record.dynamodb?.SequenceNumber ?? String(index);
    return {
      index,
      record,
      queue: catalogue,
      message: { id: `change:${sequence}`, body: encodeChangeMessage(record) },
      keys: { sequenceNumber: sequence },
    };
  }
  return undefined;
}

/**
 * The dispatcher: forwards the domain events of a stream batch to their queues (`queueOf`: event
 * type → queue name), and the catalogue's changes to the edge purge's queue (`changesQueueOf`,
 * docs/decisions/042-two-stream-readers.md). On a failure it reports the first record not
 * forwarded, so Lambda retries the batch from there (later records may be forwarded twice:
 * consumers are idempotent).
 */
export function dispatchToQueues(
  queueOf: Readonly<Record<string, string>>,
  send: QueueSend,
  changesQueueOf: ChangesQueueOf = {},
) {
  return async (event: { Records: DispatchedStreamRecord[] }): Promise<BatchResponse> => {
    const routed = event.Records.flatMap((record, index) => {
      const route = routeOf(record, index, queueOf, changesQueueOf);
      return route ? [route] : [];
    });
    // Each queue's messages in one go (SendMessageBatch takes ten at a time).
    const failedIds = new Set<string>();
    for (const queue of new Set(routed.map((r) => r.queue))) {
      const messages = routed.filter((r) => r.queue === queue).map((r) => r.message);
      try {
        for (const id of await send(queue, messages)) failedIds.add(id);
      } catch (error) {
        logLine("error", `dispatch to the ${queue} queue failed`, { queue, error: String(error) });
        for (const m of messages) failedIds.add(m.id);
      }
    }
    // Then each record's outcome, in stream order, through Batch: a record not forwarded fails,
    // and so does every one after it (the stream resumes from the first failure).
    const routeByRecord = new Map(routed.map((r) => [r.record, r]));
    let failedAt: number | undefined;
    const answer = await processInOrder("DynamoDBStreams", event.Records, async (record) => {
      const route = routeByRecord.get(record);
      if (failedAt !== undefined) throw new Error("after a record that was not forwarded");
      if (!route) return;
      await withKeys({ ...route.keys, queue: route.queue }, async () => {
        if (failedIds.has(route.message.id)) {
          failedAt = route.index;
          logLine("error", "not forwarded to its queue", {});
          throw new Error(`${route.message.id} was not forwarded to ${route.queue}`);
        }
        logLine("info", "forwarded to its queue", {});
      });
    });
    return resumeStreamFrom(event.Records, failedAt, answer);
  };
}

/**
 * A stream reader's answer when the record at `failedAt` failed (undefined: none did): Lambda
 * resumes a stream from the lowest sequence number reported, so the first failure is all it needs
 * (Batch's first, which `answer` holds); a record without one (Lambda sends none) by its place in
 * the batch.
 */
export function resumeStreamFrom(
  records: readonly DispatchedStreamRecord[],
  failedAt: number | undefined,
  answer: BatchResponse,
): BatchResponse {
  if (failedAt === undefined) return { batchItemFailures: [] };
  const first = records[failedAt]?.dynamodb?.SequenceNumber
    ? answer.batchItemFailures[0]
    : undefined;
  return { batchItemFailures: [first ?? { itemIdentifier: String(failedAt) }] };
}

/** An SQS message as Lambda gives it to a queue consumer (only the fields we read). */
export interface QueueRecord {
  messageId: string;
  body: string;
}

/**
 * Sends a message's event back to its own queue as a new message, visible after `delaySeconds`
 * (a mail SES throttled: docs/decisions/038-newsletter-fan-out.md).
 */
export type Requeue = (event: DomainEvent, delaySeconds: number) => Promise<void>;

/** How long a throttled mail waits before it is received again (SQS allows up to 900 s). */
export const THROTTLED_DELAY_SECONDS = 60;

/**
 * A queue consumer's Lambda handler: runs core's reactions on each message's event and reports
 * the messages that failed (or are not events of `types`), so only those come back, and after
 * the queue's maximum receive count go to its dead-letter queue. With `requeue`, a mail SES
 * throttled (core's MailThrottled) goes back to the queue as a new message with a delay, and the
 * one received is answered as handled (deleted): waiting for the rate uses up none of its
 * receives, and the mail's sent marker (keyed by its event id) still sends it once.
 */
export function queueHandler(types: readonly string[], context = getContext, requeue?: Requeue) {
  return async (event: { Records: QueueRecord[] }): Promise<BatchResponse> => {
    await loadBoundSecrets();
    const ctx = context();
    const answer = await processInOrder("SQS", event.Records, async (record) => {
      const domainEvent = decodeQueueMessage(record.body);
      const keys = domainEvent ? eventKeys(domainEvent) : {};
      await withKeys({ messageId: record.messageId, ...keys }, async () => {
        try {
          if (!domainEvent || !types.includes(domainEvent.type)) {
            throw new Error(`not an event this queue handles: ${record.body.slice(0, 200)}`);
          }
          await handleEvent(ctx, domainEvent);
          logLine("info", "message handled", {});
        } catch (error) {
          if (requeue && domainEvent && error instanceof Error && error.name === "MailThrottled") {
            await requeue(domainEvent, THROTTLED_DELAY_SECONDS);
            logLine("warn", "throttled: sent back to its queue with a delay", {
              delaySeconds: THROTTLED_DELAY_SECONDS,
            });
            return;
          }
          logLine("error", `message ${record.messageId} failed`, { error: String(error) });
          throw error;
        }
      });
    });
    return { batchItemFailures: [...answer.batchItemFailures] };
  };
}

/**
 * A changes queue's consumer whose work is one piece for the whole batch (the edge purge's one
 * invalidation, docs/decisions/042-two-stream-readers.md): a message that is not a change is
 * reported alone (it ends in the queue's dead-letter queue), the others are worked on together,
 * and a failure of that work reports every one of them, so they all come back after the
 * visibility timeout, as the whole batch would after a throw.
 */
export function changesHandler(work: (changes: ForwardedChange[]) => Promise<void>) {
  return async (event: { Records: QueueRecord[] }): Promise<BatchResponse> => {
    const decoded = event.Records.map((record) => ({
      record,
      change: decodeChangeMessage(record.body),
    }));
    const failures = decoded.flatMap(({ record, change }) => {
      if (change) return [];
      logLine("error", `message ${record.messageId} is not a change`, {
        messageId: record.messageId,
        body: record.body.slice(0, 200),
      });
      return [{ itemIdentifier: record.messageId }];
    });
    const changes = decoded.flatMap(({ record, change }) => (change ? [{ record, change }] : []));
    if (changes.length === 0) return { batchItemFailures: failures };
    try {
      await work(changes.map(({ change }) => change));
      return { batchItemFailures: failures };
    } catch (error) {
      logLine("error", "the batch failed; all of it is retried", { error: String(error) });
      return {
        batchItemFailures: [
          ...failures,
          ...changes.map(({ record }) => ({ itemIdentifier: record.messageId })),
        ],
      };
    }
  };
}

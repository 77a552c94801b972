// A Lambda handler for a batch of the table's stream records: decodes the domain events among
// them and runs core's reactions for the types this function is subscribed to. The event source
// mapping's filter (stacks/Events.ts) already limits the batch to those types; checking again
// keeps a misconfigured filter from running another function's work with this one's permissions.
//
// A reader may first give the batch's events at once to `batch` (the order reactions: the sales
// aggregates summed per batch, docs/decisions/039-sales-summed-per-batch.md), then the records go
// through Powertools' Batch, one after the other, in stream order. The first record
// that fails stops the batch (the records after it are not run) and is reported as the batch's
// failure (the mapping reports item failures: stacks/functions.ts), so Lambda checkpoints the
// records before it and retries from it, bisecting, then sends it to the reader's dead-letter
// queue. The records before it are not run again.
import type { Context } from "@shop/core/server/context";
import { getContext, loadBoundSecrets } from "@shop/core/server/context";
import { type DomainEvent, eventFromStreamRecord } from "@shop/core/server/events";
import { handleEvent } from "@shop/core/server/reactions";
import { logLine, withKeys } from "./observability.ts";
import {
  type BatchResponse,
  type DispatchedStreamRecord,
  eventKeys,
  processInOrder,
  resumeStreamFrom,
} from "./queues.ts";

export function streamHandler(
  types: readonly string[],
  react: (ctx: Context, event: DomainEvent) => Promise<unknown> = handleEvent,
  context = getContext,
  /**
   * What the batch's events get at once, before `react` runs on each (the sales aggregates:
   * docs/decisions/039-sales-summed-per-batch.md). When it throws, nothing else runs and the whole
   * batch is reported, from its first event.
   */
  batch?: (ctx: Context, events: DomainEvent[]) => Promise<unknown>,
) {
  return async (event: { Records: DispatchedStreamRecord[] }): Promise<BatchResponse> => {
    await loadBoundSecrets();
    const ctx = context();
    if (batch) {
      const events = event.Records.map((record) => eventFromStreamRecord(record));
      const first = events.findIndex((e) => e !== null && types.includes(e.type));
      if (first >= 0) {
        try {
          await batch(
            ctx,
            events.filter((e): e is DomainEvent => e !== null && types.includes(e.type)),
          );
        } catch (error) {
          logLine("error", "batch failed", { error: String(error) });
          const sequence = event.Records[first]?.dynamodb?.SequenceNumber;
          return { batchItemFailures: [{ itemIdentifier: sequence ?? String(first) }] };
        }
      }
    }
    let failedAt: number | undefined;
    const answer = await processInOrder("DynamoDBStreams", event.Records, async (record) => {
      if (failedAt !== undefined) throw new Error("after a record that failed");
      const domainEvent = eventFromStreamRecord(record);
      if (!domainEvent || !types.includes(domainEvent.type)) return;
      await withKeys(eventKeys(domainEvent), async () => {
        try {
          await react(ctx, domainEvent);
          logLine("info", "event handled", {});
        } catch (error) {
          failedAt = event.Records.indexOf(record);
          logLine("error", "event failed", { error: String(error) });
          throw error;
        }
      });
    });
    return resumeStreamFrom(event.Records, failedAt, answer);
  };
}

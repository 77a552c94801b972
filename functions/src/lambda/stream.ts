// A Lambda handler for a batch of the table's stream records: decodes the domain events among
// them and runs core's reactions for the types this function is subscribed to. The event source
// mapping's filter (stacks/Events.ts) already limits the batch to those types; checking again
// keeps a misconfigured filter from running another function's work with this one's permissions.
//
// The records go through Powertools' Batch, one after the other, in stream order. The reader's
// mapping reports no item failures (stacks/Events.ts): the first record that fails stops the
// batch (the records after it are not run), and its error is thrown, so Lambda retries the batch,
// bisecting it, then sends it to the reader's dead-letter queue.
import { getContext, loadBoundSecrets } from "@shop/core/server/context";
import { eventFromStreamRecord, type StreamRecord } from "@shop/core/server/events";
import { handleEvent } from "@shop/core/server/reactions";
import { logLine, withKeys } from "./observability.ts";
import { eventKeys, processInOrder } from "./queues.ts";

export function streamHandler(types: readonly string[]) {
  return async (event: { Records: StreamRecord[] }): Promise<void> => {
    await loadBoundSecrets();
    const ctx = getContext();
    let failure: { error: unknown } | undefined;
    await processInOrder("DynamoDBStreams", event.Records, async (record) => {
      if (failure) throw new Error("after a record that failed");
      const domainEvent = eventFromStreamRecord(record);
      if (!domainEvent || !types.includes(domainEvent.type)) return;
      try {
        await withKeys(eventKeys(domainEvent), async () => {
          await handleEvent(ctx, domainEvent);
          logLine("info", "event handled", {});
        });
      } catch (error) {
        failure = { error };
        throw error;
      }
    });
    if (failure) throw failure.error;
  };
}

// A Lambda handler for a batch of the table's stream records: decodes the domain events among
// them and runs core's reactions for the types this function is subscribed to. The event source
// mapping's filter (stacks/Events.ts) already limits the batch to those types; checking again
// keeps a misconfigured filter from running another function's work with this one's permissions.
import { getContext, loadBoundSecrets } from "@shop/core/server/context";
import { eventFromStreamRecord, type StreamRecord } from "@shop/core/server/events";
import { handleEvent } from "@shop/core/server/reactions";

export function streamHandler(types: readonly string[]) {
  return async (event: { Records: StreamRecord[] }): Promise<void> => {
    await loadBoundSecrets();
    const ctx = getContext();
    for (const record of event.Records) {
      const domainEvent = eventFromStreamRecord(record);
      if (domainEvent && types.includes(domainEvent.type)) await handleEvent(ctx, domainEvent);
    }
  };
}

// Lambda: the table's stream (filtered to event items, see stacks/) → core reactions.
import { getContext } from "@shop/core/server/context";
import { eventFromStreamRecord, handleEvent, type StreamRecord } from "@shop/core/server/events";

export async function handler(event: { Records: StreamRecord[] }): Promise<void> {
  const ctx = getContext();
  for (const record of event.Records) {
    const domainEvent = eventFromStreamRecord(record);
    if (domainEvent) await handleEvent(ctx, domainEvent);
  }
}

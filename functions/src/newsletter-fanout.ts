// Lambda: `newsletter.send.requested` events from the table's stream → the core fan-out, which
// queues one e-mail per subscriber (once: re-running it mails nobody twice).
import { getContext } from "@shop/core/server/context";
import { eventFromStreamRecord, type StreamRecord } from "@shop/core/server/events";
import { fanOutNewsletter, NEWSLETTER_SEND_REQUESTED } from "@shop/core/server/newsletter";

export async function handler(event: { Records: StreamRecord[] }): Promise<void> {
  const ctx = getContext();
  for (const record of event.Records) {
    const domainEvent = eventFromStreamRecord(record);
    if (domainEvent?.type === NEWSLETTER_SEND_REQUESTED) await fanOutNewsletter(ctx, domainEvent);
  }
}

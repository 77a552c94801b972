// Which function handles which domain events, read by stacks/Events.ts to subscribe each
// function to the table's stream with a filter on these types. Locally the stream reader of the
// local cloud delivers every event to the same reactions in one process.
export const STREAM_CONSUMERS = {
  /** order.paid → invoice PDF in the invoices bucket → confirmation e-mail queued. */
  invoice: { handler: "functions/src/invoice.handler", events: ["order.paid"] },
  /** Sends queued e-mails through SES (with attachments read from the invoices bucket). */
  mailer: { handler: "functions/src/mailer.handler", events: ["mail.requested"] },
  /** Queues one newsletter e-mail per subscriber. */
  newsletterFanout: {
    handler: "functions/src/newsletter-fanout.handler",
    events: ["newsletter.send.requested"],
  },
  /** Everything else that reacts to events (e.g. the shipped notice). */
  domainEvents: { handler: "functions/src/domain-events.handler", events: ["order.shipped"] },
} as const;

export type StreamConsumerName = keyof typeof STREAM_CONSUMERS;

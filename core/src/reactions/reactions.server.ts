// Where the areas are wired together: what the shop does when a domain event is delivered (event
// type → each area's reaction). It depends on the areas and nothing in core depends on it, so
// the areas can emit events (../events/, a leaf) without importing each other back. The Lambda
// handlers in functions/ (the order reactions from the table's stream, the mailer and the
// newsletter fan-out from their SQS queues: functions/src/registry.ts) and the local
// cloud's delivery (packages/local-cloud/src/functions.ts) all call handleEvent, so the code that runs in
// production is the code that runs locally.
// Delivery is at least once: every reaction is idempotent, and throwing makes the delivery retry.
import {
  anonymiseOrdersOfDeletedUser,
  USER_DELETED,
} from "../accounts/order-anonymisation.server.ts";
import { syncSoldOut } from "../catalog/availability.server.ts";
import type { Context } from "../context/index.server.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { countOrderEvent, countReturnRefund, countSales } from "../insights/aggregates.server.ts";
import { COUNTED_EVENT_TYPES } from "../insights/tally.ts";
import { notifyRestocked } from "../inventory/restock.server.ts";
import { STOCK_CHANGED } from "../inventory/stock.server.ts";
import {
  deliverQueuedMail,
  MAIL_REQUESTED,
  NEWSLETTER_MAIL_REQUESTED,
} from "../mail/queue.server.ts";
import { NEWSLETTER_PAGE_REQUESTED, NEWSLETTER_SEND_REQUESTED } from "../newsletter/event-types.ts";
import { countNewsletterSent, fanOutNewsletter } from "../newsletter/sending.server.ts";
import { ORDER_EVENT_TYPES, ORDER_PAID, ORDER_SHIPPED } from "../orders/order-events.ts";
import { RETURN_RECEIVED, RETURN_REFUNDED } from "../returns/events.ts";
import { countReturnFit } from "../returns/fit.server.ts";
import { anonymiseReturnsOfDeletedUser, sendRefundNotice } from "../returns/notices.server.ts";
import { countReviewFit } from "../reviews/fit.server.ts";
import { REVIEW_ADDED, REVIEW_DELETED } from "../reviews/fit-events.ts";
import { sendOrderConfirmation, sendShippedNotice } from "./order-mails.server.ts";

export type Reaction = (ctx: Context, event: DomainEvent) => Promise<void>;

const reactions: Record<string, Reaction[]> = {
  "user.registered": [],
  // Every order event is counted once in the sales aggregates (core/src/insights).
  ...Object.fromEntries(ORDER_EVENT_TYPES.map((type) => [type, [countOrderEvent]])),
  /** Invoice PDF → invoices bucket → confirmation e-mail with the invoice attached. */
  [ORDER_PAID]: [sendOrderConfirmation, countOrderEvent],
  /** "Your order … has shipped". */
  [ORDER_SHIPPED]: [sendShippedNotice, countOrderEvent],
  /** Credit note PDF → invoices bucket → refund e-mail with it attached; the day's revenue. */
  [RETURN_REFUNDED]: [sendRefundNotice, countReturnRefund],
  /** A product's fit answers (docs/decisions/044-fit-feedback.md), each event once. */
  [REVIEW_ADDED]: [countReviewFit],
  [REVIEW_DELETED]: [countReviewFit],
  [RETURN_RECEIVED]: [countReturnFit],
  /** The deleted account's orders keep their amounts, not the person's data. */
  [USER_DELETED]: [anonymiseOrdersOfDeletedUser, anonymiseReturnsOfDeletedUser],
  /** The mailer: sends a queued e-mail once. */
  [MAIL_REQUESTED]: [deliverQueuedMail],
  /** The newsletter's mailer: the same, then counts it sent once. */
  [NEWSLETTER_MAIL_REQUESTED]: [deliverQueuedMail, countNewsletterSent],
  /** Newsletter fan-out: one queued e-mail per subscriber, never twice, a page a message. */
  [NEWSLETTER_SEND_REQUESTED]: [fanOutNewsletter],
  [NEWSLETTER_PAGE_REQUESTED]: [fanOutNewsletter],
  /** The catalogue's "sold out" flags; one back-in-stock e-mail per waiting address. */
  [STOCK_CHANGED]: [
    async (ctx, event) => {
      await syncSoldOut(ctx, event);
    },
    async (ctx, event) => {
      await notifyRestocked(ctx, event);
    },
  ],
};

export async function handleEvent(ctx: Context, event: DomainEvent): Promise<void> {
  for (const react of reactions[event.type] ?? []) await react(ctx, event);
}

/** The reactions that take a stream batch at once, not event by event. */
const BATCHED: ReadonlySet<Reaction> = new Set([countOrderEvent, countReturnRefund]);

/**
 * A stream batch's reactions that take the batch at once: the sales aggregates, summed over the
 * batch and written once per item (docs/decisions/039-sales-summed-per-batch.md). A reader that
 * runs it runs handleEventAfterBatch on each event after it.
 */
export async function handleEventBatch(
  ctx: Context,
  events: readonly DomainEvent[],
): Promise<void> {
  await countSales(
    ctx,
    events.filter((event) => COUNTED_EVENT_TYPES.includes(event.type)),
  );
}

/** An event's reactions other than handleEventBatch's. */
export async function handleEventAfterBatch(ctx: Context, event: DomainEvent): Promise<void> {
  for (const react of reactions[event.type] ?? []) {
    if (!BATCHED.has(react)) await react(ctx, event);
  }
}

/** The event types something reacts to (every one must be routed to a function: stacks/). */
export const REACTING_EVENT_TYPES = Object.keys(reactions).filter(
  (type) => (reactions[type]?.length ?? 0) > 0,
);

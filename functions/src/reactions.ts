// Lambda, the order reactions (from the table's stream; the events: registry.ts): order.paid →
// invoice PDF stored and confirmation queued; order.shipped → shipped notice queued
// (core/src/reactions/order-mails.server.ts); user.deleted → the account's orders anonymised
// (core/src/accounts/order-anonymisation.server.ts); stock changes, refunded returns; the sales
// aggregates, summed over the whole batch first (docs/decisions/039-sales-summed-per-batch.md).
import { getContext } from "@shop/core/server/context";
import { handleEventAfterBatch, handleEventBatch } from "@shop/core/server/reactions";
import { instrumented } from "./lambda/observability.ts";
import { streamHandler } from "./lambda/stream.ts";
import { eventsOf } from "./registry.ts";

export const handler = instrumented(
  "orderReactions",
  streamHandler(eventsOf("orderReactions"), handleEventAfterBatch, getContext, handleEventBatch),
);

// Lambda: order.paid and order.shipped (from the table's stream) → invoice PDF stored and
// confirmation queued; shipped notice queued (core/src/reactions/order-mails.server.ts);
// user.deleted → the account's orders anonymised (core/src/accounts/order-anonymisation.server.ts).
import { instrumented } from "./lambda/observability.ts";
import { streamHandler } from "./lambda/stream.ts";
import { STREAM_CONSUMERS } from "./subscriptions.ts";

export const handler = instrumented("invoice", streamHandler(STREAM_CONSUMERS.invoice.events));

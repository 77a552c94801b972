// How long a placed order waits for its payment before the sweep gives up on it
// (abandoned.server.ts) and gives its promotion back. Stripe's own confirmation (3-D Secure, a
// bank redirect) rarely takes more than a few minutes; half an hour leaves room for a slow one.
import { paymentDeadlineKey } from "../db/keys.ts";

export const PAYMENT_TIMEOUT_MINUTES = 30;
export const PAYMENT_TIMEOUT_MS = PAYMENT_TIMEOUT_MINUTES * 60 * 1000;

/** What the customer and the admin read on an order whose payment never came. */
export const PAYMENT_EXPIRED_MESSAGE = "The payment was not completed in time";

/** The moment an order placed at `placedAt` stops waiting for its payment (ISO-8601 UTC). */
export function paymentDeadline(placedAt: Date): string {
  return new Date(placedAt.getTime() + PAYMENT_TIMEOUT_MS).toISOString();
}

/** Kept a week past the deadline at most (TTL), should the sweep never run. */
const DEADLINE_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * The item written in placeOrder's transaction (keys.ts paymentDeadlineKey): the sweep finds
 * due orders with one Query on its partition instead of reading every order.
 */
export function paymentDeadlineItem(tableName: string, orderId: string, placedAt: Date) {
  const deadline = paymentDeadline(placedAt);
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...paymentDeadlineKey(deadline, orderId),
        entity: "paymentDeadline",
        orderId,
        deadline,
        expiresAt: Math.floor(Date.parse(deadline) / 1000) + DEADLINE_TTL_SECONDS,
      },
    },
  };
}

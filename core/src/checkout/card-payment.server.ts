// The local test gateway's "Confirm order" (docs/architecture.md §4): the card typed into the
// shop's own form is charged, and the gateway's signed event goes to the same webhook entry point
// as Stripe's (payment-webhook.server.ts), so the code that marks an order paid is the one that
// runs in production. With Stripe the browser confirms instead, and none of this runs.

import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { getOrderForUser, ORDER_NOT_FOUND, type Order } from "../orders/orders.server.ts";
import { parseCard } from "../payments/cards.ts";
import { cardCharger } from "../payments/gateway.server.ts";
import { ORDER_NOT_PAYABLE } from "./payment-state.server.ts";
import { handlePaymentWebhook } from "./payment-webhook.server.ts";

/**
 * The local test gateway's "Confirm order": checks the card form (field errors on cardNumber,
 * expiry, cvc), charges the customer's own order and delivers the gateway's signed event to the
 * webhook entry point, as Stripe would. A declined card leaves the order unpaid (its
 * promotion released) and throws the card's message on "cardNumber".
 */
export async function confirmCardPayment(
  ctx: Context,
  input: { userId: string; orderId: string; card: unknown },
  now = new Date(),
): Promise<Order> {
  const card = parseCard(input.card, now);
  if (!card.success) {
    const [field, message] = Object.entries(card.fieldErrors)[0] ?? ["cardNumber", "Invalid card"];
    throw new DomainError(message, field);
  }
  const order = await getOrderForUser(ctx, input.userId, input.orderId);
  if (!order) throw new DomainError(ORDER_NOT_FOUND, undefined, 404);
  if (order.payment === "paid") return order;
  if (order.payment !== "awaiting" || !order.paymentId) {
    throw new DomainError(ORDER_NOT_PAYABLE, undefined, 409);
  }
  const charge = cardCharger(ctx.config);
  if (!charge) throw new Error("Cards are confirmed in the browser with this payment gateway");
  const signed = await charge({
    paymentId: order.paymentId,
    orderId: order.id,
    amountCents: order.totalCents,
    card: card.data,
  });
  const answer = await handlePaymentWebhook(ctx, signed.rawBody, signed.signature);
  if (answer.status !== 200) throw new Error(`The local payment event was refused: ${answer.body}`);
  const after = await getOrderForUser(ctx, input.userId, input.orderId);
  if (!after) throw new DomainError(ORDER_NOT_FOUND, undefined, 404);
  if (after.payment !== "paid") {
    throw new DomainError(after.paymentError ?? "Your card was declined.", "cardNumber");
  }
  return after;
}

// Abandoned payments (a failed or abandoned payment releases its promotion code). An order is placed
// (payment "awaiting", its promotion redeemed) before the customer confirms the payment; if the
// tab closes or Stripe's confirmation never completes, no event ever comes. A sweep, run on a
// schedule (functions/src/expire-abandoned-orders.ts; locally every minute by scripts/dev.ts),
// gives up on such orders once PAYMENT_TIMEOUT_MINUTES have passed.
//
// Access pattern (no Scan): placeOrder writes, in the order's own transaction, a deadline item
//   pk PAYDUE#<shard>   sk <deadline ISO>#<orderId>   (keys.ts paymentDeadlineKey; TTL a week later)
// in one of PAYMENT_DEADLINE_SHARDS partitions chosen by the order's id (one key for every order
// would take every order's write at a sale's peak), and the sweep reads only the due ones of each:
// Query pk = PAYDUE#<shard> AND sk <= "<now>#\uffff" (paged),
// then per due order one GetItem (consistent) and, when it is still awaiting, the gateway's
// cancellation and the same transaction as a failed payment (failOrder: payment awaiting →
// failed under that condition + promotion usedCount - 1). The deadline item is then deleted, so
// the partition holds about half an hour of orders whatever the shop's history.
//
// Exactly once: failOrder's condition (payment = awaiting, promotionRedeemed = true) lets one
// sweep, one failure event or one cancellation release the promotion, never two.
//
// A late success (the intent could not be cancelled because the money was already moving, or
// Stripe's event arrives anyway): when the gateway says the payment is under way, the order is
// left awaiting and its deadline kept, so the webhook marks it paid and a later sweep just
// drops the deadline. If an expired (failed) order is paid after all, markOrderPaid accepts the
// payment (the customer paid the price shown, and the goods are owed) and counts the promotion
// again, even past its usage limit: one extra use of a code is a smaller harm than refusing or
// refunding a real purchase. The count makes it visible to the admin.
import { DeleteCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { paymentDeadlinePartitions } from "../db/keys.ts";
import { getOrder } from "../orders/orders.server.ts";
import { paymentGateway } from "../payments/gateway.server.ts";
import { PAYMENT_EXPIRED_MESSAGE } from "./payment-deadline.ts";
import { failOrder } from "./payment-state.server.ts";

export {
  PAYMENT_EXPIRED_MESSAGE,
  PAYMENT_TIMEOUT_MINUTES,
  PAYMENT_TIMEOUT_MS,
  paymentDeadline,
} from "./payment-deadline.ts";

export interface SweepResult {
  /** Due deadlines looked at. */
  due: number;
  /** Orders whose payment was given up (promotion released). */
  expired: string[];
  /** Orders whose payment the gateway reports as under way: left for the webhook. */
  leftForWebhook: string[];
}

const PAGE = 100;
const MAX_PAGES = 20;

/**
 * Gives up on every order whose payment is still awaited after its deadline: cancels the
 * payment at the gateway, marks it failed and gives its promotion back. Safe to run twice or
 * concurrently; a failure on one order is logged and retried by the next run.
 */
export async function expireAbandonedOrders(ctx: Context, now = new Date()): Promise<SweepResult> {
  const result: SweepResult = { due: 0, expired: [], leftForWebhook: [] };
  for (const partition of paymentDeadlinePartitions()) {
    await sweepPartition(ctx, partition, now, result);
  }
  return result;
}

async function sweepPartition(ctx: Context, partition: string, now: Date, result: SweepResult) {
  let startKey: Record<string, unknown> | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { Items, LastEvaluatedKey } = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: "pk = :pk AND sk <= :upto",
        ExpressionAttributeValues: { ":pk": partition, ":upto": `${now.toISOString()}#\uffff` },
        Limit: PAGE,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of Items ?? []) {
      result.due++;
      try {
        const outcome = await expireOne(ctx, item.orderId as string, now);
        if (outcome === "expired") result.expired.push(item.orderId as string);
        if (outcome === "paid") {
          result.leftForWebhook.push(item.orderId as string);
          continue;
        }
        await ctx.db.send(
          new DeleteCommand({
            TableName: ctx.tableName,
            Key: { pk: item.pk as string, sk: item.sk as string },
          }),
        );
      } catch (error) {
        console.error(`Could not expire the payment of order ${String(item.orderId)}`, error);
      }
    }
    startKey = LastEvaluatedKey;
    if (!startKey) break;
  }
}

async function expireOne(
  ctx: Context,
  orderId: string,
  now: Date,
): Promise<"expired" | "settled" | "paid"> {
  const order = await getOrder(ctx, orderId);
  // Paid, failed, cancelled or deleted meanwhile: nothing to give up.
  if (order?.payment !== "awaiting") return "settled";
  if (order.paymentId) {
    const outcome = await paymentGateway(ctx.config).cancelPayment(order.paymentId);
    if (outcome === "paid") return "paid";
  }
  const failed = await failOrder(ctx, order, PAYMENT_EXPIRED_MESSAGE, now);
  return failed ? "expired" : "settled";
}

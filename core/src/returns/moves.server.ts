// Moving a return from one state to the next. Every change is one transaction conditional on
// the state it read, so a change happens once however often it is asked (two admins, a
// redelivered webhook):
// - a request writes the return, its claim, the order's `returnsSeq` (conditional on the value
//   read: one request at a time per order, so the units and the refund are counted from what is
//   really there), the exchange's replacement units taken from the stock (conditional on enough
//   being left: two exchanges racing for the last unit, one wins), return.requested and the
//   customer's e-mail (./request.server.ts);
// - a rejection or a cancellation gives an exchange's reserved units back (./review.server.ts);
// - receiving puts the returned units back in the stock (not faulty ones) and, for an exchange,
//   writes the replacement order (no charge, the reserved units are its own; ./receive.server.ts);
// - the refund goes through the payment port (idempotency key per return); the return becomes
//   "refunded" only when the provider's webhook confirms it (./refund.server.ts).
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { orderKey, returnKey } from "../db/keys.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { ORDER_NOT_FOUND, type Order, toOrder } from "../orders/orders.server.ts";
import type { ReturnEventPayload } from "./events.ts";
import { mustGet, RETURN_CHANGED, type Return } from "./reading.server.ts";
import {
  type ExistingReturn,
  type ReturnLineRequest,
  type ReturnState,
  returnTransitionError,
} from "./rules.ts";

export const isExchange = (line: ReturnLineRequest) => Boolean(line.exchangeSize);

/** What the rules need of an order's returns. */
export const existing = (returns: readonly Return[]): ExistingReturn[] =>
  returns.map((r) => ({
    state: r.state,
    lines: r.lines,
    refundCents: r.refund.totalCents,
    refundsShipping: r.refundsShipping,
  }));

export const payloadOf = (r: Return): ReturnEventPayload => ({
  rma: r.rma,
  orderId: r.orderId,
  orderNumber: r.orderNumber,
  userId: r.userId,
});

export function refuseMove(r: Return, to: ReturnState): void {
  const refused = returnTransitionError(r.state, to);
  if (refused) throw new DomainError(refused, "return", 409);
}

/** The update of the return from its state as read to `to`, with `sets` (name → value). */
export function moveItem(
  ctx: Context,
  r: Return,
  to: ReturnState,
  sets: Record<string, unknown>,
  extra: { condition: string; values: Record<string, unknown> } = { condition: "", values: {} },
): TransactItem {
  const names: Record<string, string> = { "#state": "state" };
  const values: Record<string, unknown> = { ":from": r.state, ":to": to, ...extra.values };
  const parts = ["#state = :to"];
  Object.entries(sets).forEach(([name, value], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = value;
    parts.push(`#a${i} = :a${i}`);
  });
  return {
    Update: {
      TableName: ctx.tableName,
      Key: returnKey(r.orderId, r.rma),
      UpdateExpression: `SET ${parts.join(", ")}`,
      ConditionExpression: `#state = :from${extra.condition}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Runs a move; a return changed meanwhile is answered from what it is now. */
export async function runMove(
  ctx: Context,
  r: Return,
  to: ReturnState,
  items: TransactItem[],
): Promise<Return> {
  try {
    await transact(ctx, items);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.failedAt(0)) {
      const now = await mustGet(ctx, r.rma);
      refuseMove(now, to);
      throw new DomainError(RETURN_CHANGED, "return", 409);
    }
    // A stock item is gone (its product was deleted): move without the stock changes.
    await transact(
      ctx,
      items.filter((item, i) => i === 0 || !("Update" in item && isStockKey(item))),
    );
  }
  return mustGet(ctx, r.rma);
}

const isStockKey = (item: TransactItem) =>
  "Update" in item && (item.Update?.Key as { sk?: string } | undefined)?.sk === "STOCK";

export async function ownOrderById(ctx: Context, orderId: string): Promise<Order> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: orderKey(orderId), ConsistentRead: true }),
  );
  if (!Item) throw new DomainError(ORDER_NOT_FOUND, "order", 404);
  return toOrder(Item);
}

// The admin receives an approved return: the units back in the stock (not faulty ones), an
// exchange's replacement order written, return.received (with what it tells the fit counters).
import * as v from "valibot";
import { getProductsByIds } from "../catalog/product-lookups.server.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import type { TransactItem } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { stockItems } from "../inventory/stock.server.ts";
import { RETURN_RECEIVED } from "./events.ts";
import { replacementItems, replacementOrder } from "./exchange.server.ts";
import {
  isExchange,
  moveItem,
  ownOrderById,
  payloadOf,
  refuseMove,
  runMove,
} from "./moves.server.ts";
import { mustGet, type Return } from "./reading.server.ts";
import type { ReturnState } from "./rules.ts";
import { ReceiveReturnSchema } from "./schemas.ts";

/**
 * The admin marks an approved return received: exactly once (conditional on "approved"), the
 * returned units go back to the stock unless they are faulty, and an exchange's replacement is
 * written as a new order at no charge, holding the units reserved at the request. A return with
 * nothing left to refund (a pure exchange) is then "exchanged".
 */
export async function receiveReturn(
  ctx: Context,
  rma: string,
  form: Record<string, unknown>,
  now = new Date(),
): Promise<Return> {
  const parsed = v.safeParse(ReceiveReturnSchema, form);
  if (!parsed.success) throw new DomainError(parsed.issues[0].message, "faulty");
  const options = parsed.output;
  const r = await mustGet(ctx, rma);
  refuseMove(r, "received");
  const at = now.toISOString();
  const exchanges = r.lines.filter(isExchange);
  const to: ReturnState =
    r.refund.totalCents === 0 && exchanges.length > 0 ? "exchanged" : "received";
  const sets: Record<string, unknown> = { receivedAt: at, updatedAt: at, faulty: options.faulty };
  const items: TransactItem[] = [];
  if (exchanges.length > 0) {
    const order = await ownOrderById(ctx, r.orderId);
    const replacement = replacementOrder(order, r, exchanges, now);
    sets.replacementOrderId = replacement.id;
    sets.replacementOrderNumber = replacement.number;
    sets.exchangeReserved = false;
    items.push(...replacementItems(ctx, replacement, r, now));
  }
  if (!options.faulty) {
    // Each returned unit back to its own variant.
    items.push(...stockItems(ctx, await stockLinesOf(ctx, r.lines), "release", now));
  }
  items.push(
    eventPut(
      ctx,
      RETURN_RECEIVED,
      { ...payloadOf(r), faulty: options.faulty, ...returnFitOf(r) },
      now,
    ),
  );
  // The move first: runMove reads a failure of item 0 as "changed meanwhile".
  return runMove(ctx, r, to, [moveItem(ctx, r, to, sets), ...items]);
}

/**
 * What a received return tells the fit counters (core/src/reviews/fit.server.ts): "Too small" or
 * "Too large" and the products returned, nothing personal; nothing for another reason.
 */
function returnFitOf(r: Return): { fit?: "small" | "large"; fitProducts?: string[] } {
  const fit = r.reason === "too-small" ? "small" : r.reason === "too-large" ? "large" : undefined;
  if (!fit) return {};
  return { fit, fitProducts: [...new Set(r.lines.map((line) => line.productId))] };
}

/**
 * Stock lines of a return's units: each in its colour, or (a line of an order placed before
 * colourways) in its product's first colourway, read only when such a line is there. A product
 * no longer there keeps no stock: its lines are left out.
 */
async function stockLinesOf(
  ctx: Context,
  lines: ReadonlyArray<{
    productId: string;
    colour?: string | undefined;
    size: string;
    quantity: number;
  }>,
): Promise<Array<{ productId: string; colour: string; size: string; quantity: number }>> {
  const unnamed = [...new Set(lines.filter((l) => !l.colour).map((l) => l.productId))];
  const first = new Map(
    unnamed.length === 0
      ? []
      : (await getProductsByIds(ctx, unnamed)).map((p) => [p.id, p.colourways[0]?.colour.id]),
  );
  return lines.flatMap((l) => {
    const colour = l.colour ?? first.get(l.productId);
    return colour ? [{ productId: l.productId, colour, size: l.size, quantity: l.quantity }] : [];
  });
}

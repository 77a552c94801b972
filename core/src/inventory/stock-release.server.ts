// Giving an order's units back to the stock, exactly once: the transaction that fails, expires,
// cancels or deletes the order also sets `stockReserved` to false under the condition that it
// was true, so a second delivery of the same event, or a sweep racing a cancellation, releases
// nothing twice (the same rule as the promotion's release). The order's flag is read and written
// here; the order itself is the orders' (core/src/orders/orders.server.ts).
import type { Context } from "../context/index.server.ts";
import type { TransactItem } from "../db/transact.server.ts";
import { type StockLine, stockItems } from "./stock.server.ts";

/** What the release needs of an order: its lines, and whether it still holds their units. */
export interface StockHolder {
  lines: readonly StockLine[];
  stockReserved?: boolean;
}

export interface StockRelease {
  /** For the order's UpdateExpression (SET …). */
  set: string;
  /** For the order's ConditionExpression (… AND …). */
  condition: string;
  values: Record<string, boolean>;
  /** The stock updates and the stock.changed event. */
  items: TransactItem[];
}

/** The pieces of the release, or null when the order holds no units (none, or given back). */
export function stockRelease(
  ctx: Pick<Context, "tableName">,
  order: StockHolder,
  now: Date,
): StockRelease | null {
  if (!order.stockReserved) return null;
  return {
    set: "stockReserved = :unreserved",
    condition: "stockReserved = :reserved",
    values: { ":reserved": true, ":unreserved": false },
    items: stockItems(ctx, order.lines, "release", now),
  };
}

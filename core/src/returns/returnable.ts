// What the returns' rules need of an order and of its returns, and which units of each line are
// held by returns or may still be returned. Pure and browser-safe; ./rules.ts re-exports it.
import type { SizeTag } from "../catalog/sizes.ts";
import { type ReturnState, returnHoldsUnits } from "./states.ts";

export interface ReturnableOrderLine {
  productId: string;
  /** Palette id; none on orders placed before colourways (the product's first colourway). */
  colour?: string | undefined;
  size: string;
  quantity: number;
  unitPriceCents: number;
  /** What its promotions took off it (an order placed with promotions of the kinds). */
  discountCents?: number;
}

export interface ReturnableOrder {
  userId: string;
  state: string;
  payment: string;
  deliveredAt?: string;
  lines: readonly ReturnableOrderLine[];
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  /** The promotions applied, each per line (docs/product.md §9): set, each line's paid amount is its own. */
  promotions?: readonly unknown[];
}

/**
 * One line of a return: which order line, how many units, and for an exchange the new variant:
 * its size (set on every exchange) and its colour (none: the colour bought).
 */
export interface ReturnLineRequest {
  /** Index of the line in the order's lines. */
  line: number;
  quantity: number;
  exchangeSize?: SizeTag;
  exchangeColour?: string;
}

export interface ExistingReturn {
  state: ReturnState;
  lines: readonly ReturnLineRequest[];
  /** What was (or will be) refunded: counted to keep every refund within what was paid. */
  refundCents: number;
  /** Did it refund the delivery? (Only the return that completes the order does.) */
  refundsShipping?: boolean;
}

/** Units of each order line already held by an open or completed return. */
export function heldUnits(order: ReturnableOrder, returns: readonly ExistingReturn[]): number[] {
  const held = order.lines.map(() => 0);
  for (const r of returns) {
    if (!returnHoldsUnits(r.state)) continue;
    for (const l of r.lines)
      if (held[l.line] !== undefined) held[l.line] = (held[l.line] ?? 0) + l.quantity;
  }
  return held;
}

/** Units of each order line the customer may still return. */
export function returnableUnits(
  order: ReturnableOrder,
  returns: readonly ExistingReturn[],
): number[] {
  const held = heldUnits(order, returns);
  return order.lines.map((line, i) => Math.max(0, line.quantity - (held[i] ?? 0)));
}

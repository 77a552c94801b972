// What a return refunds, to the cent (docs/product.md §4 "Returns and exchanges"): the order's
// payment shared out per unit, the delivery with the return that completes the order, the tax
// inside. Pure and browser-safe; ./rules.ts re-exports it.
import { lineGross, unitRefundCents } from "../promotions/offers.ts";
import {
  type ExistingReturn,
  heldUnits,
  type ReturnableOrder,
  type ReturnLineRequest,
} from "./returnable.ts";
import { returnHoldsUnits } from "./states.ts";

/**
 * What the order paid for its goods and for its delivery. The promotion (discountCents) comes off
 * the goods first: quote() caps it at goods + delivery, so only a promotion larger than the goods
 * reaches the delivery.
 */
export function paidSplit(order: ReturnableOrder): { goodsCents: number; shippingCents: number } {
  const goodsGross = order.subtotalCents + order.taxCents;
  const goodsDiscount = Math.min(order.discountCents, goodsGross);
  const shippingDiscount = Math.min(order.discountCents - goodsDiscount, order.shippingCents);
  return {
    goodsCents: goodsGross - goodsDiscount,
    shippingCents: order.shippingCents - shippingDiscount,
  };
}

/**
 * What each unit of the order paid, tax included, with the promotion shared out pro rata to the
 * units' prices: per line, one amount per unit. The cents are shared by the largest-remainder
 * rule (the floor of each unit's exact share, then one more cent to the units with the largest
 * remainders, earlier units first on a tie), so the units' amounts add up to exactly what was
 * paid for the goods: returning every unit, in any number of returns, refunds the goods exactly,
 * never a cent more.
 */
export function unitAmounts(order: ReturnableOrder): number[][] {
  if (order.promotions) {
    // Each line paid its gross less its promotions' shares of it (docs/product.md §9
    // "Promotions"): its units share that, the first units taking the odd cents.
    const gross = lineGross(order.lines);
    return order.lines.map((line, i) => {
      const paid = (gross[i] ?? 0) - (line.discountCents ?? 0);
      return Array.from({ length: line.quantity }, (_, u) =>
        unitRefundCents(paid, line.quantity, u, 1),
      );
    });
  }
  const { goodsCents } = paidSplit(order);
  const units: Array<{ line: number; weight: number }> = [];
  order.lines.forEach((line, i) => {
    for (let u = 0; u < line.quantity; u++) units.push({ line: i, weight: line.unitPriceCents });
  });
  const totalWeight = units.reduce((sum, u) => sum + u.weight, 0);
  const shares = units.map((u, index) => {
    const exact = totalWeight === 0 ? 0 : (goodsCents * u.weight) / totalWeight;
    return { index, cents: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = goodsCents - shares.reduce((sum, s) => sum + s.cents, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const share of byRemainder) {
    if (left <= 0) break;
    share.cents += 1;
    left -= 1;
  }
  const amounts: number[][] = order.lines.map(() => []);
  units.forEach((u, index) => {
    amounts[u.line]?.push(shares[index]?.cents ?? 0);
  });
  return amounts;
}

export interface RefundBreakdown {
  /** The goods returned for money (an exchanged unit is swapped, not refunded). */
  itemsCents: number;
  /** The delivery, when this return completes the order's return. */
  shippingCents: number;
  totalCents: number;
  /** The tax inside totalCents (25 % of the net: total − total / 1.25), for the credit note. */
  taxCents: number;
  /** Each requested line's amount, in the request's order (0 for an exchanged line). */
  lineCents: number[];
}

/**
 * The refund of a new return: each returned unit's amount (unitAmounts, taking a line's units in
 * order after those already held by other returns), plus the delivery when, with this return,
 * every unit of the order is returned for money (within the window: a return can only be asked
 * within it). Exchanged units refund nothing. Capped so that the refunds of the order never add
 * up to more than it paid.
 */
export function refundFor(
  order: ReturnableOrder,
  lines: readonly ReturnLineRequest[],
  returns: readonly ExistingReturn[],
): RefundBreakdown {
  const amounts = unitAmounts(order);
  const held = heldUnits(order, returns);
  let itemsCents = 0;
  const taken = order.lines.map(() => 0);
  const lineCents = lines.map((l) => {
    const start = (held[l.line] ?? 0) + (taken[l.line] ?? 0);
    taken[l.line] = (taken[l.line] ?? 0) + l.quantity;
    if (l.exchangeSize) return 0;
    let cents = 0;
    for (let u = start; u < start + l.quantity; u++) cents += amounts[l.line]?.[u] ?? 0;
    itemsCents += cents;
    return cents;
  });
  // The whole order back for money: every unit held by refund returns, this one included.
  const refundedUnits = order.lines.map(() => 0);
  for (const r of returns) {
    if (!returnHoldsUnits(r.state)) continue;
    for (const l of r.lines)
      if (!l.exchangeSize) refundedUnits[l.line] = (refundedUnits[l.line] ?? 0) + l.quantity;
  }
  for (const l of lines)
    if (!l.exchangeSize) refundedUnits[l.line] = (refundedUnits[l.line] ?? 0) + l.quantity;
  const whole = order.lines.every((line, i) => (refundedUnits[i] ?? 0) >= line.quantity);
  const shippingAlready = returns.some((r) => returnHoldsUnits(r.state) && r.refundsShipping);
  const shippingCents = whole && !shippingAlready ? paidSplit(order).shippingCents : 0;
  const already = returns
    .filter((r) => returnHoldsUnits(r.state))
    .reduce((sum, r) => sum + r.refundCents, 0);
  const totalCents = Math.max(0, Math.min(itemsCents + shippingCents, order.totalCents - already));
  return {
    itemsCents: Math.min(itemsCents, totalCents),
    shippingCents: totalCents - Math.min(itemsCents, totalCents),
    totalCents,
    taxCents: taxInside(totalCents),
    lineCents,
  };
}

/** The 25 % tax inside a price that includes it (docs/product.md §9 "Tax"), to the cent. */
export function taxInside(grossCents: number): number {
  return grossCents - Math.round(grossCents / 1.25);
}

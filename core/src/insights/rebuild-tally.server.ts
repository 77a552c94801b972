// One page's totals in a rebuild of the sales aggregates (./rebuild.server.ts): an order added to
// them (its sale on the day it was paid, its state, the marks of its recent transitions), and a
// part's totals added to the run's sum.
import type { Context } from "../context/index.server.ts";
import { orderSaleFacts } from "../orders/order-events.ts";
import type { Order } from "../orders/orders.server.ts";
import { ORDER_STATES, type OrderState } from "../orders/state.ts";
import { MARK_RETENTION_DAYS, markItem } from "./aggregates.server.ts";
import {
  addPromotionSales,
  dayOf,
  emptySalesDay,
  type PromotionSales,
  productColourKey,
  type SalesDay,
} from "./figures.ts";
import { chunksOf, countsAsSale, PROMOTIONS_MARK_INFIX, promotionChunksOf } from "./tally.ts";

/** One page's totals, kept as a part item of the run and summed by "replace". */
export interface Tally {
  days: Record<string, SalesDay>;
  units: Record<string, number>;
  /** Per promotion, all time (absent from a part written before the promotions' figures). */
  promotions?: Record<string, PromotionSales>;
  states: Record<OrderState, number>;
  orders: number;
  marks: number;
}

export const emptyTally = (): Tally => ({
  days: {},
  units: {},
  promotions: {},
  states: Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<OrderState, number>,
  orders: 0,
  marks: 0,
});

/** Adds an order to `tally`; returns the marks of its recent transitions. */
export function tallyOrder(ctx: Context, tally: Tally, order: Order, now: Date) {
  tally.orders++;
  tally.states[order.state] = (tally.states[order.state] ?? 0) + 1;
  const facts = orderSaleFacts(order);
  if (countsAsSale(facts) && facts.paidAt) {
    const day = dayOf(facts.paidAt, ctx.config.timeZone);
    const sales = tally.days[day] ?? emptySalesDay(day);
    sales.revenueCents += facts.totalCents;
    sales.orders += 1;
    for (const [id, n] of Object.entries(facts.units)) {
      sales.items += n;
      sales.products[id] = (sales.products[id] ?? 0) + n;
      tally.units[id] = (tally.units[id] ?? 0) + n;
    }
    const colours = sales.colours ?? {};
    sales.colours = colours;
    for (const [id, counts] of Object.entries(facts.colours ?? {})) {
      for (const [colour, n] of Object.entries(counts)) {
        const key = productColourKey(id, colour);
        colours[key] = (colours[key] ?? 0) + n;
      }
    }
    const given = Object.fromEntries(
      Object.entries(facts.promotions ?? {}).map(([id, p]) => [
        id,
        {
          label: p.label,
          ...(p.code ? { code: p.code } : {}),
          orders: 1,
          discountCents: p.discountCents,
        },
      ]),
    );
    sales.promotions = addPromotionSales(sales.promotions ?? {}, given);
    tally.promotions = addPromotionSales(tally.promotions ?? {}, given);
    tally.days[day] = sales;
  }
  const markSince = now.getTime() - MARK_RETENTION_DAYS * 24 * 3600 * 1000;
  const chunks = chunksOf(facts.units, facts.colours).length;
  const promotionChunks = promotionChunksOf(facts.promotions ?? {}).length;
  const marks: Record<string, unknown>[] = [];
  for (const [transition, when] of transitionsOf(order)) {
    if (!when || Date.parse(when) < markSince) continue;
    for (let i = 0; i < chunks; i++) marks.push(markItem(order.id, `${transition}#${i}`, now));
    // A sale's transitions count its promotions in chunks of their own.
    if (transition !== "paid" && transition !== "canceled") continue;
    for (let i = 0; i < promotionChunks; i++) {
      marks.push(markItem(order.id, `${transition}${PROMOTIONS_MARK_INFIX}${i}`, now));
    }
  }
  tally.marks += marks.length;
  return marks;
}

/** Adds a part's totals to `total`. */
export function addTally(total: Tally, part: Tally) {
  total.orders += part.orders;
  total.marks += part.marks;
  for (const [state, n] of Object.entries(part.states)) {
    total.states[state as OrderState] = (total.states[state as OrderState] ?? 0) + n;
  }
  for (const [id, n] of Object.entries(part.units)) total.units[id] = (total.units[id] ?? 0) + n;
  total.promotions = addPromotionSales(total.promotions ?? {}, part.promotions ?? {});
  for (const [day, d] of Object.entries(part.days)) {
    const sales = total.days[day] ?? emptySalesDay(day);
    sales.revenueCents += d.revenueCents;
    sales.orders += d.orders;
    sales.items += d.items;
    for (const [id, n] of Object.entries(d.products)) {
      sales.products[id] = (sales.products[id] ?? 0) + n;
    }
    const colours = sales.colours ?? {};
    for (const [key, n] of Object.entries(d.colours ?? {})) colours[key] = (colours[key] ?? 0) + n;
    sales.colours = colours;
    sales.promotions = addPromotionSales(sales.promotions ?? {}, d.promotions ?? {});
    total.days[day] = sales;
  }
}

/** The transitions an order went through, each with when (the events it emitted). */
function transitionsOf(order: Order): Array<[string, string | undefined]> {
  return [
    ["placed", order.createdAt],
    ["paid", order.paidAt],
    ["shipped", order.shippedAt],
    ["delivered", order.deliveredAt],
    ["canceled", order.canceledAt],
  ];
}

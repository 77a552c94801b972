// What promotions take off a cart (docs/product.md §9 "Promotions: kinds, conditions and how
// they combine"): pure, browser-safe, in EUR cents. The checkout, the cart and the order use it;
// the table only supplies the offers, the customer's history and the clock.
//
// Every amount a promotion takes is a share of a line's gross (its items' price plus their share
// of the tax), so that a line's discounts add up to what the order records for it, and a return
// refunds each unit what was paid for it (`unitRefundCents`).
import type { Category } from "../catalog/categories.ts";
import { dateWindow } from "../common/date-window.ts";
import { TAX_RATE } from "../pricing/quote.ts";
import { isPromotionUsedUp } from "./rules.ts";

/**
 * Which items an item promotion takes off. Each part given must hold, and within a part any of
 * its entries: { audiences: ["Women"], productTypes: ["dresses"] } is Women's dresses (not every
 * Women's item and every dress). A part left out or empty holds for every item.
 */
export interface PromotionTarget {
  audiences?: readonly Category[];
  productTypes?: readonly string[];
  productIds?: readonly string[];
}

/** What a promotion gives. A percentage is a whole number from 1 to 100. */
export type PromotionEffect =
  | { kind: "amount-off-order"; amountCents: number }
  | { kind: "percent-off-order"; percent: number }
  | { kind: "amount-off-items"; amountCents: number; target: PromotionTarget }
  | { kind: "percent-off-items"; percent: number; target: PromotionTarget }
  /** Free delivery: the standard method only, or both methods. */
  | { kind: "free-delivery"; methods: "STANDARD" | "ALL" };

export type PromotionKind = PromotionEffect["kind"];

/** When a promotion holds; every condition given must. */
export interface PromotionConditions {
  /** The cart's subtotal (its items' prices, before tax and promotions) must reach this. */
  minSubtotalCents?: number;
  /** First day ("2026-12-01", the shop's time zone) or first instant (ISO) it applies. */
  startsAt?: string;
  /** Last day it applies (through that day, the shop's time zone) or the instant it stops. */
  endsAt?: string;
  /** How many orders may use it in all; none = unlimited. */
  usageLimit?: number;
  /** A customer may use it in one order only. */
  oncePerCustomer?: boolean;
  /** Only a customer's first order. */
  firstOrderOnly?: boolean;
}

export interface Offer {
  id: string;
  label: string;
  /** The code a shopper types; none = an automatic offer, applied by itself. */
  code?: string;
  effect: PromotionEffect;
  conditions: PromotionConditions;
  usedCount: number;
  createdAt: string;
}

/** A cart line as promotions see it: the unit price is already the sale price, if on sale. */
export interface OfferLine {
  productId: string;
  category: Category;
  productType?: string;
  unitPriceCents: number;
  quantity: number;
}

export interface OfferContext {
  now: Date;
  /** The shop's time zone, for dates given as days. */
  timeZone: string;
  /** The signed-in customer's history; none = a guest (no customer condition can hold). */
  customer?: { ordersBefore: number; usedPromotionIds: ReadonlySet<string> };
  /** The delivery method chosen. */
  method: "STANDARD" | "EXPRESS";
  /** The method's price before any promotion (0 when the threshold already made it free). */
  shippingCents: number;
}

/** Why an offer does not apply: the code box's message for a code. */
export type OfferRefusal =
  | "not-started"
  | "ended"
  | "used-up"
  | "min-subtotal"
  | "used-by-customer"
  | "first-order-only"
  | "sign-in-needed"
  | "nothing-eligible";

export interface AppliedPromotion {
  id: string;
  label: string;
  code?: string;
  kind: PromotionKind;
  /** Cents taken off each line (by the cart's line index; 0 for a line it does not touch). */
  lineCents: number[];
  /** Cents taken off the delivery. */
  shippingCents: number;
  totalCents: number;
}

export interface OfferOutcome {
  /** In the order they were applied (automatic item, automatic order, delivery, then the code). */
  applied: AppliedPromotion[];
  /** Each line's gross before promotions: its price plus its share of the tax. */
  lineGrossCents: number[];
  /** Each line's discount, all promotions together; never more than its gross. */
  lineDiscountCents: number[];
  shippingDiscountCents: number;
  discountCents: number;
  /** The code given, when it gives nothing: why. */
  codeRefused?: OfferRefusal;
}

/** Shares `total` out over `weights` in proportion, to the cent, largest remainder first. */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** Each line's price plus its share of the cart's tax (25% of the subtotal, rounded once). */
export function lineGross(
  lines: readonly Pick<OfferLine, "unitPriceCents" | "quantity">[],
): number[] {
  const nets = lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotal = nets.reduce((a, b) => a + b, 0);
  const tax = shareOut(Math.round(subtotal * TAX_RATE), nets);
  return nets.map((net, i) => net + (tax[i] ?? 0));
}

export function isTargeted(line: OfferLine, target: PromotionTarget): boolean {
  const { audiences = [], productTypes = [], productIds = [] } = target;
  // A target with no part at all takes off nothing (the form refuses one).
  if (audiences.length + productTypes.length + productIds.length === 0) return false;
  return (
    (audiences.length === 0 || audiences.includes(line.category)) &&
    (productTypes.length === 0 ||
      (line.productType !== undefined && productTypes.includes(line.productType))) &&
    (productIds.length === 0 || productIds.includes(line.productId))
  );
}

/** Whether the offer's dates hold at `now`: "not-started", "ended" or undefined. */
export const offerDates = dateWindow;

/** Why the offer cannot apply to this cart and customer, or undefined when it can. */
export function offerRefusal(
  offer: Offer,
  lines: readonly OfferLine[],
  ctx: OfferContext,
): OfferRefusal | undefined {
  const { conditions, effect } = offer;
  const dates = offerDates(conditions, ctx.now, ctx.timeZone);
  if (dates) return dates;
  if (isPromotionUsedUp({ usageLimit: conditions.usageLimit, usedCount: offer.usedCount })) {
    return "used-up";
  }
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (conditions.minSubtotalCents !== undefined && subtotal < conditions.minSubtotalCents) {
    return "min-subtotal";
  }
  if (conditions.oncePerCustomer || conditions.firstOrderOnly) {
    if (!ctx.customer) return "sign-in-needed";
    if (conditions.oncePerCustomer && ctx.customer.usedPromotionIds.has(offer.id)) {
      return "used-by-customer";
    }
    if (conditions.firstOrderOnly && ctx.customer.ordersBefore > 0) return "first-order-only";
  }
  if (
    (effect.kind === "amount-off-items" || effect.kind === "percent-off-items") &&
    !lines.some((line) => line.quantity > 0 && isTargeted(line, effect.target))
  ) {
    return "nothing-eligible";
  }
  if (
    effect.kind === "free-delivery" &&
    effect.methods === "STANDARD" &&
    ctx.method !== "STANDARD"
  ) {
    return "nothing-eligible";
  }
  return undefined;
}

/** Half a cent rounds up. */
const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/**
 * What one offer takes off each line, given what is left of each line and of the delivery. Item
 * offers take off their targets' lines; order offers off every line; free delivery off the
 * delivery. An amount off the order beyond the items comes off the delivery.
 */
function takes(
  effect: PromotionEffect,
  lines: readonly OfferLine[],
  left: readonly number[],
  shippingLeft: number,
): { lineCents: number[]; shippingCents: number } {
  const none = { lineCents: left.map(() => 0), shippingCents: 0 };
  switch (effect.kind) {
    case "percent-off-items":
    case "amount-off-items": {
      const lineCents = lines.map((line, i) => {
        const rest = left[i] ?? 0;
        if (!isTargeted(line, effect.target)) return 0;
        const wanted =
          effect.kind === "percent-off-items"
            ? percentOf(rest, effect.percent)
            : effect.amountCents * line.quantity;
        return Math.min(wanted, rest);
      });
      return { lineCents, shippingCents: 0 };
    }
    case "percent-off-order":
      return {
        lineCents: left.map((rest) => Math.min(percentOf(rest, effect.percent), rest)),
        shippingCents: 0,
      };
    case "amount-off-order": {
      const goods = left.reduce((a, b) => a + b, 0);
      const onGoods = Math.min(effect.amountCents, goods);
      return {
        lineCents: shareOut(onGoods, left),
        shippingCents: Math.min(effect.amountCents - onGoods, shippingLeft),
      };
    }
    case "free-delivery":
      return { ...none, shippingCents: shippingLeft };
  }
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Earlier created first, then by id: the order offers are weighed and listed in. */
const byAge = (a: Offer, b: Offer) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/**
 * Applies the automatic offers and at most one code to a cart (docs/product.md §9):
 * 1. automatic item offers: each line takes the one that takes most off it;
 * 2. automatic order offers: the one that takes most off what is left;
 * 3. automatic free delivery;
 * 4. the code, on what is left.
 * Each step works on what the steps before left of each line; no line goes below 0.
 */
export function applyOffers(
  lines: readonly OfferLine[],
  offers: readonly Offer[],
  code: Offer | undefined,
  ctx: OfferContext,
): OfferOutcome {
  const gross = lineGross(lines);
  const left = [...gross];
  let shippingLeft = ctx.shippingCents;
  const applied: AppliedPromotion[] = [];
  const record = (offer: Offer, lineCents: number[], shippingCents: number) => {
    lineCents.forEach((cents, i) => {
      left[i] = (left[i] ?? 0) - cents;
    });
    shippingLeft -= shippingCents;
    applied.push({
      id: offer.id,
      label: offer.label,
      ...(offer.code ? { code: offer.code } : {}),
      kind: offer.effect.kind,
      lineCents,
      shippingCents,
      totalCents: sum(lineCents) + shippingCents,
    });
  };

  const automatic = offers
    .filter((offer) => !offer.code && offerRefusal(offer, lines, ctx) === undefined)
    .sort(byAge);
  // 1. Per line, the item offer that takes most off it (the older one on a tie).
  const itemOffers = automatic.filter(
    (o) => o.effect.kind === "amount-off-items" || o.effect.kind === "percent-off-items",
  );
  const chosen = new Map<Offer, number[]>();
  lines.forEach((_, i) => {
    let best: { offer: Offer; cents: number } | undefined;
    for (const offer of itemOffers) {
      const cents = takes(offer.effect, lines, gross, 0).lineCents[i] ?? 0;
      if (cents > 0 && (!best || cents > best.cents)) best = { offer, cents };
    }
    if (!best) return;
    const row = chosen.get(best.offer) ?? lines.map(() => 0);
    row[i] = best.cents;
    chosen.set(best.offer, row);
  });
  for (const [offer, lineCents] of chosen) record(offer, lineCents, 0);

  // 2. The order offer that takes most off what is left.
  let bestOrder: { offer: Offer; take: ReturnType<typeof takes> } | undefined;
  for (const offer of automatic) {
    if (offer.effect.kind !== "amount-off-order" && offer.effect.kind !== "percent-off-order") {
      continue;
    }
    const take = takes(offer.effect, lines, left, shippingLeft);
    const total = sum(take.lineCents) + take.shippingCents;
    if (
      total > 0 &&
      (!bestOrder || total > sum(bestOrder.take.lineCents) + bestOrder.take.shippingCents)
    ) {
      bestOrder = { offer, take };
    }
  }
  if (bestOrder) record(bestOrder.offer, bestOrder.take.lineCents, bestOrder.take.shippingCents);

  // 3. Free delivery, automatic.
  const delivery = automatic.find((offer) => offer.effect.kind === "free-delivery");
  if (delivery && shippingLeft > 0)
    record(
      delivery,
      lines.map(() => 0),
      shippingLeft,
    );

  // 4. The code.
  let codeRefused: OfferRefusal | undefined;
  if (code) {
    codeRefused = offerRefusal(code, lines, ctx);
    if (!codeRefused) {
      const take = takes(code.effect, lines, left, shippingLeft);
      record(code, take.lineCents, take.shippingCents);
    }
  }

  const lineDiscountCents = gross.map((g, i) => g - (left[i] ?? 0));
  const shippingDiscountCents = ctx.shippingCents - shippingLeft;
  return {
    applied,
    lineGrossCents: gross,
    lineDiscountCents,
    shippingDiscountCents,
    discountCents: sum(lineDiscountCents) + shippingDiscountCents,
    ...(codeRefused ? { codeRefused } : {}),
  };
}

/**
 * What returning `count` more units of a line refunds, when `returned` were returned before: the
 * line's paid amount (its gross less its discounts) shared over its units to the cent, the first
 * units taking the odd cents, so that returning every unit, at once or one by one, refunds
 * exactly what the line paid.
 */
export function unitRefundCents(
  paidCents: number,
  quantity: number,
  returned: number,
  count: number,
): number {
  if (quantity <= 0 || count <= 0) return 0;
  const base = Math.floor(paidCents / quantity);
  const odd = paidCents - base * quantity;
  const from = Math.min(returned, quantity);
  const to = Math.min(returned + count, quantity);
  const oddUnits = Math.max(0, Math.min(to, odd) - Math.min(from, odd));
  return base * (to - from) + oddUnits;
}

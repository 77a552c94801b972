// Returns and exchanges, the rules (docs/product.md §4 "Returns and exchanges"): the window
// counted from delivery, which units of which line may still be returned, the fixed reasons,
// the states and who may move a return between them, what is refunded (to the cent), and what
// an exchange may ask for. Pure and browser-safe: the data access is ./returns.server.ts.
import { isSizeTag, type SizeTag } from "../catalog/sizes.ts";
import { variantKey } from "../catalog/variants.ts";
import { lineGross, unitRefundCents } from "../promotions/offers.ts";

/** Days a delivered order may be returned in, unless RETURN_DAYS says otherwise. */
export const DEFAULT_RETURN_DAYS = 30;

export const RETURN_REASONS = [
  { tag: "too-small", label: "Too small" },
  { tag: "too-large", label: "Too large" },
  { tag: "not-as-described", label: "Not as described" },
  { tag: "faulty", label: "Faulty" },
  { tag: "changed-my-mind", label: "Changed my mind" },
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number]["tag"];
export const RETURN_REASON_TAGS: readonly ReturnReason[] = RETURN_REASONS.map((r) => r.tag);

export function returnReasonLabel(reason: ReturnReason): string {
  return RETURN_REASONS.find((r) => r.tag === reason)?.label ?? reason;
}

// ─── States ─────────────────────────────────────────────────────────────────────────────────

/**
 * requested → approved → received → refunded; an admin may reject a requested return (with a
 * message); the customer may cancel one that is not yet received. A received exchange is done
 * once its replacement order exists ("exchanged": nothing is refunded).
 */
export const RETURN_STATES = [
  "requested",
  "approved",
  "received",
  "refunded",
  "exchanged",
  "rejected",
  "cancelled",
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

export function isReturnState(value: unknown): value is ReturnState {
  return RETURN_STATES.some((s) => s === value);
}

const NEXT: Readonly<Record<ReturnState, readonly ReturnState[]>> = {
  requested: ["approved", "rejected", "cancelled"],
  approved: ["received", "cancelled"],
  received: ["refunded", "exchanged"],
  refunded: [],
  exchanged: [],
  rejected: [],
  cancelled: [],
};

/** An open return holds its units (and an exchange its replacement): none of these. */
export const CLOSED_RETURN_STATES: readonly ReturnState[] = ["rejected", "cancelled"];
/** The states in which a return's units are not (or no longer) counted against its order. */
export const returnHoldsUnits = (state: ReturnState) => !CLOSED_RETURN_STATES.includes(state);

/** Why a return in `from` cannot move to `to`, or null when it can. */
export function returnTransitionError(from: ReturnState, to: ReturnState): string | null {
  if (NEXT[from]?.includes(to)) return null;
  if (from === to) return `The return is already ${RETURN_STATE_LABELS[to].toLowerCase()}`;
  return `A return that is ${RETURN_STATE_LABELS[from].toLowerCase()} cannot be ${ACTION_WORDS[to]}`;
}

export const RETURN_STATE_LABELS: Readonly<Record<ReturnState, string>> = {
  requested: "Requested",
  approved: "Approved",
  received: "Received",
  refunded: "Refunded",
  exchanged: "Exchanged",
  rejected: "Rejected",
  cancelled: "Cancelled",
};

const ACTION_WORDS: Readonly<Record<ReturnState, string>> = {
  requested: "requested",
  approved: "approved",
  received: "marked received",
  refunded: "refunded",
  exchanged: "exchanged",
  rejected: "rejected",
  cancelled: "cancelled",
};

// ─── The window ─────────────────────────────────────────────────────────────────────────────

const DAY_MS = 24 * 3600 * 1000;

/** The last moment a return may be requested: `days` whole days after delivery. */
export function returnWindowEnd(deliveredAt: string, days: number = DEFAULT_RETURN_DAYS): Date {
  return new Date(new Date(deliveredAt).getTime() + days * DAY_MS);
}

/** Is `now` within the window of an order delivered at `deliveredAt`? (The last instant counts.) */
export function withinReturnWindow(
  deliveredAt: string | undefined,
  now: Date,
  days: number = DEFAULT_RETURN_DAYS,
): boolean {
  if (!deliveredAt) return false;
  const end = returnWindowEnd(deliveredAt, days).getTime();
  return !Number.isNaN(end) && now.getTime() <= end;
}

// ─── What the rules need of an order and of its returns ─────────────────────────────────────

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

// ─── Refused requests: a field and a message each ───────────────────────────────────────────

export const RETURN_ORDER_NOT_DELIVERED = "Only a delivered order can be returned";
export const RETURN_WINDOW_CLOSED = (days: number) =>
  `The ${days}-day return window of this order has closed`;
export const RETURN_NOTHING_CHOSEN = "Choose at least one item to return";
export const RETURN_LINE_NOT_BOUGHT = "This item is not part of the order";
export const RETURN_MORE_THAN_BOUGHT = (bought: number) =>
  `You bought ${bought} of this item: you cannot return more`;
export const RETURN_ALREADY_OPEN = "An open return already covers this item";
export const RETURN_REASON_INVALID = "Choose a reason";
export const EXCHANGE_SAME_SIZE = "Choose a different colour or size for the exchange";
export const EXCHANGE_SIZE_NOT_OFFERED = "This size is not offered for this product";
export const EXCHANGE_COLOUR_NOT_OFFERED = "This colour is not offered for this product";
export const EXCHANGE_SIZE_OUT_OF_STOCK = "This colour and size is out of stock";

/** A refusal: the form field it belongs to, the message, and the HTTP status. */
export interface ReturnRefusal {
  field: string;
  message: string;
  status: 400 | 409;
}

/** The form's field for one order line's quantity and exchange size. */
export const quantityField = (line: number) => `quantity-${line}`;
export const exchangeSizeField = (line: number) => `size-${line}`;

export interface ExchangeOptions {
  /** The sizes the product offers, by product id. */
  offered: ReadonlyMap<string, readonly string[]>;
  /** The colours (palette ids) the product comes in, its first colourway first, by product id. */
  colours: ReadonlyMap<string, readonly string[]>;
  /** Units left per variant key ("navy/M"), by product id. */
  stock: ReadonlyMap<string, Readonly<Record<string, number>>>;
}

/** One variant an exchange may ask for. */
export interface ExchangeVariant {
  colour: string;
  size: string;
}

/** The exchange field's value of a variant: its stock key, "navy/M" (schemas.ts reads it). */
export const exchangeChoice = (variant: ExchangeVariant) =>
  variantKey(variant.colour, variant.size);

/** The colour a line was bought in: its own, or (before colourways) the product's first. */
export function boughtColour(
  bought: Pick<ReturnableOrderLine, "productId" | "colour">,
  exchange: Pick<ExchangeOptions, "colours">,
): string | undefined {
  return bought.colour ?? exchange.colours.get(bought.productId)?.[0];
}

/**
 * Why this return cannot be requested, or null: the order must be delivered (and paid), within
 * the window; each line must be one of the order's, asked at most as many times as is left of it
 * (a unit already in an open return is named as such); an exchange must ask for another variant
 * (colour, size or both) of the same product that the product offers and has in stock. Ownership is checked by the caller
 * (another customer's order is "not found").
 */
export function returnRequestError(
  order: ReturnableOrder,
  lines: readonly ReturnLineRequest[],
  returns: readonly ExistingReturn[],
  exchange: ExchangeOptions,
  now: Date,
  days: number = DEFAULT_RETURN_DAYS,
): ReturnRefusal | null {
  if (order.state !== "DELIVERED" || order.payment !== "paid") {
    return { field: "order", message: RETURN_ORDER_NOT_DELIVERED, status: 409 };
  }
  if (!withinReturnWindow(order.deliveredAt, now, days)) {
    return { field: "order", message: RETURN_WINDOW_CLOSED(days), status: 409 };
  }
  if (lines.length === 0 || lines.every((l) => l.quantity === 0)) {
    return { field: "lines", message: RETURN_NOTHING_CHOSEN, status: 400 };
  }
  const held = heldUnits(order, returns);
  const asked = order.lines.map(() => 0);
  for (const l of lines) {
    const bought = order.lines[l.line];
    if (!bought || !Number.isSafeInteger(l.line)) {
      return { field: quantityField(l.line), message: RETURN_LINE_NOT_BOUGHT, status: 400 };
    }
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 0) {
      return { field: quantityField(l.line), message: "Choose a quantity", status: 400 };
    }
    asked[l.line] = (asked[l.line] ?? 0) + l.quantity;
    if ((asked[l.line] ?? 0) > bought.quantity) {
      return {
        field: quantityField(l.line),
        message: RETURN_MORE_THAN_BOUGHT(bought.quantity),
        status: 400,
      };
    }
    if ((asked[l.line] ?? 0) + (held[l.line] ?? 0) > bought.quantity) {
      return { field: quantityField(l.line), message: RETURN_ALREADY_OPEN, status: 409 };
    }
    if (l.exchangeSize !== undefined && l.quantity > 0) {
      const refusal = exchangeVariantError(
        bought,
        { colour: l.exchangeColour ?? boughtColour(bought, exchange) ?? "", size: l.exchangeSize },
        exchange,
      );
      if (refusal) return { field: exchangeSizeField(l.line), message: refusal, status: 409 };
    }
  }
  return null;
}

/** Why `wanted` cannot replace the bought line's variant, or null. */
export function exchangeVariantError(
  bought: Pick<ReturnableOrderLine, "productId" | "colour" | "size">,
  wanted: ExchangeVariant,
  exchange: ExchangeOptions,
): string | null {
  if (!isSizeTag(wanted.size)) return EXCHANGE_SIZE_NOT_OFFERED;
  if (!(exchange.colours.get(bought.productId) ?? []).includes(wanted.colour)) {
    return EXCHANGE_COLOUR_NOT_OFFERED;
  }
  if (wanted.size === bought.size && wanted.colour === boughtColour(bought, exchange)) {
    return EXCHANGE_SAME_SIZE;
  }
  if (!(exchange.offered.get(bought.productId) ?? []).includes(wanted.size)) {
    return EXCHANGE_SIZE_NOT_OFFERED;
  }
  const left = exchange.stock.get(bought.productId)?.[variantKey(wanted.colour, wanted.size)] ?? 0;
  if (left <= 0) return EXCHANGE_SIZE_OUT_OF_STOCK;
  return null;
}

/**
 * The variants an exchange of this line may ask for: offered, in stock, not the one bought;
 * colour by colour (the one bought first), each in the sizes' order.
 */
export function exchangeVariants(
  bought: Pick<ReturnableOrderLine, "productId" | "colour" | "size">,
  exchange: ExchangeOptions,
): ExchangeVariant[] {
  const own = boughtColour(bought, exchange);
  const colours = exchange.colours.get(bought.productId) ?? [];
  const ordered = [...colours.filter((c) => c === own), ...colours.filter((c) => c !== own)];
  return ordered.flatMap((colour) =>
    (exchange.offered.get(bought.productId) ?? [])
      .map((size) => ({ colour, size }))
      .filter((wanted) => exchangeVariantError(bought, wanted, exchange) === null),
  );
}

// ─── The refund ─────────────────────────────────────────────────────────────────────────────

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

// ─── Numbers ────────────────────────────────────────────────────────────────────────────────

/** A return's number (RMA): "RMA-" and 8 characters of Crockford's base32, like order numbers. */
export const RMA_PATTERN = /^RMA-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;
/** A credit note's number: "CN-" and the same 8 characters as its return's RMA. */
export const creditNoteNumber = (rma: string) => `CN-${rma.replace(/^RMA-/, "")}`;

/** Where returned parcels go: printed on the return slip and in the e-mails. */
export const RETURN_ADDRESS = [
  "Threadline Returns",
  "Calle de la Industria 12",
  "28906 Getafe",
  "Spain",
] as const;

/** What the customer does next, on the confirmation page, in the e-mail and on the slip. */
export const RETURN_INSTRUCTIONS = [
  "Pack the items in their original packaging if you can, with the return slip inside.",
  "Write the return number on the parcel and send it to the address below with any carrier.",
  "We check the items when they arrive; your refund goes back to your card once it is approved.",
] as const;

/** A return's state as a badge shows it (the tones of core/src/orders/status.ts). */
export function returnStatus(state: ReturnState): {
  label: string;
  tone: "neutral" | "progress" | "success" | "warning" | "danger";
} {
  const tone =
    state === "refunded" || state === "exchanged"
      ? "success"
      : state === "rejected"
        ? "danger"
        : state === "cancelled"
          ? "neutral"
          : state === "requested"
            ? "warning"
            : "progress";
  return { label: RETURN_STATE_LABELS[state], tone };
}

// Returns and exchanges, the rules (docs/product.md §4 "Returns and exchanges"): the window
// counted from delivery, which units of which line may still be returned, the fixed reasons,
// the states and who may move a return between them, what is refunded (to the cent), and what
// an exchange may ask for. Pure and browser-safe: the data access is ./index.server.ts. The
// states, the units held and the refund's amounts have their own modules, re-exported here.
import { isSizeTag } from "../catalog/sizes.ts";
import { variantKey } from "../catalog/variants.ts";
import {
  type ExistingReturn,
  heldUnits,
  type ReturnableOrder,
  type ReturnableOrderLine,
  type ReturnLineRequest,
} from "./returnable.ts";

export * from "./refund-amounts.ts";
export * from "./returnable.ts";
export * from "./states.ts";

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

// The admin's order export (docs/product.md §10 "Orders"): the date range's form and what each
// order's CSV row holds. Browser-safe (the form is checked in the browser with the same schema);
// reading the table and writing the CSV is ./order-export.server.ts.
import * as v from "valibot";
import type { SizeTag } from "../catalog/sizes.ts";
import { namedColour } from "../catalog/variants.ts";
import type { OrderState, PaymentStatus } from "../orders/state.ts";
import { paymentStatusOf } from "../orders/status.ts";

export const EXPORT_DATE_INVALID = "Enter a valid date (YYYY-MM-DD)";
export const EXPORT_RANGE_REVERSED = "To must be on or after From";

/** YYYY-MM-DD and a day of the calendar (2027-02-30 is not one). */
const isCalendarDay = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** A required date field: one message at a time (docs/product.md §5). */
function exportDate(label: string) {
  return v.nullish(
    v.pipe(
      v.string(`${label} must be text`),
      v.trim(),
      v.check((text) => text === "" || isCalendarDay(text), EXPORT_DATE_INVALID),
      v.nonEmpty(`${label} is required`),
    ),
    "",
  );
}

/** The export's GET form: From and To, both days included (UTC), From not after To. */
export const OrderExportSchema = v.pipe(
  v.object({ from: exportDate("From"), to: exportDate("To") }),
  v.forward(
    v.partialCheck(
      [["from"], ["to"]],
      // Only between two dates: a bad From says only that.
      (range) => !isCalendarDay(range.from) || !isCalendarDay(range.to) || range.from <= range.to,
      EXPORT_RANGE_REVERSED,
    ),
    ["to"],
  ),
);

export type OrderExportRange = v.InferOutput<typeof OrderExportSchema>;

/** What the form starts with: the last 30 days, today included (UTC). */
export function defaultExportRange(now: Date): OrderExportRange {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { from: day(new Date(now.getTime() - 29 * 86_400_000)), to: day(now) };
}

/** The download's file name: orders-<from>-<to>.csv (the dates are checked, so safe in a header). */
export const exportFilename = (range: OrderExportRange) => `orders-${range.from}-${range.to}.csv`;

/** The download's Content-Disposition: an attachment named exportFilename. */
export const exportDisposition = (range: OrderExportRange) =>
  `attachment; filename="${exportFilename(range)}"`;

/**
 * Where exports are written in the invoices bucket (docs/decisions/030-exports-past-lambda-limits.md):
 * the site may put objects here and nowhere else of the bucket, and a lifecycle rule removes
 * them a day later (stacks/Storage.ts).
 */
export const EXPORTS_PREFIX = "exports/";
/** How long an export's download link works: the browser follows it at once. */
export const EXPORT_LINK_SECONDS = 300;

export const ORDER_EXPORT_COLUMNS = [
  "Number",
  "Date",
  "Customer e-mail",
  "State",
  "Payment",
  "Subtotal",
  "Shipping",
  "Tax",
  "Discount",
  "Total",
  "Lines",
  "Refunded",
  "Promotions",
] as const;

/** Decimal euros with two decimals and a point, whatever the locale: 4900 → "49.00". */
export function euros(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export interface ExportLine {
  name: string;
  /** Palette id; none on orders placed before colourways (the size alone is written). */
  colour?: string | undefined;
  size: SizeTag | string;
  quantity: number;
  unitPriceCents: number;
}

/**
 * An order's lines in one cell, each with its colour and size as the invoice writes them:
 * "2× Linen shirt (Navy / M) @ 49.00; 1× Cap (S) @ 15.00" (a line before colourways: the size).
 */
export const exportLines = (lines: readonly ExportLine[]): string =>
  lines
    .map((l) => {
      const colour = namedColour(l.colour);
      const variant = colour ? `${colour} / ${l.size}` : l.size;
      return `${l.quantity}× ${l.name} (${variant}) @ ${euros(l.unitPriceCents)}`;
    })
    .join("; ");

/**
 * A text cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a
 * carriage return) gets a leading apostrophe, as OWASP advises against CSV injection: a
 * customer chooses their e-mail address and an admin a product's name.
 */
export const inertCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export interface ExportOrder {
  number: string;
  createdAt: string;
  email: string;
  state: OrderState;
  payment: PaymentStatus;
  refundDue?: boolean;
  refundedAt?: string;
  /** What the order's returns refunded (core/src/returns), kept on the order. */
  returnRefundedCents?: number;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  discountCents: number;
  totalCents: number;
  lines: readonly ExportLine[];
  /** Every promotion applied, with all it took (docs/product.md §9 "Promotions"). */
  promotions?: ReadonlyArray<{ label: string; code?: string | undefined; totalCents: number }>;
  /** The code of an order placed before the promotions' kinds (amountCents: all it took). */
  promotion?: { code: string; label: string; amountCents: number };
}

/**
 * The discount of each promotion of the order in one cell, in the order applied: "Winter sale:
 * 20% off coats: 30.00; WELCOME10 Welcome: 10.00" (a code before its label); an order placed
 * before the kinds names its code's promotion; none: empty.
 */
export function exportPromotions(order: Pick<ExportOrder, "promotions" | "promotion">): string {
  const applied =
    order.promotions ??
    (order.promotion ? [{ ...order.promotion, totalCents: order.promotion.amountCents }] : []);
  return applied
    .map((p) => `${p.code ? `${p.code} ` : ""}${p.label}: ${euros(p.totalCents)}`)
    .join("; ");
}

/** One order's row, in the order of ORDER_EXPORT_COLUMNS (quoting is the CSV writer's). */
export function orderExportRow(order: ExportOrder): string[] {
  return [
    order.number,
    order.createdAt,
    inertCell(order.email),
    order.state,
    paymentStatusOf(order).label,
    euros(order.subtotalCents),
    euros(order.shippingCents),
    euros(order.taxCents),
    euros(order.discountCents),
    euros(order.totalCents),
    inertCell(exportLines(order.lines)),
    euros(refundedCents(order)),
    inertCell(exportPromotions(order)),
  ];
}

/**
 * What went back to the customer: the whole total once a cancelled order is refunded, else what
 * its returns refunded (an order is cancelled only before delivery and returned only after, so
 * the two never add up).
 */
export function refundedCents(
  order: Pick<ExportOrder, "state" | "refundedAt" | "totalCents" | "returnRefundedCents">,
): number {
  if (order.state === "CANCELED") return order.refundedAt ? order.totalCents : 0;
  return order.returnRefundedCents ?? 0;
}

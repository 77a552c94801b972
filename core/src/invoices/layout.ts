// The invoice's layout (docs/product.md §9 "Invoice PDF"), as pure data: every piece of text with its place on
// an A4 page. The PDF renderer only draws what this returns, so the content (order number,
// date dd/MM/yyyy, billing address, product lines with their colour and size, subtotal, shipping, taxes, discount, total in
// euro) is tested here without reading a PDF back. Many lines flow onto more pages, the table
// header repeated; the totals end the last page.
import type { Address } from "../common/address.ts";
import { formatPrice } from "../pricing/money.ts";

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const ROW_HEIGHT = 18;
const FOOTER_Y = 30;

export interface InvoiceLine {
  name: string;
  /** The colour's name ("Navy"); none on orders placed before colourways. */
  colour?: string;
  /** The size's tag ("M", "W32"). */
  size: string;
  quantity: number;
  unitPriceCents: number;
}

export interface InvoiceData {
  number: string;
  /** ISO time of the order. */
  createdAt: string;
  email: string;
  address: Address;
  deliveryMethod: string;
  lines: InvoiceLine[];
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  discountCents: number;
  totalCents: number;
  promotionLabel?: string;
  /**
   * Each promotion applied (docs/product.md §9 "Promotions"), with what it took off the items
   * (0: only off the delivery, whose line is already the price paid). Set, it replaces the one
   * discount line.
   */
  promotions?: Array<{ label: string; itemsCents: number }>;
}

export interface TextItem {
  text: string;
  x: number;
  /** Baseline, from the bottom of the page (PDF coordinates). */
  y: number;
  size: number;
  bold?: boolean;
  /** Right-aligned texts end at x. */
  align?: "left" | "right";
}

export interface RuleItem {
  x1: number;
  x2: number;
  y: number;
}

export interface InvoicePage {
  texts: TextItem[];
  rules: RuleItem[];
}

/** Width of a text in points (the renderer passes the font's real metrics). */
export type Measure = (text: string, size: number, bold: boolean) => number;

/** A rough Helvetica measure, for layouts computed without the font. */
export const approximateMeasure: Measure = (text, size, bold) =>
  text.length * size * (bold ? 0.58 : 0.53);

/** dd/MM/yyyy in UTC. */
export function formatInvoiceDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const dd = String(date.getUTCDate()).padStart(2, "0");
  const mm = String(date.getUTCMonth() + 1).padStart(2, "0");
  return `${dd}/${mm}/${date.getUTCFullYear()}`;
}

// Characters the standard fonts' WinAnsi encoding can draw: ASCII, Latin-1 and a few more.
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** Text the PDF's standard fonts can draw: other characters become "?", controls a space. */
export function winAnsiSafe(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += " ";
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += "?";
  }
  return out;
}

/** Cuts a text to `width` points with "…". */
export function fitText(
  text: string,
  width: number,
  size: number,
  bold: boolean,
  measure: Measure,
): string {
  if (measure(text, size, bold) <= width) return text;
  let cut = text;
  while (cut.length > 0 && measure(`${cut}…`, size, bold) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

const COLUMNS = {
  product: MARGIN,
  /** "Navy / M": the line's variant (docs/product.md §9 "Colours"). */
  variant: 262,
  quantity: 370,
  /** Prices and amounts are right-aligned at their x. */
  price: 470,
  amount: PAGE_WIDTH - MARGIN,
};

/** The totals' labels: from here to the amounts (right-aligned at the margin). */
const TOTALS_X = 280;
const TOTALS_LABEL_WIDTH = 190;

export function layoutInvoice(
  invoice: InvoiceData,
  measure: Measure = approximateMeasure,
): InvoicePage[] {
  const pages: InvoicePage[] = [];
  let page: InvoicePage = { texts: [], rules: [] };
  let y = PAGE_HEIGHT - MARGIN;
  const text = (t: string, x: number, size: number, options: Partial<TextItem> = {}) =>
    page.texts.push({ text: winAnsiSafe(t), x, y, size, ...options });

  // Header: the shop, the title, number and date.
  text("Threadline", MARGIN, 20, { bold: true });
  text("Invoice", COLUMNS.amount, 20, { bold: true, align: "right" });
  y -= 28;
  text(`Order number: ${invoice.number}`, COLUMNS.amount, 10, { align: "right" });
  y -= 14;
  text(`Date: ${formatInvoiceDate(invoice.createdAt)}`, COLUMNS.amount, 10, { align: "right" });
  y -= 24;

  // Billing address.
  text("Billed to", MARGIN, 11, { bold: true });
  y -= 15;
  const a = invoice.address;
  const addressLines = [
    invoice.email,
    a.company,
    a.address,
    a.apartment,
    `${a.zipCode} ${a.city}`,
    a.country,
    `Phone: ${a.phone}`,
  ].filter((line): line is string => Boolean(line));
  for (const line of addressLines) {
    text(fitText(winAnsiSafe(line), 300, 10, false, measure), MARGIN, 10);
    y -= 13;
  }
  y -= 12;

  const tableHeader = () => {
    text("Product", COLUMNS.product, 10, { bold: true });
    text("Colour / size", COLUMNS.variant, 10, { bold: true });
    text("Quantity", COLUMNS.quantity, 10, { bold: true });
    text("Price", COLUMNS.price, 10, { bold: true, align: "right" });
    text("Amount", COLUMNS.amount, 10, { bold: true, align: "right" });
    page.rules.push({ x1: MARGIN, x2: COLUMNS.amount, y: y - 6 });
    y -= ROW_HEIGHT + 4;
  };
  const newPage = () => {
    pages.push(page);
    page = { texts: [], rules: [] };
    y = PAGE_HEIGHT - MARGIN;
    text(`Invoice ${invoice.number} (continued)`, MARGIN, 10, { bold: true });
    y -= 24;
  };
  tableHeader();

  for (const line of invoice.lines) {
    if (y < MARGIN + ROW_HEIGHT) {
      newPage();
      tableHeader();
    }
    const name = fitText(
      winAnsiSafe(line.name),
      COLUMNS.variant - COLUMNS.product - 10,
      10,
      false,
      measure,
    );
    text(name, COLUMNS.product, 10);
    const variant = line.colour ? `${line.colour} / ${line.size}` : line.size;
    text(
      fitText(winAnsiSafe(variant), COLUMNS.quantity - COLUMNS.variant - 8, 10, false, measure),
      COLUMNS.variant,
      10,
    );
    text(String(line.quantity), COLUMNS.quantity, 10);
    text(formatPrice(line.unitPriceCents), COLUMNS.price, 10, { align: "right" });
    text(formatPrice(line.unitPriceCents * line.quantity), COLUMNS.amount, 10, { align: "right" });
    y -= ROW_HEIGHT;
  }

  // Totals: kept together on one page.
  const totals: Array<[string, string, boolean]> = [
    ["Subtotal", formatPrice(invoice.subtotalCents), false],
    [
      `Shipping (${invoice.deliveryMethod})`,
      invoice.shippingCents === 0 ? "Free" : formatPrice(invoice.shippingCents),
      false,
    ],
    ["Taxes (25%)", formatPrice(invoice.taxCents), false],
  ];
  if (invoice.promotions && invoice.promotions.length > 0) {
    for (const promotion of invoice.promotions) {
      totals.push([
        promotion.label,
        promotion.itemsCents > 0 ? formatPrice(-promotion.itemsCents) : "Delivery",
        false,
      ]);
    }
  } else if (invoice.discountCents > 0) {
    const label = invoice.promotionLabel ? `Discount: ${invoice.promotionLabel}` : "Discount";
    totals.push([label, formatPrice(-invoice.discountCents), false]);
  }
  totals.push(["Total", formatPrice(invoice.totalCents), true]);
  const needed = 10 + totals.length * ROW_HEIGHT + 20;
  if (y - needed < MARGIN) newPage();
  page.rules.push({ x1: TOTALS_X, x2: COLUMNS.amount, y: y + 8 });
  y -= 10;
  for (const [label, amount, bold] of totals) {
    const size = bold ? 12 : 10;
    text(fitText(winAnsiSafe(label), TOTALS_LABEL_WIDTH, size, bold, measure), TOTALS_X, size, {
      bold,
    });
    text(amount, COLUMNS.amount, bold ? 12 : 10, { bold, align: "right" });
    y -= ROW_HEIGHT;
  }
  y -= 6;
  text("All prices in euro (EUR). Thank you for shopping at Threadline.", MARGIN, 9);
  pages.push(page);

  // "Page n of m" on every page.
  pages.forEach((p, index) => {
    p.texts.push({
      text: `Page ${index + 1} of ${pages.length}`,
      x: COLUMNS.amount,
      y: FOOTER_Y,
      size: 8,
      align: "right",
    });
  });
  return pages;
}

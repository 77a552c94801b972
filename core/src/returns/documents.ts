// The return's two PDFs (pdf-lib, standard Helvetica: it draws "€"; money is formatted by hand,
// never with Intl, as the invoice's: core/src/invoices/pdf.ts):
// - the return slip the customer prints and puts in the parcel: the RMA, the order, the items and
//   the shop's return address (not a carrier label);
// - the credit note, numbered on its own ("CN-…", never an invoice number), for a refund: the
//   items, the delivery when refunded, the tax inside, the total refunded.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatInvoiceDate } from "../invoices/layout.ts";
import { formatPrice } from "../pricing/money.ts";

export interface DocumentLine {
  quantity: number;
  name: string;
  /** The variant as variantName names it: "Navy, Medium" (the size alone before colourways). */
  size: string;
  /** The exchange's new variant, named the same way. */
  exchangeFor?: string;
  /** The refunded amount of the line (credit note only). */
  amountCents?: number;
}

export interface ReturnSlipData {
  rma: string;
  orderNumber: string;
  createdAt: string;
  customer: string;
  reason: string;
  lines: DocumentLine[];
  returnAddress: readonly string[];
}

export interface CreditNoteData {
  number: string;
  rma: string;
  orderNumber: string;
  issuedAt: string;
  email: string;
  lines: DocumentLine[];
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

const A4: [number, number] = [595.28, 841.89];
const LEFT = 50;

class Writer {
  y = A4[1] - 60;
  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}
  text(text: string, { size = 11, isBold = false, x = LEFT } = {}) {
    this.page.drawText(clean(text), {
      x,
      y: this.y,
      size,
      font: isBold ? this.bold : this.regular,
      color: rgb(0.1, 0.1, 0.1),
    });
  }
  right(text: string, x: number, { size = 11, isBold = false } = {}) {
    const font = isBold ? this.bold : this.regular;
    const t = clean(text);
    this.page.drawText(t, { x: x - font.widthOfTextAtSize(t, size), y: this.y, size, font });
  }
  line(text: string, options?: { size?: number; isBold?: boolean }) {
    this.text(text, options);
    this.y -= (options?.size ?? 11) + 7;
  }
  gap(points = 10) {
    this.y -= points;
  }
}

/** WinAnsi only (Helvetica): anything else becomes "?" rather than failing the PDF. */
const clean = (text: string) =>
  text.replace(/[\u202F\u00A0]/g, " ").replace(/[^\u0020-\u007E\u00A1-\u00FF€×]/gu, "?");

async function open(title: string, at: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor("Threadline");
  doc.setCreationDate(new Date(at));
  doc.setModificationDate(new Date(at));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(A4);
  return { doc, w: new Writer(page, regular, bold) };
}

/** At most this many lines on the one page (an order holds at most 50). */
const MAX_LINES = 30;

export async function renderReturnSlipPdf(slip: ReturnSlipData): Promise<Uint8Array> {
  const { doc, w } = await open(`Return slip ${slip.rma}`, slip.createdAt);
  w.line("Threadline", { size: 20, isBold: true });
  w.line("Return slip", { size: 16, isBold: true });
  w.gap();
  w.line(`Return number: ${slip.rma}`, { size: 14, isBold: true });
  w.line(`Order: ${slip.orderNumber}`);
  w.line(`Requested on: ${formatInvoiceDate(slip.createdAt)}`);
  w.line(`Customer: ${slip.customer}`);
  w.line(`Reason: ${slip.reason}`);
  w.gap();
  w.line("Items", { isBold: true });
  for (const l of slip.lines.slice(0, MAX_LINES)) {
    w.line(
      `${l.quantity} × ${l.name} (${l.size})${l.exchangeFor ? `, exchange for ${l.exchangeFor}` : ""}`,
    );
  }
  w.gap();
  w.line("Send to", { isBold: true });
  for (const a of slip.returnAddress) w.line(a);
  w.gap();
  w.line("Put this slip inside the parcel. This is not a shipping label.", { size: 9 });
  return doc.save();
}

export async function renderCreditNotePdf(note: CreditNoteData): Promise<Uint8Array> {
  const { doc, w } = await open(`Credit note ${note.number}`, note.issuedAt);
  const AMOUNT_X = A4[0] - LEFT;
  w.line("Threadline", { size: 20, isBold: true });
  w.line(`Credit note ${note.number}`, { size: 16, isBold: true });
  w.gap();
  w.line(`Date: ${formatInvoiceDate(note.issuedAt)}`);
  w.line(`Order: ${note.orderNumber}`);
  w.line(`Return: ${note.rma}`);
  w.line(`Customer: ${note.email}`);
  w.gap();
  w.text("Item", { isBold: true });
  w.right("Refunded", AMOUNT_X, { isBold: true });
  w.gap(18);
  for (const l of note.lines.slice(0, MAX_LINES)) {
    w.text(`${l.quantity} × ${l.name} (${l.size})`);
    w.right(formatPrice(l.amountCents ?? 0), AMOUNT_X);
    w.gap(18);
  }
  if (note.shippingCents > 0) {
    w.text("Delivery");
    w.right(formatPrice(note.shippingCents), AMOUNT_X);
    w.gap(18);
  }
  w.gap();
  w.text("Taxes included");
  w.right(formatPrice(note.taxCents), AMOUNT_X);
  w.gap(18);
  w.text("Total refunded", { isBold: true });
  w.right(formatPrice(note.totalCents), AMOUNT_X, { isBold: true });
  w.gap(30);
  w.line("Each item refunds what was paid for it, after every promotion; taxes included.", {
    size: 9,
  });
  return doc.save();
}

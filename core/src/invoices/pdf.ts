// Draws an invoice layout into a PDF with pdf-lib's standard Helvetica (WinAnsi: it draws "€";
// money is formatted by hand, never with Intl, whose output may hold U+202F).
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { type InvoiceData, layoutInvoice, type Measure } from "./layout.ts";

export async function renderInvoicePdf(invoice: InvoiceData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.number}`);
  doc.setAuthor("Threadline");
  doc.setCreationDate(new Date(invoice.createdAt));
  doc.setModificationDate(new Date(invoice.createdAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const measure: Measure = (text, size, isBold) =>
    (isBold ? bold : regular).widthOfTextAtSize(text, size);
  for (const layout of layoutInvoice(invoice, measure)) {
    const page = doc.addPage([595.28, 841.89]);
    for (const rule of layout.rules) {
      page.drawLine({
        start: { x: rule.x1, y: rule.y },
        end: { x: rule.x2, y: rule.y },
        thickness: 0.5,
        color: rgb(0.6, 0.6, 0.6),
      });
    }
    for (const t of layout.texts) {
      const font = t.bold ? bold : regular;
      const x = t.align === "right" ? t.x - font.widthOfTextAtSize(t.text, t.size) : t.x;
      page.drawText(t.text, { x, y: t.y, size: t.size, font, color: rgb(0.1, 0.1, 0.1) });
    }
  }
  return doc.save();
}

import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { InvoiceData } from "./layout.ts";
import { renderInvoicePdf } from "./pdf.ts";
import { drawnTexts } from "./pdf-text.ts";

const invoice: InvoiceData = {
  number: "TL-7K3QX9PM",
  createdAt: "2026-11-22T10:00:00Z",
  email: "ana@example.com",
  address: {
    address: "1 Main Street",
    country: "Spain",
    city: "Madrid",
    zipCode: "28001",
    phone: "600000000",
  },
  deliveryMethod: "EXPRESS",
  lines: [{ name: "Café crème 👕 shirt", size: "M", quantity: 2, unitPriceCents: 1999 }],
  subtotalCents: 3998,
  shippingCents: 1600,
  taxCents: 1000,
  discountCents: 0,
  totalCents: 6598,
};

describe("the invoice PDF", () => {
  it("is a PDF whose pages carry the invoice's texts, euro signs included", async () => {
    const pdf = await renderInvoicePdf(invoice);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe("Invoice TL-7K3QX9PM");
    const texts = drawnTexts(pdf);
    expect(texts).toContain("Order number: TL-7K3QX9PM");
    expect(texts).toContain("Date: 22/11/2026");
    expect(texts).toContain("Café crème ? shirt");
    expect(texts).toContain("39.98 €");
    expect(texts).toContain("65.98 €");
  });

  it("names each line's colour with its size: the same product in two colours", async () => {
    const texts = drawnTexts(
      await renderInvoicePdf({
        ...invoice,
        lines: [
          {
            name: "Piqué Polo Shirt",
            colour: "Navy",
            size: "M",
            quantity: 1,
            unitPriceCents: 1999,
          },
          {
            name: "Piqué Polo Shirt",
            colour: "Forest",
            size: "M",
            quantity: 1,
            unitPriceCents: 1999,
          },
        ],
      }),
    );
    expect(texts).toContain("Colour / size");
    expect(texts.filter((text) => text === "Piqué Polo Shirt")).toHaveLength(2);
    expect(texts).toContain("Navy / M");
    expect(texts).toContain("Forest / M");
  });

  it("has as many pages as the layout when there are many lines", async () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({
      name: `Item ${i}`,
      size: "S",
      quantity: 1,
      unitPriceCents: 100,
    }));
    const doc = await PDFDocument.load(await renderInvoicePdf({ ...invoice, lines }));
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(3);
  });
});

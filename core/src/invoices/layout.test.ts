import { describe, expect, it } from "vitest";
import {
  fitText,
  formatInvoiceDate,
  type InvoiceData,
  type InvoicePage,
  layoutInvoice,
  winAnsiSafe,
} from "./layout.ts";

const invoice: InvoiceData = {
  number: "TL-7K3QX9PM",
  createdAt: "2026-03-04T23:30:00Z",
  email: "ana.garcia@example.com",
  address: {
    company: "Acme",
    address: "1 Main Street",
    apartment: "Flat 2",
    country: "Spain",
    city: "Madrid",
    zipCode: "28001",
    phone: "+34 600 000 000",
  },
  deliveryMethod: "STANDARD",
  lines: [
    { name: "Linen shirt", colour: "Navy", size: "M", quantity: 2, unitPriceCents: 2000 },
    { name: "Wool coat", colour: "Heather Grey", size: "XXL", quantity: 1, unitPriceCents: 12_000 },
    { name: "Old tee", size: "L", quantity: 1, unitPriceCents: 1000 },
  ],
  subtotalCents: 16_000,
  shippingCents: 0,
  taxCents: 4000,
  discountCents: 500,
  totalCents: 19_500,
  promotionLabel: "5 € off, single use",
};

const texts = (pages: InvoicePage[]) => pages.flatMap((p) => p.texts.map((t) => t.text));
/** The texts on one baseline, left to right: a row as a reader sees it. */
const row = (page: InvoicePage | undefined, first: string) => {
  const start = page?.texts.find((t) => t.text === first);
  return (page?.texts ?? [])
    .filter((t) => t.y === start?.y)
    .sort((a, b) => a.x - b.x)
    .map((t) => t.text);
};

describe("the invoice layout", () => {
  it("shows the number, the date dd/MM/yyyy and the billing address", () => {
    const all = texts(layoutInvoice(invoice));
    expect(all).toContain("Order number: TL-7K3QX9PM");
    expect(all).toContain("Date: 04/03/2026");
    for (const line of [
      "ana.garcia@example.com",
      "Acme",
      "1 Main Street",
      "Flat 2",
      "28001 Madrid",
      "Spain",
      "Phone: +34 600 000 000",
    ]) {
      expect(all).toContain(line);
    }
  });

  it("lists each product with colour and size, quantity, unit price and amount in euro", () => {
    const [page] = layoutInvoice(invoice);
    expect(row(page, "Product")).toEqual([
      "Product",
      "Colour / size",
      "Quantity",
      "Price",
      "Amount",
    ]);
    expect(row(page, "Linen shirt")).toEqual([
      "Linen shirt",
      "Navy / M",
      "2",
      "20.00 €",
      "40.00 €",
    ]);
    expect(row(page, "Wool coat")).toEqual([
      "Wool coat",
      "Heather Grey / XXL",
      "1",
      "120.00 €",
      "120.00 €",
    ]);
  });

  it("names the size alone on a line of an order placed before colourways", () => {
    const [page] = layoutInvoice(invoice);
    expect(row(page, "Old tee")).toEqual(["Old tee", "L", "1", "10.00 €", "10.00 €"]);
  });

  it("ends with subtotal, shipping, taxes, the discount and the total", () => {
    const [page] = layoutInvoice(invoice);
    expect(row(page, "Subtotal")).toEqual(["Subtotal", "160.00 €"]);
    expect(row(page, "Shipping (STANDARD)")).toEqual(["Shipping (STANDARD)", "Free"]);
    expect(row(page, "Taxes (25%)")).toEqual(["Taxes (25%)", "40.00 €"]);
    expect(row(page, "Discount: 5 € off, single use")).toEqual([
      "Discount: 5 € off, single use",
      "-5.00 €",
    ]);
    expect(row(page, "Total")).toEqual(["Total", "195.00 €"]);
  });

  it("names each promotion of the kinds with what it took off the items", () => {
    const pages = layoutInvoice({
      ...invoice,
      discountCents: 2_500,
      totalCents: 175_00,
      promotions: [
        { label: "Winter sale: 20% off coats", itemsCents: 2_000 },
        { label: "5 € off, single use", itemsCents: 500 },
        { label: "Free delivery", itemsCents: 0 },
      ],
    });
    const [page] = pages;
    expect(row(page, "Winter sale: 20% off coats")).toEqual([
      "Winter sale: 20% off coats",
      "-20.00 €",
    ]);
    expect(row(page, "5 € off, single use")).toEqual(["5 € off, single use", "-5.00 €"]);
    expect(row(page, "Free delivery")).toEqual(["Free delivery", "Delivery"]);
    expect(texts(pages).some((t) => t.startsWith("Discount"))).toBe(false);
  });

  it("shows no discount line without one, and a paid shipping price", () => {
    const all = texts(
      layoutInvoice({
        ...invoice,
        discountCents: 0,
        promotionLabel: undefined,
        shippingCents: 1600,
        deliveryMethod: "EXPRESS",
      }),
    );
    expect(all.some((t) => t.startsWith("Discount"))).toBe(false);
    expect(all).toContain("16.00 €");
  });

  it("flows many lines onto more pages, each with the table header and a page number", () => {
    const lines = Array.from({ length: 80 }, (_, i) => ({
      name: `Item ${i + 1}`,
      size: "S",
      quantity: 1,
      unitPriceCents: 100,
    }));
    const pages = layoutInvoice({ ...invoice, lines });
    expect(pages.length).toBeGreaterThan(1);
    const all = texts(pages);
    for (let i = 1; i <= 80; i++) expect(all).toContain(`Item ${i}`);
    pages.forEach((page, index) => {
      expect(page.texts.map((t) => t.text)).toContain("Product");
      expect(page.texts.map((t) => t.text)).toContain(`Page ${index + 1} of ${pages.length}`);
      for (const t of page.texts) expect(t.y).toBeGreaterThanOrEqual(30);
    });
    expect(texts(pages.slice(-1))).toContain("Total");
  });

  it("dates are UTC and invalid ones are empty", () => {
    expect(formatInvoiceDate("2026-12-31T23:59:59Z")).toBe("31/12/2026");
    expect(formatInvoiceDate("nonsense")).toBe("");
  });

  it("keeps the euro sign and Latin text, replaces what the PDF font cannot draw", () => {
    expect(winAnsiSafe("Café 5 € — “ok”")).toBe("Café 5 € — “ok”");
    expect(winAnsiSafe("T-shirt 👕 衬衫\n")).toBe("T-shirt ? ?? ");
  });

  it("cuts long names to the column", () => {
    const measure = (text: string) => text.length;
    expect(fitText("short", 10, 10, false, measure)).toBe("short");
    expect(fitText("a very long product name", 10, 10, false, measure)).toBe("a very lo…");
  });
});

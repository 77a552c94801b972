import { describe, expect, it } from "vitest";
import { drawnTexts } from "../invoices/pdf-text.ts";
import { documentLine } from "./document-lines.ts";
import { renderCreditNotePdf, renderReturnSlipPdf } from "./documents.ts";
import { RETURN_ADDRESS } from "./rules.ts";

describe("the return's PDFs", () => {
  it("the slip carries the RMA, the items and the return address", async () => {
    const pdf = await renderReturnSlipPdf({
      rma: "RMA-4Q8ZK2MX",
      orderNumber: "TL-7K2M9QXA",
      createdAt: "2026-11-22T10:00:00Z",
      customer: "ana@example.com",
      reason: "Too large",
      lines: [
        { quantity: 1, name: "Café shirt 👕", size: "Large", exchangeFor: "Medium" },
        { quantity: 2, name: "Socks", size: "Small" },
      ],
      returnAddress: RETURN_ADDRESS,
    });
    const texts = drawnTexts(pdf).join("\n");
    expect(texts).toContain("Return number: RMA-4Q8ZK2MX");
    expect(texts).toContain("Order: TL-7K2M9QXA");
    expect(texts).toContain("1 × Café shirt ? (Large), exchange for Medium");
    expect(texts).toContain("2 × Socks (Small)");
    for (const line of RETURN_ADDRESS) expect(texts).toContain(line);
    expect(texts).toContain("This is not a shipping label.");
  });

  it("the credit note has its own number, the lines refunded, the tax inside and the total", async () => {
    const pdf = await renderCreditNotePdf({
      number: "CN-4Q8ZK2MX",
      rma: "RMA-4Q8ZK2MX",
      orderNumber: "TL-7K2M9QXA",
      issuedAt: "2026-11-25T10:00:00Z",
      email: "ana@example.com",
      lines: [{ quantity: 1, name: "Shirt", size: "Medium", amountCents: 2500 }],
      shippingCents: 500,
      taxCents: 600,
      totalCents: 3000,
    });
    const texts = drawnTexts(pdf);
    expect(texts).toContain("Credit note CN-4Q8ZK2MX");
    expect(texts).toContain("Date: 25/11/2026");
    expect(texts).toContain("1 × Shirt (Medium)");
    expect(texts).toContain("25.00 €");
    expect(texts).toContain("Delivery");
    expect(texts).toContain("Total refunded");
    expect(texts).toContain("30.00 €");
    expect(texts).toContain("6.00 €");
  });

  it("name each line's colour with its size, and an exchange's new colour", async () => {
    const lines = [
      documentLine({
        quantity: 1,
        name: "Piqué Polo Shirt",
        colour: "navy",
        size: "M",
        exchangeColour: "forest",
        exchangeSize: "M",
      }),
      documentLine({
        quantity: 1,
        name: "Piqué Polo Shirt",
        colour: "forest",
        size: "L",
        exchangeSize: "M",
      }),
      documentLine({ quantity: 2, name: "Old socks", size: "S" }),
    ];
    const texts = drawnTexts(
      await renderReturnSlipPdf({
        rma: "RMA-4Q8ZK2MX",
        orderNumber: "TL-7K2M9QXA",
        createdAt: "2026-11-22T10:00:00Z",
        customer: "ana@example.com",
        reason: "Too large",
        lines,
        returnAddress: RETURN_ADDRESS,
      }),
    ).join("\n");
    expect(texts).toContain("1 × Piqué Polo Shirt (Navy, Medium), exchange for Forest, Medium");
    expect(texts).toContain("1 × Piqué Polo Shirt (Forest, Large), exchange for Forest, Medium");
    expect(texts).toContain("2 × Old socks (Small)");
    const note = drawnTexts(
      await renderCreditNotePdf({
        number: "CN-4Q8ZK2MX",
        rma: "RMA-4Q8ZK2MX",
        orderNumber: "TL-7K2M9QXA",
        issuedAt: "2026-11-25T10:00:00Z",
        email: "ana@example.com",
        lines: [
          {
            ...documentLine({ quantity: 1, name: "Polo", colour: "navy", size: "M" }),
            amountCents: 2500,
          },
        ],
        shippingCents: 0,
        taxCents: 500,
        totalCents: 2500,
      }),
    );
    expect(note).toContain("1 × Polo (Navy, Medium)");
  });
});

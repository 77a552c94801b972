import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import { csvText, UTF8_BOM } from "./order-export.server.ts";
import {
  defaultExportRange,
  EXPORT_DATE_INVALID,
  EXPORT_RANGE_REVERSED,
  type ExportOrder,
  euros,
  exportFilename,
  exportLines,
  inertCell,
  ORDER_EXPORT_COLUMNS,
  OrderExportSchema,
  orderExportRow,
} from "./order-export.ts";

const order: ExportOrder = {
  number: "TL-7K3QX9PM",
  createdAt: "2026-03-04T10:20:30.000Z",
  email: "ana.garcia@example.com",
  state: "SHIPPED",
  payment: "paid",
  subtotalCents: 11300,
  shippingCents: 0,
  taxCents: 2825,
  discountCents: 1000,
  totalCents: 13125,
  lines: [
    { name: "Linen shirt", size: "M", quantity: 2, unitPriceCents: 4900 },
    { name: "Cap", size: "S", quantity: 1, unitPriceCents: 1500 },
  ],
};

describe("euros", () => {
  it("writes decimal euros with a point and two decimals", () => {
    expect(euros(4900)).toBe("49.00");
    expect(euros(5)).toBe("0.05");
    expect(euros(0)).toBe("0.00");
    expect(euros(1234567)).toBe("12345.67");
    expect(euros(-250)).toBe("-2.50");
  });
});

describe("exportLines", () => {
  it("writes each line as quantity × name (size) @ unit price, joined by '; '", () => {
    expect(exportLines(order.lines)).toBe("2× Linen shirt (M) @ 49.00; 1× Cap (S) @ 15.00");
    expect(exportLines([])).toBe("");
  });

  it("names each line's colour with its size: the same product in two colours", () => {
    const polo = { name: "Piqué Polo Shirt", size: "M", quantity: 1, unitPriceCents: 1999 };
    expect(
      exportLines([
        { ...polo, colour: "navy" },
        { ...polo, colour: "forest" },
        { ...polo, colour: "as-shown" },
      ]),
    ).toBe(
      "1× Piqué Polo Shirt (Navy / M) @ 19.99; 1× Piqué Polo Shirt (Forest / M) @ 19.99; 1× Piqué Polo Shirt (M) @ 19.99",
    );
  });
});

describe("orderExportRow", () => {
  it("holds the columns in order, amounts in euros, the admin's payment label", () => {
    expect(ORDER_EXPORT_COLUMNS).toHaveLength(13);
    expect(orderExportRow(order)).toEqual([
      "TL-7K3QX9PM",
      "2026-03-04T10:20:30.000Z",
      "ana.garcia@example.com",
      "SHIPPED",
      "Paid",
      "113.00",
      "0.00",
      "28.25",
      "10.00",
      "131.25",
      "2× Linen shirt (M) @ 49.00; 1× Cap (S) @ 15.00",
      "0.00",
      "",
    ]);
  });

  it("has each promotion's discount, in the order applied; an older order's code; a formula made inert", () => {
    const promoted = {
      ...order,
      promotions: [
        { label: "Winter sale: 20% off coats", totalCents: 3000 },
        { code: "WELCOME10", label: "Welcome", totalCents: 1000 },
      ],
    };
    expect(orderExportRow(promoted)[12]).toBe(
      "Winter sale: 20% off coats: 30.00; WELCOME10 Welcome: 10.00",
    );
    const older = { ...order, promotion: { code: "SPRING5", label: "Spring", amountCents: 500 } };
    expect(orderExportRow(older)[12]).toBe("SPRING5 Spring: 5.00");
    const hostile = { ...order, promotions: [{ label: "=HYPERLINK(1)", totalCents: 100 }] };
    expect(orderExportRow(hostile)[12]).toBe("'=HYPERLINK(1): 1.00");
  });

  it("has the refunded amount: a refunded cancellation's total, or what its returns refunded", () => {
    const canceled = { ...order, state: "CANCELED" as const };
    expect(orderExportRow({ ...canceled, refundDue: true })[11]).toBe("0.00");
    expect(orderExportRow({ ...canceled, refundedAt: "2026-03-05T00:00:00.000Z" })[11]).toBe(
      "131.25",
    );
    const delivered = { ...order, state: "DELIVERED" as const };
    expect(orderExportRow({ ...delivered, returnRefundedCents: 2500 })[11]).toBe("25.00");
  });

  it("says a refund is due or done instead of Paid", () => {
    const canceled = { ...order, state: "CANCELED" as const };
    expect(orderExportRow({ ...canceled, refundDue: true })[4]).toBe("Refund due");
    expect(orderExportRow({ ...canceled, refundedAt: "2026-03-05T00:00:00.000Z" })[4]).toBe(
      "Refunded",
    );
  });

  it("makes a cell that a spreadsheet would run as a formula inert", () => {
    expect(inertCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(inertCell("+1@example.com")).toBe("'+1@example.com");
    expect(inertCell("-x@example.com")).toBe("'-x@example.com");
    expect(inertCell("@sum")).toBe("'@sum");
    expect(inertCell("ana@example.com")).toBe("ana@example.com");
    expect(orderExportRow({ ...order, email: "=cmd@example.com" })[2]).toBe("'=cmd@example.com");
  });
});

describe("csvText (RFC 4180)", () => {
  it("ends every record with CRLF and leaves plain fields bare", async () => {
    expect(
      await csvText([
        ["a", "b"],
        ["1", "2"],
      ]),
    ).toBe("a,b\r\n1,2\r\n");
  });

  it("quotes fields holding a comma, a quote (doubled) or a line break", async () => {
    const name = 'Shirt, "the" best\nedition';
    const row = orderExportRow({
      ...order,
      lines: [{ name, size: "L", quantity: 1, unitPriceCents: 100 }],
    });
    const text = await csvText([row]);
    expect(text).toContain('"1× Shirt, ""the"" best\nedition (L) @ 1.00"');
    expect(await csvText([["a\rb", "c,d", 'e"f']])).toBe('"a\rb","c,d","e""f"\r\n');
  });

  it("keeps non-ASCII text as it is (UTF-8, the BOM is the stream's first character)", async () => {
    const row = orderExportRow({
      ...order,
      email: "zoë@example.com",
      lines: [{ name: "Camisa de liño · 白", size: "M", quantity: 2, unitPriceCents: 4900 }],
    });
    expect(await csvText([row])).toContain("zoë@example.com,SHIPPED");
    expect(await csvText([row])).toContain("2× Camisa de liño · 白 (M) @ 49.00");
    expect(UTF8_BOM).toBe("\uFEFF");
    expect(new TextEncoder().encode(UTF8_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});

describe("OrderExportSchema", () => {
  const parse = (input: Record<string, string>) => parseForm(OrderExportSchema, input);

  it("accepts a range of days, From on or before To", () => {
    expect(parse({ from: "2026-01-01", to: "2026-01-31" })).toEqual({
      success: true,
      data: { from: "2026-01-01", to: "2026-01-31" },
    });
    expect(parse({ from: " 2026-02-28 ", to: "2026-02-28" })).toEqual({
      success: true,
      data: { from: "2026-02-28", to: "2026-02-28" },
    });
  });

  it("names the field: required, not a date, not a calendar day", () => {
    expect(parse({ from: "", to: "2026-01-31" })).toMatchObject({
      success: false,
      fieldErrors: { from: "From is required" },
    });
    expect(parse({ from: "2026-01-01" })).toMatchObject({
      success: false,
      fieldErrors: { to: "To is required" },
    });
    expect(parse({ from: "01/02/2026", to: "2026-01-31" })).toMatchObject({
      success: false,
      fieldErrors: { from: EXPORT_DATE_INVALID },
    });
    expect(parse({ from: "2026-01-01", to: "2026-02-30" })).toMatchObject({
      success: false,
      fieldErrors: { to: EXPORT_DATE_INVALID },
    });
  });

  it("refuses a reversed range on To", () => {
    expect(parse({ from: "2026-02-01", to: "2026-01-31" })).toMatchObject({
      success: false,
      fieldErrors: { to: EXPORT_RANGE_REVERSED },
    });
    // The range check waits for two valid dates: a bad From says only that.
    expect(v.safeParse(OrderExportSchema, { from: "x", to: "2026-01-01" }).issues).toHaveLength(1);
  });

  it("starts with the last 30 days, today included", () => {
    expect(defaultExportRange(new Date("2026-03-10T23:59:00Z"))).toEqual({
      from: "2026-02-09",
      to: "2026-03-10",
    });
  });

  it("gives the file name orders-<from>-<to>.csv", () => {
    expect(exportFilename({ from: "2026-01-01", to: "2026-01-31" })).toBe(
      "orders-2026-01-01-2026-01-31.csv",
    );
  });
});

import { describe, expect, it } from "vitest";
import { quote } from "../pricing/quote.ts";
import { quoteWithOffers } from "../promotions/offer-quote.ts";
import {
  EXCHANGE_COLOUR_NOT_OFFERED,
  EXCHANGE_SAME_SIZE,
  EXCHANGE_SIZE_NOT_OFFERED,
  EXCHANGE_SIZE_OUT_OF_STOCK,
  type ExchangeOptions,
  type ExistingReturn,
  exchangeVariants,
  RETURN_ALREADY_OPEN,
  RETURN_LINE_NOT_BOUGHT,
  RETURN_NOTHING_CHOSEN,
  RETURN_ORDER_NOT_DELIVERED,
  type ReturnableOrder,
  refundFor,
  returnableUnits,
  returnRequestError,
  returnTransitionError,
  returnWindowEnd,
  taxInside,
  unitAmounts,
  withinReturnWindow,
} from "./rules.ts";

/** An order priced by the shop's own quote(): lines, STANDARD delivery, an optional promotion. */
function order(
  lines: Array<{ price: number; quantity: number; size?: string; productId?: string }>,
  promotionCents = 0,
  method: "STANDARD" | "EXPRESS" = "STANDARD",
): ReturnableOrder {
  const priced = quote(
    lines.map((l) => ({ unitPriceCents: l.price, quantity: l.quantity })),
    method,
    promotionCents ? { amountCents: promotionCents } : null,
  );
  return {
    userId: "u1",
    state: "DELIVERED",
    payment: "paid",
    deliveredAt: "2026-11-01T10:00:00.000Z",
    lines: lines.map((l, i) => ({
      productId: l.productId ?? `p${i}`,
      size: l.size ?? "M",
      quantity: l.quantity,
      unitPriceCents: l.price,
    })),
    ...priced,
  };
}

const exchange: ExchangeOptions = {
  offered: new Map([["p0", ["S", "M", "L"]]]),
  colours: new Map([["p0", ["navy", "forest"]]]),
  stock: new Map([
    ["p0", { "navy/S": 0, "navy/M": 3, "navy/L": 2, "forest/S": 1, "forest/M": 0, "forest/L": 4 }],
  ]),
};
const inWindow = new Date("2026-11-20T10:00:00.000Z");

describe("the return window", () => {
  it("is RETURN_DAYS counted from delivery, the last instant included", () => {
    const delivered = "2026-11-01T10:00:00.000Z";
    expect(returnWindowEnd(delivered, 30).toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(withinReturnWindow(delivered, new Date("2026-12-01T10:00:00.000Z"), 30)).toBe(true);
    expect(withinReturnWindow(delivered, new Date("2026-12-01T10:00:00.001Z"), 30)).toBe(false);
    expect(withinReturnWindow(delivered, new Date("2026-11-05T00:00:00.000Z"), 3)).toBe(false);
    expect(withinReturnWindow(undefined, inWindow)).toBe(false);
  });

  it("refuses a request after it, and on an order that is not delivered", () => {
    const o = order([{ price: 2000, quantity: 2 }]);
    const late = new Date("2026-12-02T00:00:00.000Z");
    expect(returnRequestError(o, [{ line: 0, quantity: 1 }], [], exchange, late)).toMatchObject({
      field: "order",
      status: 409,
      message: "The 30-day return window of this order has closed",
    });
    const shipped = { ...o, state: "SHIPPED" };
    expect(
      returnRequestError(shipped, [{ line: 0, quantity: 1 }], [], exchange, inWindow),
    ).toMatchObject({ message: RETURN_ORDER_NOT_DELIVERED });
  });
});

describe("quantities per line", () => {
  const o = order([
    { price: 2000, quantity: 2 },
    { price: 3000, quantity: 1 },
  ]);

  it("never more than bought, across open returns; closed ones give their units back", () => {
    expect(returnRequestError(o, [{ line: 0, quantity: 2 }], [], exchange, inWindow)).toBeNull();
    expect(returnRequestError(o, [{ line: 0, quantity: 3 }], [], exchange, inWindow)).toMatchObject(
      { field: "quantity-0", message: "You bought 2 of this item: you cannot return more" },
    );
    // The same line twice in one request counts once per unit.
    expect(
      returnRequestError(
        o,
        [
          { line: 0, quantity: 2 },
          { line: 0, quantity: 1 },
        ],
        [],
        exchange,
        inWindow,
      ),
    ).toMatchObject({ field: "quantity-0" });
    const open: ExistingReturn = {
      state: "approved",
      lines: [{ line: 0, quantity: 2 }],
      refundCents: 0,
    };
    expect(
      returnRequestError(o, [{ line: 0, quantity: 1 }], [open], exchange, inWindow),
    ).toMatchObject({ field: "quantity-0", message: RETURN_ALREADY_OPEN, status: 409 });
    const cancelled = { ...open, state: "cancelled" as const };
    expect(
      returnRequestError(o, [{ line: 0, quantity: 2 }], [cancelled], exchange, inWindow),
    ).toBeNull();
    expect(returnableUnits(o, [open])).toEqual([0, 1]);
    expect(returnableUnits(o, [cancelled])).toEqual([2, 1]);
  });

  it("a line that was not bought, or nothing chosen, is refused on its field", () => {
    expect(returnRequestError(o, [{ line: 5, quantity: 1 }], [], exchange, inWindow)).toMatchObject(
      { field: "quantity-5", message: RETURN_LINE_NOT_BOUGHT },
    );
    expect(returnRequestError(o, [{ line: 0, quantity: 0 }], [], exchange, inWindow)).toMatchObject(
      { field: "lines", message: RETURN_NOTHING_CHOSEN },
    );
  });
});

describe("the exchange's sizes", () => {
  const o = order([{ price: 2000, quantity: 1, size: "M" }]);
  it("another size of the same product, offered and in stock", () => {
    const ask = (size: string) =>
      returnRequestError(
        o,
        [{ line: 0, quantity: 1, exchangeSize: size as "L" }],
        [],
        exchange,
        inWindow,
      );
    expect(ask("L")).toBeNull();
    expect(ask("M")).toMatchObject({ field: "size-0", message: EXCHANGE_SAME_SIZE });
    expect(ask("S")).toMatchObject({ field: "size-0", message: EXCHANGE_SIZE_OUT_OF_STOCK });
    expect(ask("XL")).toMatchObject({ field: "size-0", message: EXCHANGE_SIZE_NOT_OFFERED });
    expect(ask("huge")).toMatchObject({ field: "size-0", message: EXCHANGE_SIZE_NOT_OFFERED });
    expect(exchangeVariants(o.lines[0] as never, exchange)).toEqual([
      { colour: "navy", size: "L" },
      { colour: "forest", size: "S" },
      { colour: "forest", size: "L" },
    ]);
  });

  it("another colour of the same product, offered and in stock; a line before colours is in the first", () => {
    const bought = order([{ price: 2000, quantity: 1, size: "L" }]);
    const ask = (colour: string, size: string) =>
      returnRequestError(
        bought,
        [{ line: 0, quantity: 1, exchangeSize: size as "L", exchangeColour: colour }],
        [],
        exchange,
        inWindow,
      );
    expect(ask("forest", "L")).toBeNull();
    expect(ask("navy", "L")).toMatchObject({ field: "size-0", message: EXCHANGE_SAME_SIZE });
    expect(ask("forest", "M")).toMatchObject({ message: EXCHANGE_SIZE_OUT_OF_STOCK });
    expect(ask("red", "L")).toMatchObject({ message: EXCHANGE_COLOUR_NOT_OFFERED });
    const forestL = { ...(bought.lines[0] as object), colour: "forest" } as never;
    expect(exchangeVariants(forestL, exchange)).toEqual([
      { colour: "forest", size: "S" },
      { colour: "navy", size: "M" },
      { colour: "navy", size: "L" },
    ]);
  });

  it("an exchange refunds nothing", () => {
    expect(refundFor(o, [{ line: 0, quantity: 1, exchangeSize: "L" }], []).totalCents).toBe(0);
  });
});

describe("the refund", () => {
  it("is the price as paid, tax included, without delivery for part of the order", () => {
    // Two shirts at 20 € and one at 30 €: subtotal 70 €, tax 17.50 €, delivery 5 € (under 100 €).
    const o = order([
      { price: 2000, quantity: 2 },
      { price: 3000, quantity: 1 },
    ]);
    expect(o.totalCents).toBe(7000 + 1750 + o.shippingCents);
    const one = refundFor(o, [{ line: 0, quantity: 1 }], []);
    expect(one).toMatchObject({ itemsCents: 2500, shippingCents: 0, totalCents: 2500 });
    expect(one.taxCents).toBe(500);
  });

  it("shares the promotion pro rata to the prices", () => {
    // 10 € off 20 € + 30 € + 25 % tax (62.50 €): each euro of goods paid 52.50 / 62.50.
    const o = order(
      [
        { price: 2000, quantity: 1 },
        { price: 3000, quantity: 1 },
      ],
      1000,
    );
    expect(refundFor(o, [{ line: 0, quantity: 1 }], []).totalCents).toBe(2100);
    expect(refundFor(o, [{ line: 1, quantity: 1 }], []).totalCents).toBe(3150);
  });

  it("refunds the delivery when the whole order comes back, in one return or in several", () => {
    const o = order([
      { price: 2000, quantity: 1 },
      { price: 3000, quantity: 1 },
    ]);
    const all = refundFor(
      o,
      [
        { line: 0, quantity: 1 },
        { line: 1, quantity: 1 },
      ],
      [],
    );
    expect(all.totalCents).toBe(o.totalCents);
    expect(all.shippingCents).toBe(o.shippingCents);
    const first = refundFor(o, [{ line: 0, quantity: 1 }], []);
    const second = refundFor(
      o,
      [{ line: 1, quantity: 1 }],
      [{ state: "refunded", lines: [{ line: 0, quantity: 1 }], refundCents: first.totalCents }],
    );
    expect(second.shippingCents).toBe(o.shippingCents);
    expect(first.totalCents + second.totalCents).toBe(o.totalCents);
  });

  it("does not refund the delivery when part of the order was exchanged", () => {
    const o = order([
      { price: 2000, quantity: 1 },
      { price: 3000, quantity: 1 },
    ]);
    const r = refundFor(
      o,
      [{ line: 1, quantity: 1 }],
      [
        {
          state: "exchanged",
          lines: [{ line: 0, quantity: 1, exchangeSize: "L" }],
          refundCents: 0,
        },
      ],
    );
    expect(r.shippingCents).toBe(0);
  });

  it("rounds so that the refunds of an order never add up to more than was paid", () => {
    // Three units at 3.33 € with 1 € off: the goods' 11.49 € cannot be shared evenly.
    for (const promotion of [0, 100, 700, 1001, 5000]) {
      const o = order(
        [
          { price: 333, quantity: 3 },
          { price: 199, quantity: 7 },
        ],
        promotion,
        "EXPRESS",
      );
      const amounts = unitAmounts(o).flat();
      const goods =
        o.totalCents -
        Math.max(0, o.shippingCents - Math.max(0, o.discountCents - o.subtotalCents - o.taxCents));
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(goods);
      // Unit by unit, in as many returns as units: never more than the total.
      const done: ExistingReturn[] = [];
      let refunded = 0;
      o.lines.forEach((line, i) => {
        for (let u = 0; u < line.quantity; u++) {
          const r = refundFor(o, [{ line: i, quantity: 1 }], done);
          refunded += r.totalCents;
          done.push({
            state: "refunded",
            lines: [{ line: i, quantity: 1 }],
            refundCents: r.totalCents,
            refundsShipping: r.shippingCents > 0,
          });
        }
      });
      expect(refunded).toBe(o.totalCents);
    }
  });

  it("keeps the tax inside a gross amount to the cent", () => {
    expect(taxInside(2500)).toBe(500);
    expect(taxInside(1)).toBe(0);
    expect(taxInside(999)).toBe(200);
  });
});

describe("the states", () => {
  it("requested → approved → received → refunded; rejected and cancelled only when allowed", () => {
    expect(returnTransitionError("requested", "approved")).toBeNull();
    expect(returnTransitionError("approved", "received")).toBeNull();
    expect(returnTransitionError("received", "refunded")).toBeNull();
    expect(returnTransitionError("requested", "rejected")).toBeNull();
    expect(returnTransitionError("approved", "rejected")).not.toBeNull();
    expect(returnTransitionError("approved", "cancelled")).toBeNull();
    expect(returnTransitionError("received", "cancelled")).toBe(
      "A return that is received cannot be cancelled",
    );
    expect(returnTransitionError("refunded", "refunded")).toBe("The return is already refunded");
  });
});

describe("refunds of an order with promotions of the kinds (docs/product.md §9)", () => {
  /** A dress and two shirts, 20% off the dress (automatic) and 10 € off the order (a code). */
  function promoted(): ReturnableOrder {
    const lines = [
      { productId: "dress", category: "Women" as const, unitPriceCents: 8_000, quantity: 1 },
      { productId: "shirt", category: "Men" as const, unitPriceCents: 1_999, quantity: 2 },
    ];
    const sale = {
      id: "auto:sale",
      label: "20% off dresses",
      effect: {
        kind: "percent-off-items" as const,
        percent: 20,
        target: { audiences: ["Women" as const] },
      },
      conditions: {},
      usedCount: 0,
      createdAt: "2026-11-01T00:00:00Z",
    };
    const code = {
      ...sale,
      id: "TEN",
      code: "TEN",
      label: "10 € off",
      effect: { kind: "amount-off-order" as const, amountCents: 1_000 },
    };
    const { breakdown, outcome } = quoteWithOffers(lines, "STANDARD", [sale], code, {
      now: new Date("2026-12-10T12:00:00Z"),
      timeZone: "UTC",
    });
    return {
      userId: "u1",
      state: "DELIVERED",
      payment: "paid",
      deliveredAt: "2026-12-11T10:00:00.000Z",
      lines: lines.map((line, i) => ({
        productId: line.productId,
        size: "M",
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        discountCents: outcome.lineDiscountCents[i] ?? 0,
      })),
      ...breakdown,
      promotions: outcome.applied,
    };
  }

  it("a returned dress refunds what it paid after its share of every promotion", () => {
    const o = promoted();
    // Gross: the dress 100 €, the shirts 49.98 € (the 30 € tax shared by price). 20% off the
    // dress = 20 €; 10 € shared over what is left (80 : 49.98): 6.15 € and 3.85 € (the odd cent
    // to the larger remainder).
    expect(o.lines.map((line) => line.discountCents)).toEqual([2_615, 385]);
    const r = refundFor(o, [{ line: 0, quantity: 1 }], []);
    expect(r.itemsCents).toBe(10_000 - 2_615);
    // Not the order's discount shared by price: the dress took the sale alone. The shirts paid
    // 46.13 €, the first unit taking the odd cent.
    expect(unitAmounts(o)[1]).toEqual([2_307, 2_306]);
  });

  it("returning every unit, one by one, refunds exactly what the order paid", () => {
    const o = promoted();
    const done: ExistingReturn[] = [];
    let refunded = 0;
    o.lines.forEach((line, i) => {
      for (let u = 0; u < line.quantity; u++) {
        const r = refundFor(o, [{ line: i, quantity: 1 }], done);
        refunded += r.totalCents;
        done.push({
          state: "refunded",
          lines: [{ line: i, quantity: 1 }],
          refundCents: r.totalCents,
          refundsShipping: r.shippingCents > 0,
        });
      }
    });
    expect(refunded).toBe(o.totalCents);
  });
});

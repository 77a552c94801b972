import { describe, expect, it } from "vitest";
import { FREE_SHIPPING_THRESHOLD_CENTS, type PricedLine, quote, TAX_RATE } from "./quote.ts";

// Named fixtures: what a shopper puts in the cart.
const shirt: PricedLine = { unitPriceCents: 2000, quantity: 1 }; // 20 €
const twoShirts: PricedLine = { unitPriceCents: 2000, quantity: 2 }; // 40 €
const coat: PricedLine = { unitPriceCents: 16_000, quantity: 1 }; // 160 €
const WELCOME10 = { amountCents: 1000 }; // 10 € off
const ONCE5 = { amountCents: 500 }; // 5 € off

describe("quote", () => {
  it("uses a 25% tax rate and a 100 € free-shipping threshold", () => {
    expect(TAX_RATE).toBe(0.25);
    expect(FREE_SHIPPING_THRESHOLD_CENTS).toBe(10_000);
  });

  it("one shirt, STANDARD: 20 € + 5 € tax + 5 € shipping = 30 €", () => {
    expect(quote([shirt])).toEqual({
      subtotalCents: 2000,
      taxCents: 500,
      shippingCents: 500,
      discountCents: 0,
      totalCents: 3000,
      freeShipping: false,
    });
  });

  it("two shirts, EXPRESS, WELCOME10 (10 € off): 40 + 10 + 16 − 10 = 56 €", () => {
    expect(quote([twoShirts], "EXPRESS", WELCOME10)).toEqual({
      subtotalCents: 4000,
      taxCents: 1000,
      shippingCents: 1600,
      discountCents: 1000,
      totalCents: 5600,
      freeShipping: false,
    });
  });

  it("adds up several lines with their quantities", () => {
    const breakdown = quote([twoShirts, { unitPriceCents: 1250, quantity: 3 }]);
    expect(breakdown.subtotalCents).toBe(4000 + 3750);
    expect(breakdown.taxCents).toBe(1938); // 7750 × 0.25 = 1937.5 → rounds up
  });

  it("defaults to STANDARD when no method is given", () => {
    expect(quote([shirt]).shippingCents).toBe(500);
  });

  describe("free STANDARD shipping at subtotal + tax ≥ 100 €", () => {
    it("79.99 € + 20.00 € tax = 99.99 €: shipping is charged", () => {
      const breakdown = quote([{ unitPriceCents: 7999, quantity: 1 }]);
      expect(breakdown.taxCents).toBe(2000); // 1999.75 → 2000
      expect(breakdown.subtotalCents + breakdown.taxCents).toBe(9999);
      expect(breakdown.shippingCents).toBe(500);
      expect(breakdown.freeShipping).toBe(false);
      expect(breakdown.totalCents).toBe(10_499);
    });

    it("80.00 € + 20.00 € tax = exactly 100 €: shipping is free and shown as free", () => {
      const breakdown = quote([{ unitPriceCents: 8000, quantity: 1 }]);
      expect(breakdown.shippingCents).toBe(0);
      expect(breakdown.freeShipping).toBe(true);
      expect(breakdown.totalCents).toBe(10_000);
    });

    it("counts tax towards the threshold (a subtotal under 100 € can ship free)", () => {
      const breakdown = quote([{ unitPriceCents: 9000, quantity: 1 }]);
      expect(breakdown.freeShipping).toBe(true);
    });

    it("one coat, EXPRESS at 200 €: express still costs 16 €", () => {
      const breakdown = quote([coat], "EXPRESS");
      expect(breakdown.subtotalCents + breakdown.taxCents).toBe(20_000);
      expect(breakdown.shippingCents).toBe(1600);
      expect(breakdown.freeShipping).toBe(false);
      expect(breakdown.totalCents).toBe(21_600);
    });

    it("the promotion does not take a free-shipping order back under the threshold", () => {
      const breakdown = quote([{ unitPriceCents: 8000, quantity: 1 }], "STANDARD", WELCOME10);
      expect(breakdown.freeShipping).toBe(true);
      expect(breakdown.totalCents).toBe(9000);
    });
  });

  describe("promotions", () => {
    it("one shirt, STANDARD, ONCE5 (5 € off): 30 − 5 = 25 €", () => {
      const breakdown = quote([shirt], "STANDARD", ONCE5);
      expect(breakdown.discountCents).toBe(500);
      expect(breakdown.totalCents).toBe(2500);
    });

    it("a promotion bigger than the order gives a total of 0, never negative", () => {
      const breakdown = quote([shirt], "STANDARD", { amountCents: 50_000 });
      expect(breakdown.discountCents).toBe(3000);
      expect(breakdown.totalCents).toBe(0);
    });

    it("a promotion exactly the size of the order gives 0", () => {
      expect(quote([shirt], "STANDARD", { amountCents: 3000 }).totalCents).toBe(0);
    });

    it("no promotion, null, or a broken amount (negative, NaN) gives no discount", () => {
      for (const promotion of [
        undefined,
        null,
        { amountCents: -500 },
        { amountCents: Number.NaN },
      ]) {
        const breakdown = quote([shirt], "STANDARD", promotion);
        expect(breakdown.discountCents).toBe(0);
        expect(breakdown.totalCents).toBe(3000);
      }
    });
  });

  describe("rounding of tax to the cent", () => {
    it.each([
      [1, 0], // 0.25 ct → 0
      [2, 1], // 0.5 ct → 1 (half a cent rounds up)
      [3, 1], // 0.75 ct → 1
      [1999, 500], // 499.75 → 500
      [2002, 501], // 500.5 → 501
    ])("subtotal %i ct → tax %i ct", (subtotal, tax) => {
      expect(quote([{ unitPriceCents: subtotal, quantity: 1 }]).taxCents).toBe(tax);
    });
  });

  describe("empty cart", () => {
    it("costs nothing: no shipping for nothing to ship, and no free-shipping badge", () => {
      for (const lines of [[], [{ unitPriceCents: 2000, quantity: 0 }]]) {
        expect(quote(lines, "EXPRESS", WELCOME10)).toEqual({
          subtotalCents: 0,
          taxCents: 0,
          shippingCents: 0,
          discountCents: 0,
          totalCents: 0,
          freeShipping: false,
        });
      }
    });
  });

  it("refuses lines that are not whole, non-negative cents and quantities", () => {
    expect(() => quote([{ unitPriceCents: 19.99, quantity: 1 }])).toThrow(RangeError);
    expect(() => quote([{ unitPriceCents: 2000, quantity: -1 }])).toThrow(RangeError);
    expect(() => quote([{ unitPriceCents: 2000, quantity: Number.NaN }])).toThrow(RangeError);
  });
});

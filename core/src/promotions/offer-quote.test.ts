import { describe, expect, it } from "vitest";
import { quote } from "../pricing/quote.ts";
import { quoteWithOffers } from "./offer-quote.ts";
import type { Offer, OfferLine } from "./offers.ts";

const SHIRT: OfferLine = {
  productId: "shirt",
  category: "Men",
  unitPriceCents: 2_000,
  quantity: 1,
};
const DRESS: OfferLine = {
  productId: "dress",
  category: "Women",
  unitPriceCents: 8_000,
  quantity: 1,
};
const ctx = { now: new Date("2026-12-10T12:00:00Z"), timeZone: "Europe/Madrid" };
const offer = (over: Partial<Offer> & Pick<Offer, "effect">): Offer => ({
  id: "p1",
  label: "An offer",
  conditions: {},
  usedCount: 0,
  createdAt: "2026-11-01T00:00:00Z",
  ...over,
});

describe("a cart's prices with its promotions", () => {
  it("without promotions is quote()'s breakdown", () => {
    for (const method of ["STANDARD", "EXPRESS"] as const) {
      expect(quoteWithOffers([SHIRT, DRESS], method, [], undefined, ctx).breakdown).toEqual(
        quote([SHIRT, DRESS], method),
      );
    }
  });

  it("free delivery under the 100 € threshold: the delivery line is Free, the items untouched", () => {
    const code = offer({ code: "SHIP", effect: { kind: "free-delivery", methods: "STANDARD" } });
    const { breakdown } = quoteWithOffers([SHIRT], "STANDARD", [], code, ctx);
    expect(breakdown).toEqual({
      subtotalCents: 2_000,
      taxCents: 500,
      shippingCents: 0,
      discountCents: 0,
      totalCents: 2_500,
      freeShipping: true,
    });
  });

  it("an item offer comes off the items: total = subtotal + tax + delivery - discount", () => {
    const sale = offer({
      effect: { kind: "percent-off-items", percent: 20, target: { audiences: ["Women"] } },
    });
    const { breakdown, outcome } = quoteWithOffers(
      [SHIRT, DRESS],
      "STANDARD",
      [sale],
      undefined,
      ctx,
    );
    // The dress: 80 € + 20 € tax, 20% = 20 €. 125 € gross: the delivery stays free.
    expect(outcome.lineDiscountCents).toEqual([0, 2_000]);
    expect(breakdown).toEqual({
      subtotalCents: 10_000,
      taxCents: 2_500,
      shippingCents: 0,
      discountCents: 2_000,
      totalCents: 10_500,
      freeShipping: true,
    });
  });

  it("an amount beyond the items comes off the delivery, never below 0", () => {
    const code = offer({ code: "BIG", effect: { kind: "amount-off-order", amountCents: 2_700 } });
    const { breakdown } = quoteWithOffers([SHIRT], "STANDARD", [], code, ctx);
    expect(breakdown).toMatchObject({ shippingCents: 300, discountCents: 2_500, totalCents: 300 });
  });

  it("an empty cart costs nothing and no promotion applies", () => {
    const code = offer({ code: "SHIP", effect: { kind: "free-delivery", methods: "ALL" } });
    const { breakdown, outcome } = quoteWithOffers([], "EXPRESS", [], code, ctx);
    expect(breakdown.totalCents).toBe(0);
    expect(outcome.applied).toEqual([]);
  });
});

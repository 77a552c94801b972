// Promotions on a cart, fixture by fixture (a cart, the offers, what comes off each line and the
// delivery), in the manner of Medusa's promotion module tests.
import { describe, expect, it } from "vitest";
import { quote } from "../pricing/quote.ts";
import {
  applyOffers,
  lineGross,
  type Offer,
  type OfferContext,
  type OfferLine,
  offerDates,
  shareOut,
  unitRefundCents,
} from "./offers.ts";

const DRESS: OfferLine = {
  productId: "dress",
  category: "Women",
  productType: "dresses",
  unitPriceCents: 8_000,
  quantity: 1,
};
const COAT: OfferLine = {
  productId: "coat",
  category: "Men",
  productType: "coats",
  unitPriceCents: 12_000,
  quantity: 1,
};
const TEE: OfferLine = {
  productId: "tee",
  category: "Men",
  productType: "t-shirts",
  unitPriceCents: 1_999,
  quantity: 3,
};

const NOW = new Date("2026-12-10T12:00:00Z");
const ctx = (over: Partial<OfferContext> = {}): OfferContext => ({
  now: NOW,
  timeZone: "Europe/Madrid",
  method: "STANDARD",
  shippingCents: 500,
  customer: { ordersBefore: 2, usedPromotionIds: new Set() },
  ...over,
});

let ids = 0;
const offer = (over: Partial<Offer> & Pick<Offer, "effect">): Offer => ({
  id: `p${++ids}`,
  label: "An offer",
  conditions: {},
  usedCount: 0,
  createdAt: `2026-11-0${(ids % 9) + 1}T00:00:00Z`,
  ...over,
});

describe("each kind", () => {
  it("a fixed amount off the order comes off every line in proportion, and the delivery past the items", () => {
    const code = offer({ code: "TEN", effect: { kind: "amount-off-order", amountCents: 1_000 } });
    const out = applyOffers([DRESS, COAT], [], code, ctx());
    // Gross: 10,000 and 15,000 (tax 25%); 1,000 shared 2:3.
    expect(out.lineGrossCents).toEqual([10_000, 15_000]);
    expect(out.lineDiscountCents).toEqual([400, 600]);
    expect(out.shippingDiscountCents).toBe(0);
    expect(out.discountCents).toBe(1_000);

    const huge = offer({ code: "HUGE", effect: { kind: "amount-off-order", amountCents: 99_999 } });
    const all = applyOffers([TEE], [], huge, ctx());
    const goods = Math.round(1_999 * 3 * 1.25);
    expect(all.lineDiscountCents).toEqual([goods]);
    expect(all.shippingDiscountCents).toBe(500);
    expect(all.discountCents).toBe(goods + 500);
  });

  it("keeps today's fixed-amount code exactly as the quote priced it", () => {
    const code = offer({
      code: "WELCOME10",
      effect: { kind: "amount-off-order", amountCents: 1_000 },
    });
    const before = quote([TEE, COAT], "STANDARD", { amountCents: 1_000 });
    const out = applyOffers([TEE, COAT], [], code, ctx({ shippingCents: before.shippingCents }));
    expect(out.discountCents).toBe(before.discountCents);
    expect(out.lineGrossCents.reduce((a, b) => a + b, 0)).toBe(
      before.subtotalCents + before.taxCents,
    );
  });

  it("a percentage off the order comes off every line's gross, half a cent up", () => {
    const code = offer({ code: "P15", effect: { kind: "percent-off-order", percent: 15 } });
    const out = applyOffers([DRESS, TEE], [], code, ctx());
    const teeGross = out.lineGrossCents[1] ?? 0;
    expect(out.lineDiscountCents).toEqual([1_500, Math.round(teeGross * 0.15)]);
    expect(out.shippingDiscountCents).toBe(0);
  });

  it("a percentage off a target takes off only the targeted lines: audience, type or product", () => {
    for (const target of [
      { audiences: ["Women" as const] },
      { productTypes: ["dresses"] },
      { productIds: ["dress"] },
    ]) {
      const code = offer({
        code: "DRESSES20",
        effect: { kind: "percent-off-items", percent: 20, target },
      });
      const out = applyOffers([DRESS, COAT], [], code, ctx());
      expect(out.lineDiscountCents).toEqual([2_000, 0]);
    }
  });

  it("a target's parts must all hold, any entry of each: Women's dresses are neither every Women's item nor every dress", () => {
    const KIDS_DRESS: OfferLine = { ...DRESS, productId: "kids-dress", category: "Kid" };
    const TOP: OfferLine = { ...DRESS, productId: "top", productType: "tops" };
    // Saved before product types: no type, so a type-targeted offer passes it by.
    const OLD: OfferLine = {
      productId: "old",
      category: "Women",
      unitPriceCents: 8_000,
      quantity: 1,
    };
    const sale = offer({
      label: "20% off Women's dresses",
      effect: {
        kind: "percent-off-items",
        percent: 20,
        target: { audiences: ["Women"], productTypes: ["dresses", "skirts"] },
      },
    });
    const out = applyOffers([DRESS, KIDS_DRESS, TOP, OLD], [sale], undefined, ctx());
    expect(out.lineDiscountCents).toEqual([2_000, 0, 0, 0]);
    const none = offer({ effect: { kind: "percent-off-items", percent: 20, target: {} } });
    expect(applyOffers([DRESS], [none], undefined, ctx()).discountCents).toBe(0);
  });

  it("an amount off each targeted item counts its quantity, and never passes the line", () => {
    const code = offer({
      code: "TEES5",
      effect: {
        kind: "amount-off-items",
        amountCents: 500,
        target: { productTypes: ["t-shirts"] },
      },
    });
    expect(applyOffers([TEE, DRESS], [], code, ctx()).lineDiscountCents).toEqual([1_500, 0]);
    const most = offer({
      code: "TEES50",
      effect: { kind: "amount-off-items", amountCents: 5_000, target: { productIds: ["tee"] } },
    });
    const out = applyOffers([TEE], [], most, ctx());
    expect(out.lineDiscountCents).toEqual(out.lineGrossCents);
  });

  it("free delivery: the standard method only, or both", () => {
    const standard = offer({
      code: "SHIPFREE",
      effect: { kind: "free-delivery", methods: "STANDARD" },
    });
    expect(applyOffers([TEE], [], standard, ctx()).shippingDiscountCents).toBe(500);
    const express = applyOffers(
      [TEE],
      [],
      standard,
      ctx({ method: "EXPRESS", shippingCents: 1_600 }),
    );
    expect(express.shippingDiscountCents).toBe(0);
    expect(express.codeRefused).toBe("nothing-eligible");
    const both = offer({ code: "ALLFREE", effect: { kind: "free-delivery", methods: "ALL" } });
    expect(
      applyOffers([TEE], [], both, ctx({ method: "EXPRESS", shippingCents: 1_600 }))
        .shippingDiscountCents,
    ).toBe(1_600);
  });
});

describe("free delivery against the 100 € threshold", () => {
  it("under 100 € a free-delivery code makes the delivery free; from 100 € it is free already and the code takes nothing", () => {
    const code = offer({
      code: "SHIPFREE",
      effect: { kind: "free-delivery", methods: "STANDARD" },
    });
    const under = quote([TEE], "STANDARD");
    expect(under.shippingCents).toBe(500);
    const out = applyOffers([TEE], [], code, ctx({ shippingCents: under.shippingCents }));
    expect(out.shippingDiscountCents).toBe(500);
    expect(under.subtotalCents + under.taxCents + under.shippingCents - out.discountCents).toBe(
      under.subtotalCents + under.taxCents,
    );

    const over = quote([COAT], "STANDARD");
    expect(over.freeShipping).toBe(true);
    const free = applyOffers([COAT], [], code, ctx({ shippingCents: over.shippingCents }));
    expect(free.codeRefused).toBeUndefined();
    expect(free.discountCents).toBe(0);
  });
});

describe("each condition", () => {
  const base = { code: "C", effect: { kind: "percent-off-order" as const, percent: 10 } };

  it("a minimum subtotal, on the items' prices before tax and promotions", () => {
    const code = offer({ ...base, conditions: { minSubtotalCents: 8_001 } });
    expect(applyOffers([DRESS], [], code, ctx()).codeRefused).toBe("min-subtotal");
    const exactly = offer({ ...base, conditions: { minSubtotalCents: 8_000 } });
    expect(applyOffers([DRESS], [], exactly, ctx()).discountCents).toBe(1_000);
  });

  it("dates as days in the shop's time zone: from the start day through the end day", () => {
    const dates = { startsAt: "2026-12-11", endsAt: "2026-12-12" };
    // 23:30 UTC on the 10th is already the 11th in Madrid.
    expect(offerDates(dates, new Date("2026-12-10T22:59:59Z"), "Europe/Madrid")).toBe(
      "not-started",
    );
    expect(offerDates(dates, new Date("2026-12-10T23:00:00Z"), "Europe/Madrid")).toBeUndefined();
    expect(offerDates(dates, new Date("2026-12-12T22:59:59Z"), "Europe/Madrid")).toBeUndefined();
    expect(offerDates(dates, new Date("2026-12-12T23:00:00Z"), "Europe/Madrid")).toBe("ended");
    // Instants: from the start, until (not at) the end.
    const instants = { startsAt: "2026-12-10T12:00:00Z", endsAt: "2026-12-10T13:00:00Z" };
    expect(offerDates(instants, new Date("2026-12-10T11:59:59Z"), "UTC")).toBe("not-started");
    expect(offerDates(instants, new Date("2026-12-10T12:00:00Z"), "UTC")).toBeUndefined();
    expect(offerDates(instants, new Date("2026-12-10T13:00:00Z"), "UTC")).toBe("ended");
    const code = offer({ ...base, conditions: { startsAt: "2026-12-11" } });
    expect(applyOffers([DRESS], [], code, ctx()).codeRefused).toBe("not-started");
  });

  it("a usage limit in all", () => {
    const code = offer({ ...base, conditions: { usageLimit: 3 }, usedCount: 3 });
    expect(applyOffers([DRESS], [], code, ctx()).codeRefused).toBe("used-up");
    const left = offer({ ...base, conditions: { usageLimit: 3 }, usedCount: 2 });
    expect(applyOffers([DRESS], [], left, ctx()).codeRefused).toBeUndefined();
  });

  it("once per customer, and only a signed-in customer", () => {
    const code = offer({ ...base, conditions: { oncePerCustomer: true } });
    const used = ctx({ customer: { ordersBefore: 1, usedPromotionIds: new Set([code.id]) } });
    expect(applyOffers([DRESS], [], code, used).codeRefused).toBe("used-by-customer");
    expect(applyOffers([DRESS], [], code, ctx()).codeRefused).toBeUndefined();
    expect(applyOffers([DRESS], [], code, ctx({ customer: undefined })).codeRefused).toBe(
      "sign-in-needed",
    );
  });

  it("first order only", () => {
    const code = offer({ ...base, conditions: { firstOrderOnly: true } });
    expect(applyOffers([DRESS], [], code, ctx()).codeRefused).toBe("first-order-only");
    const first = ctx({ customer: { ordersBefore: 0, usedPromotionIds: new Set() } });
    expect(applyOffers([DRESS], [], code, first).discountCents).toBe(1_000);
  });

  it("an item code with nothing of its target in the cart is refused", () => {
    const code = offer({
      code: "COATS",
      effect: { kind: "percent-off-items", percent: 20, target: { productTypes: ["coats"] } },
    });
    expect(applyOffers([DRESS], [], code, ctx()).codeRefused).toBe("nothing-eligible");
  });
});

describe("automatic offers and how they combine", () => {
  it("apply by themselves when their conditions hold, and not before their start", () => {
    const sale = offer({
      label: "Winter sale: 20% off coats",
      effect: { kind: "percent-off-items", percent: 20, target: { productTypes: ["coats"] } },
      conditions: { startsAt: "2026-12-10", endsAt: "2026-12-31" },
    });
    const out = applyOffers([COAT, DRESS], [sale], undefined, ctx());
    expect(out.applied.map((a) => a.label)).toEqual(["Winter sale: 20% off coats"]);
    expect(out.lineDiscountCents).toEqual([3_000, 0]);
    const early = applyOffers(
      [COAT],
      [sale],
      undefined,
      ctx({ now: new Date("2026-12-09T12:00:00Z") }),
    );
    expect(early.applied).toEqual([]);
  });

  it("a line takes the one automatic item offer that takes most off it", () => {
    const ten = offer({
      effect: { kind: "percent-off-items", percent: 10, target: { audiences: ["Men"] } },
    });
    const coats = offer({
      effect: { kind: "percent-off-items", percent: 30, target: { productTypes: ["coats"] } },
    });
    const out = applyOffers([COAT, TEE], [ten, coats], undefined, ctx());
    const teeGross = out.lineGrossCents[1] ?? 0;
    expect(out.lineDiscountCents).toEqual([4_500, Math.round(teeGross * 0.1)]);
    expect(out.applied.map((a) => a.id).sort()).toEqual([coats.id, ten.id].sort());
  });

  it("one automatic order offer, the best, then the code on what is left; never more than the items and delivery", () => {
    const small = offer({ effect: { kind: "percent-off-order", percent: 5 } });
    const big = offer({
      effect: { kind: "percent-off-order", percent: 10 },
      conditions: { minSubtotalCents: 10_000 },
    });
    const code = offer({
      code: "TWENTY",
      effect: { kind: "amount-off-order", amountCents: 2_000 },
    });
    const out = applyOffers([DRESS, COAT], [small, big], code, ctx());
    // 10% of 25,000 = 2,500, then 2,000 off the 22,500 left.
    expect(out.applied.map((a) => [a.id, a.totalCents])).toEqual([
      [big.id, 2_500],
      [code.id, 2_000],
    ]);
    expect(out.discountCents).toBe(4_500);
    expect(out.lineDiscountCents.every((d, i) => d <= (out.lineGrossCents[i] ?? 0))).toBe(true);
  });

  it("an item offer, an order offer, free delivery and a code together never take a line below 0", () => {
    const all = [
      offer({
        effect: { kind: "percent-off-items", percent: 100, target: { productIds: ["tee"] } },
      }),
      offer({ effect: { kind: "percent-off-order", percent: 50 } }),
      offer({ effect: { kind: "free-delivery", methods: "ALL" } }),
    ];
    const code = offer({
      code: "MORE",
      effect: { kind: "amount-off-order", amountCents: 100_000 },
    });
    const out = applyOffers([TEE, DRESS], all, code, ctx());
    expect(out.lineDiscountCents).toEqual(out.lineGrossCents);
    expect(out.shippingDiscountCents).toBe(500);
    expect(out.discountCents).toBe(out.lineGrossCents.reduce((a, b) => a + b, 0) + 500);
  });

  it("the applied amounts add up to the discount, line by line", () => {
    const offers = [
      offer({ effect: { kind: "percent-off-items", percent: 15, target: { audiences: ["Men"] } } }),
      offer({ effect: { kind: "percent-off-order", percent: 7 } }),
    ];
    const code = offer({ code: "X", effect: { kind: "amount-off-order", amountCents: 333 } });
    const out = applyOffers([TEE, DRESS, COAT], offers, code, ctx());
    out.lineDiscountCents.forEach((discount, i) => {
      expect(out.applied.reduce((s, a) => s + (a.lineCents[i] ?? 0), 0)).toBe(discount);
    });
    expect(out.applied.reduce((s, a) => s + a.totalCents, 0)).toBe(out.discountCents);
  });
});

describe("rounding", () => {
  it("shares out to the cent by largest remainder, never losing or making a cent", () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(1, [1, 1])).toEqual([1, 0]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    expect(shareOut(7, [0, 0])).toEqual([0, 0]);
    for (let total = 0; total < 50; total += 7) {
      expect(shareOut(total, [3, 5, 11]).reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it("the lines' gross adds up to the quote's subtotal and tax (tax rounded once)", () => {
    const lines = [
      { ...TEE, unitPriceCents: 1_001, quantity: 1 },
      { ...DRESS, unitPriceCents: 1_001, quantity: 1 },
      { ...COAT, unitPriceCents: 1_001, quantity: 1 },
    ];
    const q = quote(lines);
    expect(lineGross(lines).reduce((a, b) => a + b, 0)).toBe(q.subtotalCents + q.taxCents);
  });
});

describe("refunds pro rata with several promotions", () => {
  it("returning every unit, at once or one by one, refunds exactly what the line paid", () => {
    const offers = [
      offer({
        effect: { kind: "percent-off-items", percent: 20, target: { productIds: ["tee"] } },
      }),
      offer({ effect: { kind: "percent-off-order", percent: 3 } }),
    ];
    const code = offer({ code: "FIVE", effect: { kind: "amount-off-order", amountCents: 500 } });
    const out = applyOffers([TEE, DRESS], offers, code, ctx());
    const paid = (out.lineGrossCents[0] ?? 0) - (out.lineDiscountCents[0] ?? 0);
    expect(unitRefundCents(paid, 3, 0, 3)).toBe(paid);
    const oneByOne = [0, 1, 2].map((returned) => unitRefundCents(paid, 3, returned, 1));
    expect(oneByOne.reduce((a, b) => a + b, 0)).toBe(paid);
    expect(Math.max(...oneByOne) - Math.min(...oneByOne)).toBeLessThanOrEqual(1);
    expect(unitRefundCents(paid, 3, 3, 1)).toBe(0);
    expect(unitRefundCents(paid, 3, 1, 5)).toBe(paid - (oneByOne[0] ?? 0));
  });
});

// The automatic offers a product's card and page show, fixture by fixture (docs/product.md §9
// "On the pages").
import { describe, expect, it } from "vitest";
import { shownOfferText } from "../pricing/offer-text.ts";
import type { Offer } from "./offers.ts";
import {
  isShownOnPages,
  offerShownChangedBetween,
  offersShownFor,
  withShownOffers,
} from "./shown-offers.ts";
import { WOMENS_DRESSES_20 } from "./test-fixtures.ts";

const DRESS = {
  id: "dress",
  category: "Women" as const,
  productType: "dresses",
  priceCents: 5_900,
};
const COAT = { id: "coat", category: "Men" as const, productType: "coats", priceCents: 12_000 };
const OLD_TEE = { id: "tee", category: "Women" as const, priceCents: 1_999 }; // no type

const NOW = new Date("2026-12-10T12:00:00Z");
const TZ = "Europe/Madrid";

let ids = 0;
const offer = (over: Partial<Offer> = {}): Offer => ({
  id: `auto:${++ids}`,
  ...WOMENS_DRESSES_20,
  usedCount: 0,
  createdAt: `2026-11-0${(ids % 9) + 1}T00:00:00Z`,
  ...over,
});

describe("which offers a product's pages show", () => {
  it("a live percentage off its target: the label and the price after it, rounded as the cart rounds", () => {
    const sale = offer();
    expect(offersShownFor(DRESS, [sale], NOW, TZ)).toEqual([
      { id: sale.id, label: sale.label, priceCents: 4_720 },
    ]);
    // 20% of 19.99 is 3.998: 4.00 off, as the cart takes a percentage (half a cent up).
    const all = offer({
      effect: { kind: "percent-off-items", percent: 20, target: { audiences: ["Women"] } },
    });
    expect(offersShownFor(OLD_TEE, [all], NOW, TZ)[0]?.priceCents).toBe(1_599);
  });

  it("nothing on a product outside the target (a product without a type is no type's)", () => {
    const sale = offer();
    expect(offersShownFor(COAT, [sale], NOW, TZ)).toEqual([]);
    expect(offersShownFor(OLD_TEE, [sale], NOW, TZ)).toEqual([]);
    const chosen = offer({
      effect: { kind: "percent-off-items", percent: 10, target: { productIds: ["coat"] } },
    });
    expect(offersShownFor(COAT, [chosen], NOW, TZ).map((o) => o.id)).toEqual([chosen.id]);
    expect(offersShownFor(DRESS, [chosen], NOW, TZ)).toEqual([]);
  });

  it("only within its dates, days in the shop's time zone", () => {
    const tomorrow = offer({ conditions: { startsAt: "2026-12-11" } });
    expect(offersShownFor(DRESS, [tomorrow], NOW, TZ)).toEqual([]);
    // Madrid's 11th starts at 23:00 UTC on the 10th.
    expect(offersShownFor(DRESS, [tomorrow], new Date("2026-12-10T23:00:00Z"), TZ)).toHaveLength(1);
    const ended = offer({ conditions: { endsAt: "2026-12-09" } });
    expect(offersShownFor(DRESS, [ended], NOW, TZ)).toEqual([]);
  });

  it("never a code, an order-wide offer, free delivery or an offer with a usage limit", () => {
    const hidden = [
      offer({ code: "DRESS20" }),
      offer({ effect: { kind: "percent-off-order", percent: 10 } }),
      offer({ effect: { kind: "amount-off-order", amountCents: 500 } }),
      offer({ effect: { kind: "free-delivery", methods: "ALL" } }),
      offer({ conditions: { usageLimit: 100 } }),
    ];
    for (const one of hidden) expect(isShownOnPages(one)).toBe(false);
    expect(offersShownFor(DRESS, hidden, NOW, TZ)).toEqual([]);
  });

  it("a condition the page cannot judge: the offer and its condition, no price", () => {
    const min = offer({ conditions: { minSubtotalCents: 10_000 } });
    const first = offer({ conditions: { firstOrderOnly: true, oncePerCustomer: true } });
    const [a, b] = offersShownFor(DRESS, [min, first], NOW, TZ);
    expect(a).toEqual({ id: min.id, label: min.label, minSubtotalCents: 10_000 });
    expect(b?.priceCents).toBeUndefined();
    expect(shownOfferText(a ?? min)).toBe("On orders from 100.00 €");
    expect(shownOfferText(b ?? first)).toBe("On a first order · Once per customer");
  });

  it("an amount off each item names the amount, not a price (it comes off the price with tax)", () => {
    const tenOff = offer({
      label: "10 € off dresses",
      effect: {
        kind: "amount-off-items",
        amountCents: 1_000,
        target: { productTypes: ["dresses"] },
      },
    });
    const [shown] = offersShownFor(DRESS, [tenOff], NOW, TZ);
    expect(shown?.priceCents).toBeUndefined();
    expect(shownOfferText(shown ?? tenOff)).toBe("10.00 € off each in the cart");
    expect(shownOfferText(shown ?? tenOff, "USD")).toBe("$11.00 off each in the cart");
  });

  it("several: lowest price first (the older on a tie), then the conditional ones, older first", () => {
    const small = offer({
      effect: { kind: "percent-off-items", percent: 10, target: { audiences: ["Women"] } },
    });
    const min = offer({ conditions: { minSubtotalCents: 5_000 } });
    const big = offer({
      effect: { kind: "percent-off-items", percent: 30, target: { productIds: ["dress"] } },
    });
    const tie = offer({
      effect: { kind: "percent-off-items", percent: 30, target: { productTypes: ["dresses"] } },
    });
    const shown = offersShownFor(DRESS, [min, small, tie, big], NOW, TZ);
    const older = big.createdAt < tie.createdAt ? big : tie;
    expect(shown.map((o) => o.id)).toEqual([
      older.id,
      older === big ? tie.id : big.id,
      small.id,
      min.id,
    ]);
    expect(shown[0]?.priceCents).toBe(4_130);
  });

  it("a price never below 0; the price is the one it sells at (after a markdown)", () => {
    const all = offer({
      effect: { kind: "percent-off-items", percent: 100, target: { audiences: ["Women"] } },
    });
    expect(offersShownFor(DRESS, [all], NOW, TZ)[0]?.priceCents).toBe(0);
    const onSale = { ...DRESS, priceCents: 3_900 };
    expect(offersShownFor(onSale, [offer()], NOW, TZ)[0]?.priceCents).toBe(3_120);
  });
});

describe("a catalogue page's cards", () => {
  it("each card the first offer it shows; the same array when none shows", () => {
    const items = [DRESS, COAT];
    const sale = offer();
    const shown = withShownOffers(items, [sale], NOW, TZ);
    expect(shown[0]?.offer?.label).toBe(sale.label);
    expect(shown[1]).toBe(COAT);
    expect(items[0]).not.toHaveProperty("offer"); // not mutated
    expect(withShownOffers(items, [], NOW, TZ)).toBe(items);
    expect(
      withShownOffers(items, [offer({ conditions: { startsAt: "2027-01-01" } })], NOW, TZ),
    ).toBe(items);
  });
});

describe("when the edge must purge an offer's pages", () => {
  it("when it starts and when it ends, not in between; never for an offer no page shows", () => {
    const sale = offer({ conditions: { startsAt: "2026-12-11", endsAt: "2026-12-12" } });
    const at = (iso: string) => new Date(iso);
    const changed = (a: string, b: string) => offerShownChangedBetween(sale, at(a), at(b), "UTC");
    expect(changed("2026-12-10T23:45:00Z", "2026-12-11T00:00:00Z")).toBe(true);
    expect(changed("2026-12-11T00:00:00Z", "2026-12-11T00:15:00Z")).toBe(false);
    expect(changed("2026-12-12T23:45:00Z", "2026-12-13T00:00:00Z")).toBe(true);
    expect(changed("2026-12-13T00:00:00Z", "2026-12-13T00:15:00Z")).toBe(false);
    const limited = { ...sale, conditions: { ...sale.conditions, usageLimit: 5 } };
    expect(
      offerShownChangedBetween(
        limited,
        at("2026-12-10T23:45:00Z"),
        at("2026-12-11T00:00:00Z"),
        "UTC",
      ),
    ).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import type { PromotionGiven } from "../orders/order-events.ts";
import {
  addDays,
  colourSplit,
  colourSplitText,
  comparePeriods,
  dayOf,
  percentChange,
  promotionsGiven,
  revenueByDay,
  type SalesDay,
  topProducts,
} from "./figures.ts";
import { chunksOf, countedOf, PRODUCTS_PER_CHUNK, PROMOTIONS_PER_CHUNK, tallyOf } from "./tally.ts";

const day = (d: string, revenueCents: number, orders: number, products = {}): SalesDay => ({
  day: d,
  revenueCents,
  orders,
  items: orders,
  products,
});

describe("the shop's days", () => {
  it("are calendar days in the shop's time zone", () => {
    expect(dayOf("2026-03-10T23:30:00Z", "UTC")).toBe("2026-03-10");
    expect(dayOf("2026-03-10T23:30:00Z", "Europe/Madrid")).toBe("2026-03-11");
    expect(dayOf("2026-03-11T03:00:00Z", "America/New_York")).toBe("2026-03-10");
  });

  it("count across months and years", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2026-01-10", -29)).toBe("2025-12-12");
  });
});

describe("the dashboard's figures", () => {
  const days = [
    day("2026-05-10", 5000, 2, { a: 2 }),
    day("2026-05-09", 1000, 1, { b: 5 }),
    day("2026-05-03", 3000, 1, { a: 1 }),
    day("2026-04-20", 9000, 3),
  ];

  it("compare today, 7 and 30 days with the periods just before", () => {
    const [today, week, month] = comparePeriods(days, "2026-05-10");
    expect(today?.current).toEqual({ revenueCents: 5000, orders: 2, items: 2, averageCents: 2500 });
    expect(today?.previous.revenueCents).toBe(1000);
    expect(week?.current.revenueCents).toBe(6000);
    expect(week?.previous.revenueCents).toBe(3000);
    expect(month?.current.revenueCents).toBe(18000);
    expect(month?.previous.orders).toBe(0);
  });

  it("say no change in percent when there was nothing before", () => {
    expect(percentChange(6000, 3000)).toBe(100);
    expect(percentChange(1000, 4000)).toBe(-75);
    expect(percentChange(1000, 0)).toBeNull();
  });

  it("give every day of the chart, zero on a day without sales", () => {
    const series = revenueByDay(days, "2026-05-10", 30);
    expect(series).toHaveLength(30);
    expect(series[0]?.day).toBe("2026-04-11");
    expect(series.at(-1)).toEqual({ day: "2026-05-10", revenueCents: 5000 });
    expect(series.find((d) => d.day === "2026-05-08")?.revenueCents).toBe(0);
  });

  it("rank products by units over the period, leaving out those sold back to zero", () => {
    const withRefund = [...days, day("2026-05-08", 0, 0, { c: 0 })];
    expect(topProducts(withRefund, "2026-05-10")).toEqual([
      { productId: "b", units: 5, colours: [] },
      { productId: "a", units: 3, colours: [] },
    ]);
    expect(topProducts(days, "2026-05-10", 1)).toEqual([{ productId: "a", units: 2, colours: [] }]);
  });
});

describe("a best seller's split by colour", () => {
  it("adds each colour's units over the period, most first, on the product's row", () => {
    const sold: SalesDay[] = [
      {
        ...day("2026-05-10", 0, 0, { polo: 8, tee: 2 }),
        colours: { "polo/navy": 5, "polo/forest": 3, "tee/sand": 2 },
      },
      { ...day("2026-05-09", 0, 0, { polo: 11 }), colours: { "polo/navy": 7, "polo/forest": 4 } },
      // Outside the 7 days: not counted.
      { ...day("2026-05-01", 0, 0, { polo: 9 }), colours: { "polo/forest": 9 } },
    ];
    const [polo, tee] = topProducts(sold, "2026-05-10", 7);
    expect(polo).toEqual({
      productId: "polo",
      units: 19,
      colours: [
        { name: "Navy", units: 12 },
        { name: "Forest", units: 7 },
      ],
    });
    expect(colourSplitText(polo?.colours ?? [])).toBe("Navy 12 · Forest 7");
    expect(colourSplitText(tee?.colours ?? [])).toBe("Sand 2");
  });

  it("names no colour for lines from before colourways nor for 'As shown': their units are one part, last", () => {
    // 3 units on lines without a colour (kept in no colour's count), 2 in the "As shown" colourway.
    const split = colourSplit(17, { navy: 12, "as-shown": 2 });
    expect(split).toEqual([
      { name: "Navy", units: 12 },
      { name: null, units: 5 },
    ]);
    expect(colourSplitText(split)).toBe("Navy 12 · No colour 5");
    expect(colourSplitText(split)).not.toMatch(/As shown/);
    // Nothing named: no split, the units say it all.
    expect(colourSplit(4, { "as-shown": 4 })).toEqual([]);
    expect(colourSplit(4, {})).toEqual([]);
  });

  it("leaves out a colour sold back to zero (a refunded cancellation) and ties by name", () => {
    expect(colourSplitText(colourSplit(4, { red: 0, navy: 2, forest: 2 }))).toBe(
      "Forest 2 · Navy 2",
    );
  });
});

describe("an order event's tally", () => {
  const facts = {
    state: "PENDING" as const,
    payment: "paid" as const,
    totalCents: 4500,
    paidAt: "2026-03-10T23:30:00Z",
    units: { a: 2, b: 1 },
  };
  const event = (type: string, withFacts = true) => ({
    type,
    payload: { orderId: "o1", number: "TL-1", userId: "u", ...(withFacts ? { facts } : {}) },
  });

  it("adds a payment on its day and takes a refunded cancellation away from that day", () => {
    expect(tallyOf(event("order.paid"), "Europe/Madrid")?.tally).toMatchObject({
      day: "2026-03-11",
      revenueCents: 4500,
      orders: 1,
      items: 3,
      units: { a: 2, b: 1 },
    });
    expect(tallyOf(event("order.canceled"), "UTC")?.tally).toMatchObject({
      day: "2026-03-10",
      revenueCents: -4500,
      orders: -1,
      items: -3,
      states: { PENDING: -1, CANCELED: 1 },
    });
  });

  it("moves the state counts, and leaves a payment without facts to the rebuild", () => {
    expect(tallyOf(event("order.delivered", false), "UTC")?.tally.states).toEqual({
      SHIPPED: -1,
      DELIVERED: 1,
    });
    expect(tallyOf(event("order.paid", false), "UTC")).toBeNull();
    expect(tallyOf(event("mail.requested"), "UTC")).toBeNull();
  });

  it("splits an order with many products into transactions that fit", () => {
    const units = Object.fromEntries(Array.from({ length: 95 }, (_, i) => [`p${i}`, 1]));
    const chunks = chunksOf(units);
    expect(chunks.map((c) => c.length)).toEqual([PRODUCTS_PER_CHUNK, PRODUCTS_PER_CHUNK, 15]);
    expect(chunksOf({})).toEqual([[]]);
    // Each colour of a product is one more path in the day's update: fewer products a chunk.
    const colours = Object.fromEntries(Object.keys(units).map((id) => [id, { navy: 1 }]));
    expect(chunksOf(units, colours).map((c) => c.length)).toEqual([20, 20, 20, 20, 15]);
  });

  it("carries the units per colour, taken away again by a refunded cancellation", () => {
    const coloured = {
      ...event("order.paid"),
      payload: { ...event("order.paid").payload, facts: { ...facts, colours: { a: { navy: 2 } } } },
    };
    expect(tallyOf(coloured, "UTC")?.tally.colours).toEqual({ a: { navy: 2 } });
    const canceled = { ...coloured, type: "order.canceled" };
    expect(tallyOf(canceled, "UTC")?.tally.colours).toEqual({ a: { navy: -2 } });
    // An event written before the colours: the units only.
    expect(tallyOf(event("order.paid"), "UTC")?.tally.colours).toEqual({});
  });

  it("counts each promotion's order and discount in chunks of their own, taken away by a refunded cancellation", () => {
    const promotions: Record<string, PromotionGiven> = Object.fromEntries(
      Array.from({ length: PROMOTIONS_PER_CHUNK + 1 }, (_, i) => [
        `auto:${String(i).padStart(2, "0")}`,
        { label: `Offer ${i}`, discountCents: 10 },
      ]),
    );
    promotions.SAVE5 = { label: "5 € off", code: "SAVE5", discountCents: 500 };
    const paid = {
      ...event("order.paid"),
      payload: { ...event("order.paid").payload, facts: { ...facts, promotions } },
    };
    const counted = countedOf(paid, "UTC");
    // The products' chunk keeps its mark; the promotions follow in chunks of their own.
    expect(counted.map((c) => c.mark)).toEqual([
      "paid#0",
      "paid#promotions#0",
      "paid#promotions#1",
    ]);
    expect(counted[0]?.tally.promotions).toEqual({});
    expect(counted[0]?.tally.revenueCents).toBe(facts.totalCents);
    expect(counted[1]?.tally.revenueCents).toBe(0);
    expect(Object.keys(counted[1]?.tally.promotions ?? {})).toHaveLength(PROMOTIONS_PER_CHUNK);
    // By id: "SAVE5" sorts before "auto:…"; the last two offers make the second chunk.
    expect(counted[1]?.tally.promotions.SAVE5).toEqual({
      label: "5 € off",
      code: "SAVE5",
      orders: 1,
      discountCents: 500,
    });
    expect(Object.keys(counted[2]?.tally.promotions ?? {})).toEqual(["auto:44", "auto:45"]);
    const canceled = countedOf({ ...paid, type: "order.canceled" }, "UTC");
    expect(canceled[1]?.tally.promotions.SAVE5).toEqual({
      label: "5 € off",
      code: "SAVE5",
      orders: -1,
      discountCents: -500,
    });
    // Without promotions: no chunk of them.
    expect(countedOf(event("order.paid"), "UTC").map((c) => c.mark)).toEqual(["paid#0"]);
  });
});

describe("the discounts per promotion", () => {
  it("sum each promotion's orders and discount over the period, most discount first, and leave out one taken back", () => {
    const withPromotions = (d: string, promotions: SalesDay["promotions"]): SalesDay => ({
      ...day(d, 0, 0),
      promotions,
    });
    const days = [
      withPromotions("2026-03-01", { OLD: { label: "Old", orders: 9, discountCents: 9000 } }),
      withPromotions("2026-03-09", {
        A: { label: "Winter sale", orders: 2, discountCents: 1000 },
        B: { label: "5 € off", code: "SAVE5", orders: 1, discountCents: 500 },
      }),
      withPromotions("2026-03-10", {
        A: { label: "Winter sale: 20%", orders: 1, discountCents: 700 },
        C: { label: "Cancelled", orders: 0, discountCents: 0 },
      }),
    ];
    expect(promotionsGiven(days, "2026-03-10", 7)).toEqual([
      { id: "A", label: "Winter sale: 20%", orders: 3, discountCents: 1700 },
      { id: "B", label: "5 € off", code: "SAVE5", orders: 1, discountCents: 500 },
    ]);
    expect(promotionsGiven(days, "2026-03-10", 30)[0]).toMatchObject({ id: "OLD", orders: 9 });
  });
});

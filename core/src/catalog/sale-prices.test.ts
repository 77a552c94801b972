import { describe, expect, it } from "vitest";
import type { ProductSummary } from "./query.ts";
import { pricedAt, pricePeriod, productAt } from "./sale-prices.ts";

const TZ = "Europe/Madrid";
const summary = (id: string, extra: Partial<ProductSummary> = {}): ProductSummary => ({
  id,
  slug: id,
  name: id,
  category: "Women",
  priceCents: 8900,
  imageUrl: "",
  ratingAverage: 0,
  ratingCount: 0,
  soldOut: false,
  colours: [],
  inStock: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});
const coat = summary("coat", {
  markdown: { saleCents: 5900, startsAt: "2026-12-26", endsAt: "2027-01-06" },
});
const tee = summary("tee", { priceCents: 2000 });
const items = [coat, tee];
const BEFORE = new Date("2026-12-25T22:59:59Z");
const DURING = new Date("2026-12-25T23:00:00Z");
const AFTER = new Date("2027-01-06T23:00:00Z");

describe("pricedAt (the catalogue's prices at a moment)", () => {
  it("prices a product on sale at its sale price, against its regular one, within its days only", () => {
    expect(pricedAt(items, BEFORE, TZ)[0]).toEqual(coat);
    expect(pricedAt(items, DURING, TZ)[0]).toMatchObject({
      priceCents: 5900,
      compareAtCents: 8900,
      percentOff: 33,
    });
    expect(pricedAt(items, DURING, TZ)[1]).toEqual(tee);
    expect(pricedAt(items, AFTER, TZ)[0]).toEqual(coat);
  });

  it("gives the same array while the same sales run, and the catalogue's own with none", () => {
    const plain = [tee];
    expect(pricedAt(plain, DURING, TZ)).toBe(plain);
    expect(pricedAt(items, DURING, TZ)).toBe(pricedAt(items, new Date("2027-01-01T12:00:00Z"), TZ));
    expect(pricedAt(items, BEFORE, TZ)).not.toBe(pricedAt(items, DURING, TZ));
    expect(items[0]).toEqual(coat); // never mutated
  });
});

describe("pricedAt per price period (priced once, not per request)", () => {
  /** A summary whose sale counts how often it is read. */
  const counted = (markdown: NonNullable<ProductSummary["markdown"]>) => {
    const reads = { count: 0 };
    const item = summary("counted");
    Object.defineProperty(item, "markdown", {
      enumerable: true,
      get: () => {
        reads.count++;
        return markdown;
      },
    });
    return { item, reads };
  };

  it("reads the sales once per period, however many requests price the catalogue in it", () => {
    const { item, reads } = counted({ saleCents: 5900, startsAt: "2026-12-26" });
    const catalogue = [item, tee];
    const first = pricedAt(catalogue, DURING, TZ);
    const readsOnce = reads.count;
    for (let i = 1; i <= 100; i++) {
      expect(pricedAt(catalogue, new Date(DURING.getTime() + i * 60_000), TZ)).toBe(first);
    }
    expect(reads.count).toBe(readsOnce);
    expect(first[0]?.priceCents).toBe(5900);
  });

  it("starts and ends a sale of days at the shop's midnight, not UTC's", () => {
    const catalogue = [coat, tee];
    const lastMinuteBefore = new Date("2026-12-25T22:59:00Z");
    const lastMinute = new Date("2027-01-06T22:59:00Z");
    expect(pricedAt(catalogue, lastMinuteBefore, TZ)[0]?.priceCents).toBe(8900);
    expect(pricedAt(catalogue, BEFORE, TZ)[0]?.priceCents).toBe(8900);
    expect(pricedAt(catalogue, DURING, TZ)[0]?.priceCents).toBe(5900);
    expect(pricedAt(catalogue, lastMinute, TZ)[0]?.priceCents).toBe(5900);
    expect(pricedAt(catalogue, AFTER, TZ)[0]?.priceCents).toBe(8900);
    // And back: a period priced before is still right when asked again (the test clock).
    expect(pricedAt(catalogue, BEFORE, TZ)[0]?.priceCents).toBe(8900);
    expect(pricedAt(catalogue, DURING, TZ)[0]?.priceCents).toBe(5900);
  });

  it("starts and ends a sale of exact instants at those instants, within one day", () => {
    const flash = summary("flash", {
      markdown: {
        saleCents: 5000,
        startsAt: "2026-12-26T10:00:00Z",
        endsAt: "2026-12-26T12:00:00Z",
      },
    });
    const catalogue = [flash, tee];
    const at = (iso: string) => pricedAt(catalogue, new Date(iso), TZ)[0]?.priceCents;
    expect(at("2026-12-26T09:59:59.999Z")).toBe(8900);
    expect(at("2026-12-26T10:00:00.000Z")).toBe(5000);
    expect(at("2026-12-26T11:59:59.999Z")).toBe(5000);
    expect(at("2026-12-26T12:00:00.000Z")).toBe(8900);
    expect(pricePeriod(catalogue, new Date("2026-12-26T09:00:00Z"), TZ)).not.toBe(
      pricePeriod(catalogue, new Date("2026-12-26T10:00:00Z"), TZ),
    );
  });

  it("has one period per shop day and time zone while no instant passes", () => {
    const catalogue = [coat, tee];
    const morning = new Date("2026-12-26T07:00:00Z");
    const evening = new Date("2026-12-26T22:00:00Z");
    expect(pricePeriod(catalogue, morning, TZ)).toBe(pricePeriod(catalogue, evening, TZ));
    expect(pricePeriod(catalogue, evening, TZ)).not.toBe(
      pricePeriod(catalogue, new Date("2026-12-26T23:00:00Z"), TZ),
    );
    expect(pricePeriod(catalogue, morning, TZ)).not.toBe(pricePeriod(catalogue, morning, "UTC"));
  });
});

describe("productAt (a product as it sells now)", () => {
  it("adds the compare-at price and the share off while on sale", () => {
    expect(productAt({ priceCents: 8900, markdown: coat.markdown }, DURING, TZ)).toMatchObject({
      priceCents: 5900,
      compareAtCents: 8900,
      percentOff: 33,
    });
    expect(productAt({ priceCents: 8900, markdown: coat.markdown }, AFTER, TZ).priceCents).toBe(
      8900,
    );
  });
});

import { describe, expect, it } from "vitest";
import type { ProductSummary } from "./query.ts";
import { pricedAt, productAt } from "./sale-prices.ts";

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

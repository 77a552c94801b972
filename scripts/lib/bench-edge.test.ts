import { describe, expect, it } from "vitest";
import { buildViews, seededRandom, zipf } from "./bench-edge.ts";

describe("the edge replay's views", () => {
  const slugs = Array.from({ length: 10_000 }, (_, i) => `p-${i}`);
  const views = buildViews({ productSlugs: slugs, anonymous: 10_000, signedInShare: 0.05 });

  it("holds the anonymous views asked for, and signed-in ones making 5% of all", () => {
    expect(views.filter((v) => !v.signedIn)).toHaveLength(10_000);
    expect(views.filter((v) => v.signedIn)).toHaveLength(526);
  });

  it("is skewed: the most popular tenth of the products takes most product views", () => {
    const productViews = views.filter((v) => v.path.startsWith("/product/"));
    const top = productViews.filter((v) => Number(v.path.slice("/product/p-".length)) < 1_000);
    expect(top.length / productViews.length).toBeGreaterThan(0.6);
    expect(productViews.length / views.length).toBeCloseTo(0.5, 1);
  });

  it("mixes catalogue views (some tracked), static pages and the live search", () => {
    expect(views.some((v) => v.path.startsWith("/product?"))).toBe(true);
    expect(views.some((v) => v.path.includes("utm_source="))).toBe(true);
    expect(views.some((v) => v.path.startsWith("/customer-service"))).toBe(true);
    expect(views.some((v) => v.path.startsWith("/api/search?q="))).toBe(true);
  });

  it("is the same on every run", () => {
    const again = buildViews({ productSlugs: slugs, anonymous: 10_000, signedInShare: 0.05 });
    expect(again).toEqual(views);
  });
});

describe("zipf", () => {
  it("picks rank 0 about twice as often as rank 1", () => {
    const pick = zipf(100, 1, seededRandom(1));
    const counts = [0, 0];
    for (let i = 0; i < 20_000; i++) {
      const rank = pick();
      if (rank < 2) counts[rank] = (counts[rank] ?? 0) + 1;
    }
    expect((counts[0] ?? 0) / (counts[1] ?? 1)).toBeGreaterThan(1.7);
    expect((counts[0] ?? 0) / (counts[1] ?? 1)).toBeLessThan(2.3);
  });
});

// The search's query set (scripts/seed-data/search-queries.ts, expected products written by hand)
// against the seeded catalogue. Recall at 5: for each query, the share of its expected products
// among the first five answers (out of at most five), averaged; docs/decisions/021-search.md.
import { describe, expect, it } from "vitest";
import { SEARCH_QUERIES as QUERIES, SEED_PRODUCTS } from "../../../scripts/seed-data/index.ts";
import { colourIndexTextOf } from "../catalog/search-colours.ts";
import { ProductSearch } from "./engine.ts";

const documents = SEED_PRODUCTS.map((product) => ({
  id: product.slug,
  name: product.name,
  audience: product.category,
  description: product.description,
  // Its colourways: the seed's colours, or those its photos name (as a product older than colours).
  colours: colourIndexTextOf(product),
}));

describe("the search over the seeded catalogue", () => {
  const search = ProductSearch.build(documents);

  it(`finds what shoppers mean: recall at 5 ≥ 0.95 over ${QUERIES.length} queries, never nothing`, () => {
    const misses: string[] = [];
    let total = 0;
    for (const [query, expected] of QUERIES) {
      const top = search.search(query).hits.map((hit) => hit.id);
      expect(top.length, `"${query}" found nothing`).toBeGreaterThan(0);
      const first = top.slice(0, 5);
      const found = expected.filter((slug) => first.includes(slug)).length;
      const recall = found / Math.min(expected.length, 5);
      total += recall;
      if (recall < 1)
        misses.push(`  "${query}": ${recall.toFixed(2)} (top 5: ${first.join(", ")})`);
    }
    const recall = total / QUERIES.length;
    console.log(
      `search query set: recall at 5 = ${recall.toFixed(3)} over ${QUERIES.length} queries` +
        (misses.length > 0 ? `\n${misses.join("\n")}` : ""),
    );
    expect(QUERIES.length).toBeGreaterThanOrEqual(40);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it("ranks what comes in a colour named first: a blue shirt before the other shirts", () => {
    const top = (text: string) =>
      search
        .search(text)
        .hits.slice(0, 2)
        .map((hit) => hit.id);
    // The Oxford comes in sky blue, the piqué polo shirt in navy; the linen shirt in sand and sage.
    expect(top("blue shirt").sort()).toEqual(["oxford-button-down-shirt", "pique-polo-shirt"]);
    expect(top("black dress")[0]).toBe("silk-slip-dress");
  });
});

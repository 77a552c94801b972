// The search's query set (docs/decisions/021-search.md): queries shoppers type against the seeded
// catalogue (scripts/seed-data/), each with the products it should find, chosen by hand from the
// catalogue (never from the engine's answers). Recall at 5: for each query, the share of its
// expected products among the first five answers (out of at most five), averaged.
import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "../../../scripts/seed-data/index.ts";
import { ProductSearch } from "./engine.ts";

const QUERIES: ReadonlyArray<[query: string, expected: readonly string[]]> = [
  // The searches that found nothing with the substring match.
  ["caps", ["six-panel-cotton-cap", "kids-sun-cap"]],
  [
    "jackte",
    [
      "waxed-field-jacket",
      "cotton-utility-jacket",
      "kids-waterproof-rain-jacket",
      "baby-quilted-pram-jacket",
    ],
  ],
  [
    "sweatr",
    [
      "merino-roll-neck-sweater",
      "lambswool-crew-sweater",
      "cashmere-crew-sweater",
      "kids-cable-knit-sweater",
    ],
  ],
  ["overcaot", ["wool-overcoat"]],
  [
    "tshirt",
    [
      "organic-cotton-crew-t-shirt",
      "heavyweight-cotton-t-shirt",
      "relaxed-linen-t-shirt",
      "kids-organic-cotton-tee",
      "kids-slub-jersey-tee",
      "baby-cotton-tee",
    ],
  ],
  [
    "t shirts",
    [
      "organic-cotton-crew-t-shirt",
      "heavyweight-cotton-t-shirt",
      "relaxed-linen-t-shirt",
      "kids-organic-cotton-tee",
      "kids-slub-jersey-tee",
      "baby-cotton-tee",
    ],
  ],
  ["hoody", ["loopback-cotton-hoodie", "kids-fleece-hoodie", "baby-hooded-fleece"]],
  ["shirt linen", ["washed-linen-shirt"]],
  ["women jacket", ["cotton-utility-jacket"]],
  [
    "womens dresses",
    ["poplin-midi-dress", "jersey-wrap-dress", "linen-sundress", "silk-slip-dress"],
  ],
  ["kids coat", ["kids-wool-duffle-coat", "kids-down-parka"]],
  ["cardigans", ["chunky-knit-cardigan", "baby-cashmere-cardigan"]],
  ["sleepsuits", ["footed-cotton-sleepsuit", "baby-velour-sleepsuit", "baby-merino-sleepsuit"]],
  ["chinos", ["stretch-chino-trousers"]],
  ["bodysuits", ["organic-cotton-bodysuit", "baby-heart-print-bodysuit"]],
  ["pique", ["pique-polo-shirt", "kids-pique-polo"]],
  // Plain words, plurals, case and accents.
  ["jeans", ["slim-selvedge-jeans", "high-rise-straight-jeans", "kids-stretch-jeans"]],
  [
    "DRESS",
    [
      "poplin-midi-dress",
      "jersey-wrap-dress",
      "linen-sundress",
      "silk-slip-dress",
      "kids-corduroy-pinafore-dress",
      "kids-tiered-cotton-dress",
    ],
  ],
  ["Piqué Polo", ["pique-polo-shirt", "kids-pique-polo"]],
  ["skirts", ["pleated-midi-skirt", "denim-a-line-skirt", "kids-pleated-skirt"]],
  ["beanies", ["fisherman-rib-beanie", "kids-pom-pom-beanie", "baby-ribbed-beanie"]],
  ["socks", ["merino-hiking-socks", "cashmere-blend-ankle-socks", "baby-non-slip-socks"]],
  ["bibs", ["baby-muslin-bib", "baby-terry-bib-set"]],
  ["shorts", ["cotton-twill-shorts", "linen-drawstring-shorts", "kids-cargo-shorts"]],
  ["booties", ["baby-knit-booties", "baby-soft-sole-booties"]],
  ["cashmere", ["cashmere-crew-sweater", "cashmere-blend-ankle-socks", "baby-cashmere-cardigan"]],
  // Synonyms.
  [
    "tee",
    [
      "organic-cotton-crew-t-shirt",
      "heavyweight-cotton-t-shirt",
      "relaxed-linen-t-shirt",
      "kids-organic-cotton-tee",
      "kids-slub-jersey-tee",
      "baby-cotton-tee",
    ],
  ],
  [
    "jumper",
    [
      "merino-roll-neck-sweater",
      "lambswool-crew-sweater",
      "cashmere-crew-sweater",
      "kids-cable-knit-sweater",
    ],
  ],
  [
    "pants",
    [
      "stretch-chino-trousers",
      "wide-leg-linen-trousers",
      "kids-jogger-trousers",
      "baby-pull-on-trousers",
    ],
  ],
  ["raincoat", ["kids-waterproof-rain-jacket"]],
  ["onesie", ["organic-cotton-bodysuit", "baby-heart-print-bodysuit"]],
  [
    "hat",
    [
      "six-panel-cotton-cap",
      "kids-sun-cap",
      "fisherman-rib-beanie",
      "kids-pom-pom-beanie",
      "baby-ribbed-beanie",
    ],
  ],
  [
    "coat",
    ["wool-overcoat", "double-breasted-wool-coat", "kids-wool-duffle-coat", "kids-down-parka"],
  ],
  ["hoodies", ["loopback-cotton-hoodie", "kids-fleece-hoodie", "baby-hooded-fleece"]],
  // Audience + garment, possessives.
  ["men's jeans", ["slim-selvedge-jeans"]],
  ["mens socks", ["merino-hiking-socks"]],
  ["baby cardigan", ["baby-cashmere-cardigan"]],
  ["kids jeans", ["kids-stretch-jeans"]],
  ["women's t-shirt", ["relaxed-linen-t-shirt"]],
  ["girls dress", ["kids-corduroy-pinafore-dress", "kids-tiered-cotton-dress"]],
  ["baby hoodie", ["baby-hooded-fleece"]],
  // Several words, any order; typos in longer words.
  ["linen trousers", ["wide-leg-linen-trousers"]],
  ["wool coat", ["wool-overcoat", "double-breasted-wool-coat", "kids-wool-duffle-coat"]],
  ["merino socks", ["merino-hiking-socks"]],
  ["dress silk", ["silk-slip-dress"]],
  ["cardgian", ["chunky-knit-cardigan", "baby-cashmere-cardigan"]],
  [
    "trowsers",
    [
      "stretch-chino-trousers",
      "wide-leg-linen-trousers",
      "kids-jogger-trousers",
      "baby-pull-on-trousers",
    ],
  ],
  ["cashmire sweater", ["cashmere-crew-sweater"]],
  // Prefixes, as the live search sees them while the shopper types.
  [
    "jack",
    [
      "waxed-field-jacket",
      "cotton-utility-jacket",
      "kids-waterproof-rain-jacket",
      "baby-quilted-pram-jacket",
    ],
  ],
  ["sleeps", ["footed-cotton-sleepsuit", "baby-velour-sleepsuit", "baby-merino-sleepsuit"]],
  ["cardi", ["chunky-knit-cardigan", "baby-cashmere-cardigan"]],
  ["over", ["wool-overcoat"]],
];

const documents = SEED_PRODUCTS.map((product) => ({
  id: product.slug,
  name: product.name,
  audience: product.category,
  description: product.description,
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
});

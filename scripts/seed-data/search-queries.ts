// The search's query set (docs/decisions/021-search.md): queries shoppers type against the seeded
// catalogue (./products.ts), each with the slugs of the products it should find, chosen by hand
// from the catalogue (never from the engine's answers). Used by core/src/search/query-set.test.ts
// (recall at 5) and by `npm run bench` (search latency).
export const SEARCH_QUERIES: ReadonlyArray<[query: string, expected: readonly string[]]> = [
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
  // Colours: the products with a colourway of that colour (docs/product.md §9 "Colours").
  ["navy polo", ["pique-polo-shirt", "kids-pique-polo"]],
  ["indigo jeans", ["slim-selvedge-jeans", "high-rise-straight-jeans", "kids-stretch-jeans"]],
  ["yellow dress", ["linen-sundress", "kids-tiered-cotton-dress"]],
  ["mustard", ["fisherman-rib-beanie", "kids-slub-jersey-tee", "kids-waterproof-rain-jacket"]],
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

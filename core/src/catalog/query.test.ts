import { describe, expect, it } from "vitest";
import { ProductSearch } from "../search/engine.ts";
import { paletteColour } from "./palette.ts";
import { MAX_IMAGES, openingPhoto, PHOTO_VALUE } from "./photos.ts";
import {
  type CatalogQuery,
  catalogQueryToSearchParams,
  PAGE_SIZE,
  PRICE_BANDS,
  type ProductSummary,
  parseCatalogQuery,
  productHref,
  SORTS,
} from "./query.ts";
import { queryCatalog as queryCatalogWith } from "./query-answer.ts";
import { colourIndexText } from "./search-colours.ts";

/** The catalogue query with the product search over these items (as the read model does). */
const indexes = new WeakMap<readonly ProductSummary[], ProductSearch>();
function queryCatalog(items: readonly ProductSummary[], query: CatalogQuery) {
  let index = indexes.get(items);
  if (!index) {
    index = ProductSearch.build(
      items.map((item) => ({
        id: item.id,
        name: item.name,
        audience: item.category,
        description: "",
        colours: colourIndexText(item.colours.flatMap((colour) => paletteColour(colour.id) ?? [])),
      })),
    );
    indexes.set(items, index);
  }
  const search = index;
  return queryCatalogWith(items, query, (text) => search.search(text));
}

function product(overrides: Partial<ProductSummary> & { id: string }): ProductSummary {
  return {
    slug: overrides.id,
    name: overrides.id,
    category: "Men",
    priceCents: 3000,
    imageUrl: `/images/${overrides.id}.jpg`,
    ratingAverage: 0,
    ratingCount: 0,
    soldOut: false,
    // A product whose photos name no colour (./variants.ts AS_SHOWN), in S and M.
    colours: [{ id: "as-shown", name: "As shown", swatch: "#d6d3d1" }],
    inStock: ["as-shown/S", "as-shown/M"],
    createdAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

const socks = product({ id: "p1", name: "Wool socks", category: "Kid", priceCents: 2499 });
const tee = product({ id: "p2", name: "Basic T-shirt", category: "Men", priceCents: 2500 });
const dress = product({ id: "p3", name: "Summer dress", category: "Women", priceCents: 4999 });
const jeans = product({ id: "p4", name: "Slim jeans", category: "Men", priceCents: 5000 });
const coat = product({ id: "p5", name: "Winter coat", category: "Women", priceCents: 19_999 });
const suit = product({ id: "p6", name: "Wool suit", category: "Men", priceCents: 20_000 });
const catalog = [socks, tee, dress, jeans, coat, suit];

const ids = (page: { items: ProductSummary[] }) => page.items.map((item) => item.id);
const q = (query: Partial<CatalogQuery> = {}): CatalogQuery => ({ page: 1, ...query });

describe("price bands and sorts", () => {
  it("has five bands, lower-inclusive and upper-exclusive, the last open-ended", () => {
    expect(PRICE_BANDS.map((band) => [band.id, band.label, band.minCents, band.maxCents])).toEqual([
      ["under-25", "Under 25", 0, 2500],
      ["25-50", "25 to 50", 2500, 5000],
      ["50-100", "50 to 100", 5000, 10_000],
      ["100-200", "100 to 200", 10_000, 20_000],
      ["200-plus", "200 and above", 20_000, null],
    ]);
  });

  it("has eight sorts with their labels, relevance and newest first", () => {
    expect(SORTS.map((sort) => sort.label)).toEqual([
      "Relevance",
      "Newest",
      "Price: low to high",
      "Price: high to low",
      "Name: A to Z",
      "Name: Z to A",
      "Best rating",
      "Biggest discount",
    ]);
  });
});

describe("queryCatalog filters", () => {
  it("'Under 25' works: 24.99 € is in, 25.00 € is not (docs/product.md §9)", () => {
    expect(ids(queryCatalog(catalog, q({ price: "under-25" })))).toEqual(["p1"]);
  });

  it.each([
    ["25-50", ["p2", "p3"]],
    ["50-100", ["p4"]],
    ["100-200", ["p5"]],
    ["200-plus", ["p6"]],
  ] as const)("band %s holds its lower bound and not its upper one", (price, expected) => {
    expect(ids(queryCatalog(catalog, q({ price, sort: "price-asc" })))).toEqual(expected);
  });

  it("filters by category", () => {
    expect(ids(queryCatalog(catalog, q({ category: "Women", sort: "name-asc" })))).toEqual([
      "p3",
      "p5",
    ]);
  });

  it("searches names case-insensitively, anywhere in the name", () => {
    expect(ids(queryCatalog(catalog, q({ search: "WOOL", sort: "name-asc" })))).toEqual([
      "p1",
      "p6",
    ]);
    expect(ids(queryCatalog(catalog, q({ search: "t-SHIRT" })))).toEqual(["p2"]);
  });

  it("treats search text literally, not as a pattern", () => {
    const special = product({ id: "p9", name: "Shirt (blue) + tie?" });
    expect(ids(queryCatalog([special, tee], q({ search: "(blue) +" })))).toEqual(["p9"]);
    expect(ids(queryCatalog([special, tee], q({ search: ".*" })))).toEqual([]);
  });

  it("combines category, price band and search", () => {
    const page = queryCatalog(catalog, q({ category: "Men", price: "200-plus", search: "wool" }));
    expect(ids(page)).toEqual(["p6"]);
    expect(page.total).toBe(1);
  });

  it("lists the categories of the whole catalogue alphabetically, whatever the filter", () => {
    const page = queryCatalog(catalog, q({ category: "Kid" }));
    expect(page.categories).toEqual(["Kid", "Men", "Women"]);
  });

  it("'In stock only' leaves out sold-out products, and reads and writes as stock=in", () => {
    const soldOutCoat = { ...coat, soldOut: true };
    const withSoldOut = [socks, tee, dress, jeans, soldOutCoat, suit];
    expect(ids(queryCatalog(withSoldOut, q({ category: "Women" })))).toEqual(["p3", "p5"]);
    expect(ids(queryCatalog(withSoldOut, q({ category: "Women", inStock: true })))).toEqual(["p3"]);
    const query = parseCatalogQuery(new URLSearchParams("stock=in&category=women"));
    expect(query.inStock).toBe(true);
    expect(catalogQueryToSearchParams(query).toString()).toBe("category=women&stock=in");
    expect(parseCatalogQuery(new URLSearchParams("stock=yes")).inStock).toBeUndefined();
  });

  it("returns one empty page when nothing matches", () => {
    expect(queryCatalog(catalog, q({ search: "pyjamas" }))).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
      categories: ["Kid", "Men", "Women"],
      facets: { families: [], sizes: [], onSale: 0 },
    });
    expect(queryCatalog([], q({ page: 3 })).pageCount).toBe(1);
  });
});

describe("'On sale' and 'Biggest discount' (docs/product.md §9 \"Markdowns\")", () => {
  // As priced at a moment (./sale-prices.ts): on sale = a compare-at price.
  const sale = (id: string, priceCents: number, compareAtCents: number, percentOff: number) =>
    product({ id, name: id, priceCents, compareAtCents, percentOff });
  const coat = sale("coat", 5900, 8900, 33);
  const scarf = sale("scarf", 1500, 3000, 50);
  const cap = sale("cap", 900, 1800, 50);
  const shirt = product({ id: "shirt", priceCents: 2500 });
  const items = [coat, scarf, shirt, cap];

  it("lists only the products on sale, combined with the other filters, with its count", () => {
    expect(ids(queryCatalog(items, q({ onSale: true, sort: "name-asc" })))).toEqual([
      "cap",
      "coat",
      "scarf",
    ]);
    expect(queryCatalog(items, q()).facets.onSale).toBe(3);
    // The price band reads the price it sells at; the count is within the other filters.
    const under25 = queryCatalog(items, q({ onSale: true, price: "under-25" }));
    expect(ids(under25).sort()).toEqual(["cap", "scarf"]);
    expect(under25.facets.onSale).toBe(2);
    expect(queryCatalog(items, q({ price: "25-50" })).facets.onSale).toBe(0);
  });

  it("reads and writes as sale=on; anything else is no filter", () => {
    expect(parseCatalogQuery(new URLSearchParams("sale=on")).onSale).toBe(true);
    expect(parseCatalogQuery(new URLSearchParams("sale=yes")).onSale).toBeUndefined();
    expect(catalogQueryToSearchParams({ onSale: true }).toString()).toBe("sale=on");
  });

  it("sorts by the biggest share off, then the most euros off, then by name; no sale last", () => {
    expect(ids(queryCatalog(items, q({ sort: "discount" })))).toEqual([
      "scarf",
      "cap",
      "coat",
      "shirt",
    ]);
  });
});

describe("queryCatalog sorts", () => {
  const a = product({ id: "a", name: "Anorak", priceCents: 5000, ratingAverage: 4.5 });
  const b = product({ id: "b", name: "Blazer", priceCents: 3000, ratingAverage: 4.5 });
  const c = product({ id: "c", name: "Cap", priceCents: 5000, ratingAverage: 2 });
  const d = product({ id: "d", name: "Cap", priceCents: 1000, ratingAverage: 0 });
  const items = [c, a, d, b];

  it.each([
    ["price-asc", ["d", "b", "a", "c"]],
    ["price-desc", ["a", "c", "b", "d"]],
    ["name-asc", ["a", "b", "c", "d"]],
    ["name-desc", ["c", "d", "b", "a"]],
    ["rating", ["a", "b", "c", "d"]],
  ] as const)("%s, ties broken by name then id", (sort, expected) => {
    expect(ids(queryCatalog(items, q({ sort })))).toEqual(expected);
  });

  it("shows the newest first when no sort is chosen, ties by id", () => {
    const old = product({ id: "x", createdAt: "2025-05-01T10:00:00.000Z" });
    const recent = product({ id: "z", createdAt: "2026-03-01T10:00:00.000Z" });
    const sameTime = product({ id: "y", createdAt: "2026-03-01T10:00:00.000Z" });
    expect(ids(queryCatalog([old, recent, sameTime], q()))).toEqual(["y", "z", "x"]);
  });

  it("sorts names naturally (Shirt 2 before Shirt 10)", () => {
    const s10 = product({ id: "s10", name: "Shirt 10" });
    const s2 = product({ id: "s2", name: "Shirt 2" });
    expect(ids(queryCatalog([s10, s2], q({ sort: "name-asc" })))).toEqual(["s2", "s10"]);
  });

  it("sees an edited catalogue (a new array) at once, sorted afresh", () => {
    const before = [a, b, c, d];
    expect(ids(queryCatalog(before, q({ sort: "price-asc" })))).toEqual(["d", "b", "a", "c"]);
    const repriced = before.map((item) => (item.id === "d" ? { ...item, priceCents: 9000 } : item));
    expect(ids(queryCatalog(repriced, q({ sort: "price-asc" })))).toEqual(["b", "a", "c", "d"]);
    expect(ids(queryCatalog(before, q({ sort: "price-asc" })))).toEqual(["d", "b", "a", "c"]);
  });

  it("answers a repeated query from memory, and every distinct query on its own", () => {
    const catalogue = [a, b, c, d];
    const first = queryCatalog(catalogue, q({ sort: "price-asc" }));
    expect(queryCatalog(catalogue, q({ sort: "price-asc" }))).toBe(first);
    expect(ids(queryCatalog(catalogue, q({ sort: "price-desc" })))).toEqual(["a", "c", "b", "d"]);
    expect(queryCatalog(catalogue, q({ sort: "price-asc", page: 2 }))).not.toBe(first);
  });

  it("does not reorder the caller's array", () => {
    const before = [...items];
    queryCatalog(items, q({ sort: "price-asc" }));
    expect(items).toEqual(before);
  });
});

describe("queryCatalog pages", () => {
  const many = Array.from({ length: 30 }, (_, i) =>
    product({ id: `p${String(i + 1).padStart(2, "0")}`, priceCents: 1000 + i }),
  );

  it("shows 12 products a page", () => {
    expect(PAGE_SIZE).toBe(12);
    const first = queryCatalog(many, q({ sort: "price-asc" }));
    expect(first.items).toHaveLength(12);
    expect(first.items[0]?.id).toBe("p01");
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 3 });
  });

  it("shows the remainder on the last page", () => {
    const last = queryCatalog(many, q({ sort: "price-asc", page: 3 }));
    expect(ids(last)).toEqual(["p25", "p26", "p27", "p28", "p29", "p30"]);
  });

  it("shows the last page for a page beyond it, and the first for one below 1", () => {
    expect(queryCatalog(many, q({ page: 99 })).page).toBe(3);
    expect(queryCatalog(many, q({ page: 0 })).page).toBe(1);
    expect(queryCatalog(many, q({ page: Number.NaN })).page).toBe(1);
  });

  it("exactly 12 products make one page, 13 make two", () => {
    expect(queryCatalog(many.slice(0, 12), q()).pageCount).toBe(1);
    expect(queryCatalog(many.slice(0, 13), q()).pageCount).toBe(2);
  });

  it("pages through 1,000 products with many ties without losing or repeating one", () => {
    const big = Array.from({ length: 1000 }, (_, i) =>
      product({ id: `id${i}`, name: `Item ${i % 97}`, priceCents: (i * 7919) % 300 }),
    );
    const seen = new Set<string>();
    const { pageCount } = queryCatalog(big, q({ sort: "price-desc" }));
    expect(pageCount).toBe(84);
    for (let page = 1; page <= pageCount; page++) {
      for (const item of queryCatalog(big, q({ sort: "price-desc", page })).items)
        seen.add(item.id);
    }
    expect(seen.size).toBe(1000);
  });
});

describe("parseCatalogQuery", () => {
  const parse = (query: string) => parseCatalogQuery(new URLSearchParams(query));

  it("reads every parameter", () => {
    expect(parse("category=women&price=25-50&sort=price-desc&search=dress&page=2")).toEqual({
      category: "Women",
      price: "25-50",
      sort: "price-desc",
      search: "dress",
      page: 2,
    });
  });

  it("gives page 1 and no filters for an empty query", () => {
    expect(parse("")).toEqual({ page: 1 });
  });

  it("reads the category case-insensitively", () => {
    expect(parse("category=BABY").category).toBe("Baby");
  });

  it("ignores unknown category, price band and sort", () => {
    expect(parse("category=pets&price=0-1000&sort=random")).toEqual({ page: 1 });
  });

  it.each(["abc", "0", "-3", "2.5", "1e3", "", "99999999999999999999"])(
    "page=%s → page 1",
    (page) => {
      expect(parse(`page=${page}`).page).toBe(1);
    },
  );

  it("lists a search best first unless another sort is asked for", () => {
    const items = [
      product({ id: "s1", name: "Linen Shirt", createdAt: "2026-01-01T00:00:00.000Z" }),
      product({ id: "s2", name: "Linen Trousers", createdAt: "2026-01-03T00:00:00.000Z" }),
      product({ id: "s3", name: "Oxford Shirt", createdAt: "2026-01-02T00:00:00.000Z" }),
    ];
    // Both words first, then one of them.
    expect(ids(queryCatalog(items, q({ search: "shirt linen" })))[0]).toBe("s1");
    expect(ids(queryCatalog(items, q({ search: "shirt linen", sort: "relevance" })))[0]).toBe("s1");
    // Another order keeps the same matches.
    expect(ids(queryCatalog(items, q({ search: "shirt linen", sort: "newest" })))).toEqual([
      "s2",
      "s3",
      "s1",
    ]);
    expect(ids(queryCatalog(items, q({ sort: "relevance" })))).toEqual(["s2", "s3", "s1"]);
  });

  it("suggests a corrected search when nothing matches, and only then", () => {
    const none = queryCatalog(catalog, q({ search: "wimtr" }));
    expect(none.total).toBe(0);
    expect(none.suggestion).toBe("winter");
    expect(queryCatalog(catalog, q({ search: "winter" })).suggestion).toBeUndefined();
    expect(queryCatalog(catalog, q({ search: "xyzzy" })).suggestion).toBeUndefined();
  });

  it("trims the search, collapses spaces, lower-cases and cuts it to 100 characters; blank search is no search", () => {
    expect(parse("search=%20%20Linen%20%20SHIRT%20").search).toBe("linen shirt");
    expect(parse("search=%20%20shirt%20").search).toBe("shirt");
    expect(parse(`search=${"x".repeat(5000)}`).search).toHaveLength(100);
    expect(parse("search=%20%20").search).toBeUndefined();
  });

  it("takes the first of repeated parameters", () => {
    expect(parse("category=men&category=women").category).toBe("Men");
  });
});

describe("catalogQueryToSearchParams", () => {
  it("writes the lower-case category and leaves out defaults", () => {
    expect(catalogQueryToSearchParams({ category: "Kid", page: 1 }).toString()).toBe(
      "category=kid",
    );
    expect(catalogQueryToSearchParams({ page: 1 }).toString()).toBe("");
  });

  it("round-trips through parseCatalogQuery", () => {
    const query: CatalogQuery = {
      category: "Women",
      price: "200-plus",
      sort: "rating",
      search: "silk & lace",
      page: 4,
    };
    expect(parseCatalogQuery(catalogQueryToSearchParams(query))).toEqual(query);
  });
});

describe("the photo a product's page opens on", () => {
  it("links to the photo a search showed, and to the page alone otherwise", () => {
    expect(productHref({ slug: "pique-polo-shirt", photo: 3 })).toBe(
      "/product/pique-polo-shirt?photo=3",
    );
    expect(productHref({ slug: "pique-polo-shirt" })).toBe("/product/pique-polo-shirt");
  });

  it("opens on ?photo=N when the product has it, else on the first", () => {
    expect(openingPhoto("3", 4)).toBe(2);
    expect(openingPhoto("1", 4)).toBe(0);
    expect(openingPhoto("10", 10)).toBe(9);
    for (const param of [null, "", "0", "5", "-1", "2.5", "1e1", " 2", "two", "9".repeat(400)]) {
      expect(openingPhoto(param, 4), String(param)).toBe(0);
    }
    // Only the plain spelling: the shared cache keeps no other in a page's key.
    for (const param of ["02", "+2", "2 ", "0x2", "２", "11", "99", "1e3"]) {
      expect(openingPhoto(param, MAX_IMAGES), param).toBe(0);
    }
  });

  it("reads ?photo= as 1 to MAX_IMAGES in plain digits, and nothing else", () => {
    const read = Array.from({ length: 1000 }, (_, n) => String(n)).filter((n) =>
      PHOTO_VALUE.test(n),
    );
    expect(read).toEqual(Array.from({ length: MAX_IMAGES }, (_, i) => String(i + 1)));
  });
});

describe("the colour and size filters (docs/product.md §2 'Catalogue')", () => {
  const way = (id: string, name: string, swatch = "#000000") => ({
    id,
    name,
    swatch,
    imageUrl: `/images/${id}.svg`,
  });
  // The polo in forest then navy: navy M sold out, forest M in stock.
  const polo = product({
    id: "polo",
    name: "Pique polo",
    colours: [way("forest", "Forest"), way("navy", "Navy")],
    inStock: ["forest/S", "forest/M", "navy/S"],
  });
  // The tee in navy then heather grey, every size in stock.
  const shirt = product({
    id: "tee",
    name: "Crew tee",
    colours: [way("navy", "Navy"), way("heather-grey", "Heather Grey")],
    inStock: ["navy/S", "navy/M", "heather-grey/S", "heather-grey/M"],
  });
  // Kids' jeans in denim, on the kids' scale, only 3-4y left.
  const kids = product({
    id: "kids-jeans",
    name: "Kids jeans",
    category: "Kid",
    colours: [way("denim", "Denim")],
    inStock: ["denim/3-4y"],
  });
  // A sold-out scarf in sky blue.
  const scarf = product({
    id: "scarf",
    name: "Scarf",
    colours: [way("sky-blue", "Sky Blue")],
    inStock: [],
    soldOut: true,
  });
  const shop = [polo, shirt, kids, scarf];
  const parse = (text: string) => parseCatalogQuery(new URLSearchParams(text));
  const listed = (text: string) => ids(queryCatalog(shop, parse(text))).sort();

  it("reads a family, a colour and a size; a family's name as ?colour= is the family", () => {
    expect(parse("family=blue&size=M")).toEqual({ family: "blue", size: "M", page: 1 });
    expect(parse("colour=navy&size=3-4y")).toEqual({ colour: "navy", size: "3-4y", page: 1 });
    expect(parse("colour=green")).toEqual({ family: "green", page: 1 });
    // A name that is a colour and a family ("grey") is the colour; the family is ?family=grey.
    expect(parse("colour=grey")).toEqual({ colour: "grey", page: 1 });
    // Both: the colour.
    expect(parse("family=green&colour=navy")).toEqual({ colour: "navy", page: 1 });
  });

  it("ignores unknown or malformed colours, families and sizes", () => {
    for (const text of [
      "colour=Navy",
      "colour=navy%00",
      "colour=as-shown",
      "colour=",
      "family=teal",
      "family=BLUE",
      "size=m",
      "size=XXXL",
      "size=%F0%9F%98%80",
      "size=navy/M",
    ]) {
      expect(parse(text), text).toEqual({ page: 1 });
      expect(() => queryCatalog(shop, parse(text)), text).not.toThrow();
    }
  });

  it("writes them back: a colour as ?colour=, a family as ?family=", () => {
    for (const text of ["colour=navy&size=M", "family=blue&size=W32", "family=grey"]) {
      expect(catalogQueryToSearchParams(parse(text)).toString()).toBe(text);
    }
  });

  it("lists a product for a colour and a size only when that very variant is in stock", () => {
    // Navy M of the polo is sold out: only the tee has navy in M.
    expect(listed("colour=navy&size=M")).toEqual(["tee"]);
    expect(listed("colour=forest&size=M")).toEqual(["polo"]);
    // The blue family in M: the tee's navy (the polo's navy M is gone, its forest is no blue).
    expect(listed("family=blue&size=M")).toEqual(["tee"]);
    expect(listed("family=blue&size=S")).toEqual(["polo", "tee"]);
  });

  it("with a colour alone: a colourway of it, in stock or not; with a size alone: some colour in it in stock", () => {
    expect(listed("family=blue")).toEqual(["kids-jeans", "polo", "scarf", "tee"]);
    expect(listed("family=blue&stock=in")).toEqual(["kids-jeans", "polo", "tee"]);
    expect(listed("colour=heather-grey")).toEqual(["tee"]);
    expect(listed("size=M")).toEqual(["polo", "tee"]);
    expect(listed("size=3-4y")).toEqual(["kids-jeans"]);
    expect(listed("size=XL")).toEqual([]);
  });

  it("combines with the category, the price, the search and the sort", () => {
    expect(listed("family=blue&category=kid")).toEqual(["kids-jeans"]);
    expect(listed("family=blue&size=S&search=polo")).toEqual(["polo"]);
    expect(listed("family=blue&price=200-plus")).toEqual([]);
    expect(ids(queryCatalog(shop, parse("family=blue&sort=name-asc")))).toEqual([
      "tee",
      "kids-jeans",
      "polo",
      "scarf",
    ]);
  });

  it("shows each card in the colour filtered, its link opening on that colour", () => {
    const cards = queryCatalog(shop, parse("family=blue&size=S&sort=name-asc")).items;
    const polo = cards.find((item) => item.id === "polo");
    expect(polo?.colour).toBe("navy");
    expect(polo?.imageUrl).toBe("/images/navy.svg");
    expect(productHref(polo as ProductSummary)).toBe("/product/polo?colour=navy");
    // The catalogue unfiltered shows the first colourway, its link the page alone.
    const plain = queryCatalog(shop, q()).items.find((item) => item.id === "polo");
    expect(plain?.colour).toBeUndefined();
    expect(plain?.imageUrl).toBe("/images/p-polo.jpg".replace("p-polo", "polo"));
    expect(productHref(plain as ProductSummary)).toBe("/product/polo");
    // A size that only a later colour has in stock shows that colour.
    const onlyNavy = product({
      id: "cap",
      colours: [way("forest", "Forest"), way("navy", "Navy")],
      inStock: ["navy/M"],
    });
    expect(queryCatalog([onlyNavy], parse("size=M")).items[0]?.colour).toBe("navy");
  });

  it("shows a card in the colour a search names", () => {
    const found = queryCatalog(shop, parse("search=blue polo")).items;
    expect(found.find((item) => item.id === "polo")?.colour).toBe("navy");
    const green = queryCatalog(shop, parse("search=green polo")).items;
    expect(green.find((item) => item.id === "polo")?.colour).toBe("forest");
  });

  it("counts the products each colour, family and size would list, given the other filters", () => {
    const facets = queryCatalog(shop, parse("size=M")).facets;
    // In M: the polo's forest, the tee's navy and heather grey.
    expect(facets.families.map((family) => [family.family, family.count])).toEqual([
      ["grey", 1],
      ["green", 1],
      ["blue", 1],
    ]);
    expect(facets.families.find((family) => family.family === "blue")?.colours).toEqual([
      { id: "navy", name: "Navy", swatch: "#2c3e5c", count: 1 },
    ]);
    // Sizes, given the colour chosen: navy is in stock in S (polo, tee) and M (tee).
    const navy = queryCatalog(shop, parse("colour=navy")).facets.sizes;
    expect(navy).toEqual([
      {
        scale: "adult",
        name: "Adult",
        sizes: [
          { tag: "S", label: "S", name: "Small", count: 2 },
          { tag: "M", label: "M", name: "Medium", count: 1 },
        ],
      },
    ]);
    // Every size in stock, grouped by scale; a sold-out product counts in none.
    const all = queryCatalog(shop, q()).facets.sizes;
    expect(
      all.map((scale) => [scale.scale, scale.sizes.map((size) => [size.tag, size.count])]),
    ).toEqual([
      [
        "adult",
        [
          ["S", 2],
          ["M", 2],
        ],
      ],
      ["kids", [["3-4y", 1]]],
    ]);
    // The blue family counts the scarf (a colourway of it), not with "In stock only".
    const blue = (text: string) =>
      queryCatalog(shop, parse(text)).facets.families.find((f) => f.family === "blue")?.count;
    expect(blue("")).toBe(4);
    expect(blue("stock=in")).toBe(3);
  });

  it("keeps the value chosen even when it would list nothing, to show and clear it", () => {
    const page = queryCatalog(shop, parse("colour=burgundy&size=XL"));
    expect(page.total).toBe(0);
    expect(page.facets.families.find((f) => f.family === "red")?.colours).toEqual([
      { id: "burgundy", name: "Burgundy", swatch: "#6e2236", count: 0 },
    ]);
    expect(page.facets.sizes[0]?.sizes.find((size) => size.tag === "XL")?.count).toBe(0);
  });

  it("opens the family chosen, or the chosen colour's main one", () => {
    expect(queryCatalog(shop, parse("colour=burgundy")).facets.open).toBe("red");
    expect(queryCatalog(shop, parse("colour=teal")).facets.open).toBe("blue");
    expect(queryCatalog(shop, parse("family=green")).facets.open).toBe("green");
    expect(queryCatalog(shop, parse("size=M")).facets.open).toBeUndefined();
  });
});

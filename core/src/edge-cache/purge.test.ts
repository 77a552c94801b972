// The purge rule: which paths a batch of stream records makes stale, and which it leaves alone.
import { marshall } from "@aws-sdk/util-dynamodb";
import { describe, expect, it } from "vitest";
import {
  ALL_PRODUCT_PAGES,
  CATALOGUE_PATHS,
  type ChangeRecord,
  pathsToPurge,
  productPaths,
  SITEMAP_PATHS,
  WILDCARD_BUDGET,
} from "./purge.ts";

const keysOf = (item: Record<string, unknown>) => marshall({ pk: item.pk, sk: item.sk });
const record = (
  eventName: "INSERT" | "MODIFY" | "REMOVE",
  after?: Record<string, unknown>,
  before?: Record<string, unknown>,
  keys?: Record<string, unknown>,
): ChangeRecord => ({
  eventName,
  dynamodb: {
    Keys: keysOf(keys ?? after ?? before ?? {}),
    ...(after ? { NewImage: marshall(after, { removeUndefinedValues: true }) } : {}),
    ...(before ? { OldImage: marshall(before, { removeUndefinedValues: true }) } : {}),
  },
});
const product = (id: string, slug: string, priceCents = 1999) => ({
  pk: `PRODUCT#${id}`,
  sk: "PRODUCT",
  entity: "product",
  id,
  slug,
  priceCents,
});
const stock = (id: string, counts: Record<string, number>, slug?: string) => ({
  pk: `PRODUCT#${id}`,
  sk: "STOCK",
  entity: "stock",
  productId: id,
  counts,
  ...(slug ? { slug } : {}),
});
const options = { lowStockThreshold: 5 };
const catalogueAnd = (...slugs: string[]) =>
  [...CATALOGUE_PATHS, ...SITEMAP_PATHS, ...slugs.flatMap(productPaths)].sort();

describe("the paths a batch of changes purges", () => {
  it("a product's price change: its page and data, the catalogue, search and sitemap — no other product", () => {
    const { paths } = pathsToPurge([record("MODIFY", product("p1", "linen-shirt", 2999))], options);
    expect(paths).toEqual(catalogueAnd("linen-shirt"));
    expect(paths).toContain("/product/linen-shirt");
    expect(paths).toContain("/product/linen-shirt.data");
    expect(paths).toContain("/product?*");
    // Exact or query-string wildcards only: nothing that matches another product's address.
    const otherProduct = "/product/linen-shirt-blue";
    const matches = (path: string, url: string) =>
      path.endsWith("*") ? url.startsWith(path.slice(0, -1)) : url === path;
    for (const url of [otherProduct, `${otherProduct}.data`, `${otherProduct}?size=M`]) {
      expect(
        paths.filter((p) => matches(p, url)),
        url,
      ).toEqual([]);
    }
    for (const url of [
      "/product",
      "/product?category=men&sort=price-asc",
      "/product.data?page=2",
    ]) {
      expect(
        paths.some((p) => matches(p, url)),
        url,
      ).toBe(true);
    }
  });

  it("deduplicates within a batch", () => {
    const { paths } = pathsToPurge(
      [
        record("MODIFY", product("p1", "linen-shirt", 2999)),
        record("MODIFY", product("p1", "linen-shirt", 3099)),
        record("MODIFY", product("p2", "wool-coat")),
      ],
      options,
    );
    expect(paths).toEqual(catalogueAnd("linen-shirt", "wool-coat"));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("a rename purges the old address (from the released slug claim's keys) and the new one", () => {
    const { paths } = pathsToPurge(
      [
        record("INSERT", { pk: "SLUG#linen-shirt-2", sk: "SLUG", productId: "p1" }),
        record("REMOVE", undefined, undefined, { pk: "SLUG#linen-shirt", sk: "SLUG" }),
        record("MODIFY", product("p1", "linen-shirt-2")),
      ],
      options,
    );
    expect(paths).toEqual(catalogueAnd("linen-shirt", "linen-shirt-2"));
  });

  it("a deleted product (keys only on the stream) is purged through its slug claim", () => {
    const { paths } = pathsToPurge(
      [
        record("REMOVE", undefined, undefined, { pk: "PRODUCT#p1", sk: "PRODUCT" }),
        record("REMOVE", undefined, undefined, { pk: "SLUG#linen-shirt", sk: "SLUG" }),
        record("REMOVE", undefined, undefined, { pk: "PRODUCT#p1", sk: "STOCK" }),
      ],
      options,
    );
    expect(paths).toEqual(catalogueAnd("linen-shirt"));
  });

  it("stock: only a change of what a size shows, and only the product page", () => {
    // New image only: a size at or under the threshold shows its count.
    expect(
      pathsToPurge([record("MODIFY", stock("p1", { M: 3, L: 40 }, "linen-shirt"))], options),
    ).toEqual({ paths: productPaths("linen-shirt").sort(), unresolved: [] });
    expect(
      pathsToPurge([record("MODIFY", stock("p1", { M: 30, L: 40 }, "linen-shirt"))], options),
    ).toEqual({ paths: [], unresolved: [] });
    // With the old image, exactly when a label changes.
    const before = stock("p1", { M: 30, L: 6 }, "linen-shirt");
    expect(
      pathsToPurge([record("MODIFY", stock("p1", { M: 29, L: 6 }, "linen-shirt"), before)], options)
        .paths,
    ).toEqual([]);
    expect(
      pathsToPurge([record("MODIFY", stock("p1", { M: 30, L: 5 }, "linen-shirt"), before)], options)
        .paths,
    ).toEqual(productPaths("linen-shirt").sort());
    const low = stock("p1", { M: 2 }, "linen-shirt");
    expect(
      pathsToPurge([record("MODIFY", stock("p1", { M: 50 }, "linen-shirt"), low)], options).paths,
    ).toEqual(productPaths("linen-shirt").sort());
  });

  it("stock, new image only: the item's previousCounts tell a restock from low to plenty", () => {
    const written = (counts: Record<string, number>, previousCounts: Record<string, number>) => ({
      ...stock("p1", counts, "linen-shirt"),
      previousCounts,
    });
    expect(pathsToPurge([record("MODIFY", written({ M: 50 }, { M: 2 }))], options).paths).toEqual(
      productPaths("linen-shirt").sort(),
    );
    expect(pathsToPurge([record("MODIFY", written({ M: 40 }, { M: 41 }))], options).paths).toEqual(
      [],
    );
    // A low count that stays low still changes what the page says ("Only 3 left" → "Only 2 left").
    expect(pathsToPurge([record("MODIFY", written({ M: 2 }, { M: 3 }))], options).paths).toEqual(
      productPaths("linen-shirt").sort(),
    );
  });

  it("stock without a slug takes it from a product record of the batch, or is reported", () => {
    expect(
      pathsToPurge(
        [record("MODIFY", stock("p1", { M: 0 })), record("MODIFY", product("p1", "linen-shirt"))],
        options,
      ).paths,
    ).toEqual(catalogueAnd("linen-shirt"));
    expect(pathsToPurge([record("MODIFY", stock("p9", { M: 1 }))], options)).toEqual({
      paths: [],
      unresolved: ["p9"],
    });
  });

  it("reviews, promotions, orders and events purge nothing by themselves", () => {
    const { paths } = pathsToPurge(
      [
        record("INSERT", { pk: "PRODUCT#p1", sk: "REVIEW#u1", entity: "review", rating: 5 }),
        record("MODIFY", { pk: "PROMO#AUTUMN", sk: "PROMO", entity: "promotion", usedCount: 3 }),
        record("INSERT", { pk: "ORDER#o1", sk: "ORDER", entity: "order" }),
        record("INSERT", { pk: "EVENT#e1", sk: "EVENT", entity: "event", type: "order.paid" }),
        record("MODIFY", { pk: "CATALOG", sk: "VERSION", version: 7 }),
        record("MODIFY", { pk: "SLUG#linen-shirt", sk: "SLUG", productId: "p1" }),
      ],
      options,
    );
    expect(paths).toEqual([]);
  });

  it("an automatic offer's pages: the catalogue and the products named, or every product page; never the sitemap", () => {
    const named = pathsToPurge(
      [
        record("INSERT", {
          pk: "OFFERS",
          sk: "PAGES",
          entity: "offerPages",
          slugs: ["linen-dress", "wrap*"],
          changedAt: "2026-12-01T00:00:00.000Z",
        }),
      ],
      options,
    );
    expect(named.paths).toEqual([...CATALOGUE_PATHS, ...productPaths("linen-dress")].sort());
    const all = pathsToPurge(
      [record("MODIFY", { pk: "OFFERS", sk: "PAGES", entity: "offerPages", allProducts: true })],
      options,
    );
    expect(all.paths).toEqual([...CATALOGUE_PATHS, ALL_PRODUCT_PAGES].sort());
    // With a product's own change in the batch, the sitemap too.
    const both = pathsToPurge(
      [
        record("MODIFY", { pk: "OFFERS", sk: "PAGES", entity: "offerPages", slugs: [] }),
        record("MODIFY", product("p1", "linen-shirt")),
      ],
      options,
    );
    expect(both.paths).toEqual(catalogueAnd("linen-shirt"));
  });

  it("names no path from a value that is not a slug (no wildcard smuggled in)", () => {
    const { paths } = pathsToPurge([record("MODIFY", product("p1", "shirt*"))], options);
    expect(paths).toEqual(catalogueAnd());
    expect(paths.filter((p) => p.startsWith("/product/shirt"))).toEqual([]);
  });

  it("past the wildcard budget, the product pages collapse into one path", () => {
    const count = WILDCARD_BUDGET; // 2 wildcards each: well past the budget
    const { paths } = pathsToPurge(
      Array.from({ length: count }, (_, i) => record("MODIFY", product(`p${i}`, `item-${i}`))),
      options,
    );
    expect(paths).toEqual([...CATALOGUE_PATHS, ...SITEMAP_PATHS, ALL_PRODUCT_PAGES].sort());
    expect(paths.filter((p) => p.endsWith("*")).length).toBeLessThanOrEqual(WILDCARD_BUDGET);
  });
});

describe("a shard of a product's stock spread for a sale (docs/decisions/043-stock-shards.md)", () => {
  const shard = (
    n: number,
    counts: Record<string, number>,
    previousCounts?: Record<string, number>,
  ) => ({
    pk: `PRODUCT#p1#STOCK#${n}`,
    sk: "STOCK",
    entity: "stock",
    productId: "p1",
    shard: n,
    counts,
    ...(previousCounts ? { previousCounts } : {}),
    slug: "flash-tee",
  });
  const purged = (item: Record<string, unknown>) => pathsToPurge([record("MODIFY", item)], options);

  it("purges nothing while the changed count has plenty on the shard, before and after", () => {
    expect(purged(shard(3, { M: 40, S: 2 }, { M: 41, S: 2 })).paths).toEqual([]);
    // Shard 0 says how many shards there are: the same rule, whatever a count other than M shows.
    expect(
      purged({
        ...stock("p1", { M: 9, S: 1 }, "flash-tee"),
        shards: 10,
        previousCounts: { M: 10, S: 1 },
      }).paths,
    ).toEqual([]);
  });

  it("purges the product's page once the changed count on the shard is at or under the threshold", () => {
    expect(purged(shard(3, { M: 5 }, { M: 6 }))).toEqual({
      paths: productPaths("flash-tee").sort(),
      unresolved: [],
    });
    expect(purged(shard(3, { M: 7 }, { M: 5 })).paths).toEqual(productPaths("flash-tee").sort());
    // A shard just put, with no counts before: purges when some count is low.
    expect(purged(shard(12, { M: 1 })).paths).toEqual(productPaths("flash-tee").sort());
  });

  it("names the product, not the shard, when no slug is known", () => {
    const { slug: _, ...bare } = shard(2, { M: 0 }, { M: 1 });
    expect(purged(bare)).toEqual({ paths: [], unresolved: ["p1"] });
  });
});

describe("the records the purge function is given", () => {
  it("products, slug claims and stock as written, and released slug claims", async () => {
    const { isPurgeCandidate } = await import("./purge.ts");
    expect(isPurgeCandidate(record("MODIFY", product("p1", "linen-shirt")))).toBe(true);
    expect(isPurgeCandidate(record("MODIFY", stock("p1", { M: 1 })))).toBe(true);
    expect(
      isPurgeCandidate(record("MODIFY", { pk: "OFFERS", sk: "PAGES", entity: "offerPages" })),
    ).toBe(true);
    expect(
      isPurgeCandidate(record("MODIFY", { pk: "PROMO#auto:1", sk: "PROMO", entity: "promotion" })),
    ).toBe(false);
    expect(
      isPurgeCandidate(record("REMOVE", undefined, undefined, { pk: "SLUG#x", sk: "SLUG" })),
    ).toBe(true);
    expect(
      isPurgeCandidate(record("REMOVE", undefined, undefined, { pk: "PRODUCT#p1", sk: "PRODUCT" })),
    ).toBe(false);
    expect(
      isPurgeCandidate(record("INSERT", { pk: "EVENT#e", sk: "EVENT", entity: "event" })),
    ).toBe(false);
  });
});

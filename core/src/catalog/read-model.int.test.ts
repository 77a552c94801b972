// The catalogue read model: a page costs a fixed number of table round trips whatever the
// catalogue size, and stays correct after a change (the version check).
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { CATALOG_VERSION_KEY } from "../db/keys.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import { writeReview } from "../reviews/reviews.server.ts";
import { parseCatalogQuery } from "./query.ts";
import { CATALOG_SETTLE_MS } from "./read-model.server.ts";
import { getCatalogPage } from "./search.server.ts";
import { createProducts, settleCatalog } from "./test-fixtures.ts";

const categories = ["Men", "Women", "Kid", "Baby"] as const;

async function addProducts(test: TestContext, count: number, from = 0) {
  const created = await createProducts(
    test.ctx,
    Array.from({ length: count }, (_, j) => {
      const i = from + j;
      return {
        slug: `product-${i}`,
        name: `Product ${String(i).padStart(5, "0")}`,
        category: categories[i % 4] ?? "Men",
        priceCents: 1000 + ((i * 137) % 30_000),
        description: "A plain garment for tests.".repeat(8),
        sizes: ["S", "M", "L"],
        stock: unitsOfEach(["S", "M", "L"], 50),
        images: [{ key: `products/product-${i}/1.svg`, alt: `Product ${i}` }],
      };
    }),
  );
  return created.map((p) => p.id);
}

/** As if the last change had reached the index already (see CATALOG_SETTLE_MS), without waiting. */
const settled = (test: TestContext) => settleCatalog(test.ctx);

/** A table of its own with `count` products, its catalogue settled since (trusted when read). */
async function settledCatalogue(count: number): Promise<TestContext> {
  const test = await createTestContext();
  await addProducts(test, count);
  await settled(test);
  return test;
}

const page = (test: TestContext, query: string) =>
  getCatalogPage(test.ctx, parseCatalogQuery(new URLSearchParams(query)));

describe("catalogue read model", () => {
  it("costs one round trip per page once warm, for a small and a large catalogue", async () => {
    // A warm page reads no product, whatever their number: 300 products, ten times the small
    // catalogue, show that as well as more would, for half the writes of 600.
    const costs: number[] = [];
    for (const size of [30, 300]) {
      const test = await settledCatalogue(size);
      await page(test, ""); // warms the read model
      test.resetTableCalls();
      for (const query of [
        "",
        "category=women&page=2",
        "price=25-50&sort=price-desc",
        "search=0001",
      ]) {
        await page(test, query);
      }
      costs.push(test.tableCalls());
    }
    expect(costs).toEqual([4, 4]);
  });

  it("shows a new product, a new rating and the right page right after the change", async () => {
    const test = await createTestContext();
    const [firstId] = await addProducts(test, 13);
    const before = await page(test, "sort=name-asc");
    expect(before.total).toBe(13);
    expect(before.pageCount).toBe(2);

    await addProducts(test, 1, 100);
    const after = await page(test, "sort=name-asc&page=2");
    expect(after.total).toBe(14);
    expect(after.items.map((p) => p.name)).toEqual(["Product 00012", "Product 00100"]);

    await writeReview(test.ctx, {
      productId: firstId as string,
      userId: "u1",
      authorFirstName: "Ana",
      authorLastName: "G",
      rating: 5,
      description: "Lovely",
      createdAt: new Date().toISOString(),
    });
    const best = await page(test, "sort=rating");
    expect(best.items[0]).toMatchObject({ id: firstId, ratingAverage: 5, ratingCount: 1 });
  });

  it("filters by audience, price band (Under 25 included) and name on the server", async () => {
    const test = await createTestContext();
    await addProducts(test, 40);
    const under25 = await page(test, "price=under-25");
    expect(under25.total).toBeGreaterThan(0);
    expect(under25.items.every((p) => p.priceCents < 2500)).toBe(true);
    const kids = await page(test, "category=kid");
    expect(kids.total).toBe(10);
    expect(kids.items.every((p) => p.category === "Kid")).toBe(true);
    // Both words first ("0003" as the start of a number), then products matching one of them.
    const search = await page(test, "search=product 0003");
    expect(
      search.items
        .slice(0, 10)
        .map((p) => p.name)
        .sort(),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `Product 0003${i}`));
    expect(search.items[0]?.imageUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/shop-images\/products\//,
    );
  });
});

describe("catalogue read model while a change propagates to the index", () => {
  // On AWS a Query on gsi1 is eventually consistent: right after a change, it may still return
  // the product as it was. A snapshot loaded then must not be kept for that version, or the
  // catalogue would show the old product until the next change.
  const setChangedAt = (test: TestContext, changedAt: number) =>
    test.ctx.db.send(
      new UpdateCommand({
        TableName: test.ctx.tableName,
        Key: CATALOG_VERSION_KEY,
        UpdateExpression: "SET changedAt = :at",
        ExpressionAttributeValues: { ":at": changedAt },
      }),
    );

  it("keeps the snapshot loaded after the change until it has settled, then loads it once more", async () => {
    // Every request reloading the index until the change settled put every instance's every
    // request on the index's one partition for two seconds after each edit.
    const test = await createTestContext();
    await addProducts(test, 3);
    await setChangedAt(test, Date.now());
    await page(test, "");
    test.resetTableCalls();
    await page(test, "");
    await page(test, "");
    expect(test.tableCalls()).toBe(2); // the version, twice: no new load while it settles

    await setChangedAt(test, Date.now() - CATALOG_SETTLE_MS - 1);
    test.resetTableCalls();
    await page(test, ""); // settled since: loads once more, now trusted
    // The version, then the products' Query and the automatic offers' beside it.
    expect(test.tableCalls()).toBe(3);
    test.resetTableCalls();
    await page(test, "");
    expect(test.tableCalls()).toBe(1);
  });
});

describe("catalogue read model when the index is slow or refuses", () => {
  it("answers with the snapshot it has while a slow load of the new version runs, then the new one", async () => {
    const test = await settledCatalogue(3);
    expect((await page(test, "")).total).toBe(3);

    await addProducts(test, 1, 3);
    await settled(test);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    test.ctx.db.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "QueryCommand") await held;
        return next(args);
      },
      { step: "initialize", name: "slowIndex" },
    );
    // The load of the new version is held: the shopper gets the snapshot there is, not a wait.
    expect((await page(test, "")).total).toBe(3);
    release();
    await expect.poll(async () => (await page(test, "")).total).toBe(4);
  });

  it("answers with the snapshot it has when the new version's load fails", async () => {
    const test = await settledCatalogue(3);
    expect((await page(test, "")).total).toBe(3);

    await addProducts(test, 1, 3);
    await settled(test);
    let refuse = true;
    test.ctx.db.middlewareStack.add(
      (next, context) => async (args) => {
        if (refuse && context.commandName === "QueryCommand") {
          throw Object.assign(new Error("Throughput exceeds the current capacity"), {
            name: "ProvisionedThroughputExceededException",
          });
        }
        return next(args);
      },
      { step: "initialize", name: "refusingIndex" },
    );
    expect((await page(test, "")).total).toBe(3);
    refuse = false;
    expect((await page(test, "")).total).toBe(4);
  });
});

describe("catalogue read model under concurrent requests", () => {
  it("loads the index once for many requests arriving together after a change", async () => {
    // Fifty shoppers opening the catalogue right after an admin edit must not each read the
    // whole index (at 10,000 products that stalled every page for seconds), nor each read the
    // version.
    const test = await settledCatalogue(30);
    test.resetTableCalls();
    const pages = await Promise.all(Array.from({ length: 50 }, () => page(test, "")));
    expect(new Set(pages.map((p) => p.total))).toEqual(new Set([30]));
    // Two version reads (the first, and one for everyone who arrived while it ran) and one
    // load of the index (30 products: one Query page; the automatic offers' Query beside it).
    expect(test.tableCalls()).toBe(4);
  });
});

describe("catalogue read model on a cold start", () => {
  it("reads the products beside the version on its first read, then after it", async () => {
    const test = await settledCatalogue(30);
    // When each table call starts and ends, by command, on the context's own client.
    const events: string[] = [];
    test.ctx.db.middlewareStack.add(
      (next, context) => async (args) => {
        const name = context.commandName ?? "?";
        events.push(`start ${name}`);
        try {
          return await next(args);
        } finally {
          events.push(`end ${name}`);
        }
      },
      { step: "initialize", name: "callOrder" },
    );
    const first = await page(test, "");
    expect(first.total).toBe(30);
    // The process's first read: the Queries (the products', the automatic offers') start before
    // the version's GetItem has answered.
    expect(events.slice(0, 3).sort()).toEqual(
      ["start GetItemCommand", "start QueryCommand", "start QueryCommand"].sort(),
    );

    // A change: the next read waits for the new version before it reads the products again.
    await addProducts(test, 1, 30);
    await settled(test);
    events.length = 0;
    const second = await page(test, "");
    expect(second.total).toBe(31);
    expect(events.slice(0, 4)).toEqual([
      "start GetItemCommand",
      "end GetItemCommand",
      "start QueryCommand",
      "start QueryCommand", // the automatic offers', side by side
    ]);
    expect(events.slice(4)).toEqual(["end QueryCommand", "end QueryCommand"]);
  });
});

// The published search index end to end, as the local cloud runs it (docs/decisions/021-search.md):
// an admin's rename through core → the table's stream (the catalogue's change reader and its
// filter) → the reader's handler file publishes the index to S3 → a site, reading the catalogue
// through its own context as the web server does, loads it by a conditional GET and searches it:
// the new name found, the old one no more. (In the seconds before, the site searches an index of
// its own of the new version: core/src/search/search.int.test.ts.)
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseCatalogQuery } from "@shop/core/catalog";
import { isPurgeCandidate } from "@shop/core/edge-cache";
import { unitsOfEach } from "@shop/core/inventory";
import {
  catalogSnapshot,
  createProduct,
  getCatalogPage,
  indexProducts,
  liveSearch,
  publishedSearch,
  publishedVersion,
  SEARCH_REFRESH_MS,
  searchFor,
  updateProduct,
  writeSearchIndex,
} from "@shop/core/server/catalog";
import { createContext, loadConfig } from "@shop/core/server/context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CloudFrontStandIn, startCloudFrontStandIn } from "./cloudfront.ts";
import { type StreamDelivery, startStreamDelivery } from "./stream-delivery.ts";
import { createTestContext, type TestContext } from "./testing.ts";

const input = (name: string) => ({
  slug: "harbour-coat",
  name,
  category: "Women" as const,
  priceCents: 18_900,
  description: "A long wool coat for cold harbours.",
  sizes: ["S" as const, "M" as const],
  stock: unitsOfEach(["S", "M"], 5),
  images: [{ key: "products/harbour-coat/1.svg", alt: "Harbour coat" }],
});

let test: TestContext;
let cloudFront: CloudFrontStandIn;
let delivery: StreamDelivery;

beforeAll(async () => {
  test = await createTestContext();
  cloudFront = await startCloudFrontStandIn();
  // The handler reads its settings from the environment, as on Lambda or under `npm start`.
  Object.assign(process.env, test.env, {
    AWS_ENDPOINT_URL_CLOUDFRONT: cloudFront.endpoint,
    SITE_DISTRIBUTION_ID: "ETESTSITE",
  });
  const { handler } = await import("@shop/functions/edge-purge");
  const dir = await mkdtemp(join(tmpdir(), "search-index-"));
  delivery = await startStreamDelivery({
    endpoint: test.env.DYNAMODB_ENDPOINT as string,
    tableName: test.ctx.tableName,
    checkpointFile: join(dir, "checkpoint.json"),
    deadLetterFile: join(dir, "dead-letters.jsonl"),
    filter: (record) => isPurgeCandidate(record as never),
    deliver: (records) => handler({ Records: records as never }),
    pollMs: 50,
    maxAttempts: 1,
  });
});

afterAll(async () => {
  await delivery?.stop();
  await cloudFront?.stop();
});

/** What a site finds: the live search's names and the catalogue's. */
const found = async (site: TestContext["ctx"], text: string) => {
  const live = await liveSearch(site, text, 6);
  const page = await getCatalogPage(site, parseCatalogQuery(new URLSearchParams({ search: text })));
  return { live: live.items.map((item) => item.name), page: page.items.map((item) => item.name) };
};

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) => {
  const started = Date.now();
  let value = await read();
  while (!done(value) && Date.now() - started < ms) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
};

describe("the published search index", () => {
  it("follows an admin's rename within 10 s: the new name found, the old one no more", async () => {
    // The site: a context of its own, as the web server's process has.
    const site = createContext(loadConfig(test.env));
    const created = await createProduct(test.ctx, input("Quayside Overcoat"));
    await delivery.drain(20_000);
    expect(await publishedVersion(test.ctx)).toBe((await catalogSnapshot(test.ctx)).version);
    expect((await found(site, "quayside")).live).toEqual(["Quayside Overcoat"]);

    const renamedAt = Date.now();
    await updateProduct(test.ctx, created.id, input("Lighthouse Overcoat"));
    // Until the site searches the published index of the renamed catalogue (not one of its own).
    const fromPublished = async () => {
      const snapshot = await catalogSnapshot(site);
      const published = await publishedSearch(site);
      return (
        published !== undefined &&
        published.catalogVersion === snapshot.version &&
        (await searchFor(site, snapshot)) === published.search
      );
    };
    expect(await until(fromPublished, Boolean, 10_000)).toBe(true);
    const seconds = (Date.now() - renamedAt) / 1000;
    expect(seconds).toBeLessThan(10);
    expect(await found(site, "lighthouse")).toEqual({
      live: ["Lighthouse Overcoat"],
      page: ["Lighthouse Overcoat"],
    });
    expect(await found(site, "quayside")).toEqual({ live: [], page: [] });
    // A typo of the new name too.
    expect((await found(site, "lighthuose")).live).toEqual(["Lighthouse Overcoat"]);
  }, 60_000);

  it("is what a site searches: an index published under another name is found by that name", async () => {
    const site = createContext(loadConfig(test.env));
    const snapshot = await catalogSnapshot(test.ctx);
    const [product] = snapshot.bySlug.values();
    if (!product) throw new Error("the first test created a product");
    // Published by hand for this version: the product indexed as "Zanzibar Parka".
    await writeSearchIndex(
      test.ctx,
      snapshot.version,
      indexProducts([{ ...product, name: "Zanzibar Parka" }]),
    );
    await new Promise((resolve) => setTimeout(resolve, SEARCH_REFRESH_MS));
    const answer = await until(
      () => found(site, "zanzibar"),
      (value) => value.live.length > 0,
      10_000,
    );
    // Found through the published index, shown as the catalogue names it.
    expect(answer.live).toEqual([product.name]);
  }, 30_000);
});

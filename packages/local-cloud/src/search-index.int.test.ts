import { parseCatalogQuery } from "@shop/core/catalog";
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
import { harbourCoat } from "@shop/core/testing/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StreamDelivery } from "./stream-delivery.ts";
import { createTestContext, startChangeReader, type TestContext } from "./testing.ts";

const input = harbourCoat;

let test: TestContext;
let delivery: StreamDelivery;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  test = await createTestContext();
  ({ delivery, stop } = await startChangeReader(test));
});

afterAll(async () => {
  await stop?.();
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

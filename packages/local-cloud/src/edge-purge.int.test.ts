import { CATALOGUE_PATHS, productPaths, SITEMAP_PATHS } from "@shop/core/edge-cache";
import { unitsOfEach } from "@shop/core/inventory";
import { createProduct, updateProduct } from "@shop/core/server/catalog";
import { saveStock } from "@shop/core/server/inventory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CloudFrontStandIn } from "./cloudfront.ts";
import type { StreamDelivery } from "./stream-delivery.ts";
import { createTestContext, startChangeReader, type TestContext } from "./testing.ts";

const run = () => Math.random().toString(36).slice(2, 8);
const newProduct = (slug: string) => ({
  slug,
  name: "Linen shirt",
  category: "Women" as const,
  priceCents: 4500,
  description: "A linen shirt",
  sizes: ["M" as const],
  stock: unitsOfEach(["M"], 50),
  images: [{ key: "shirt.svg", alt: "shirt" }],
});

let test: TestContext;
let cloudFront: CloudFrontStandIn;
let delivery: StreamDelivery;
let stop: (() => Promise<void>) | undefined;
const purged: string[][] = [];

beforeAll(async () => {
  test = await createTestContext();
  ({ cloudFront, delivery, stop } = await startChangeReader(test));
  cloudFront.onInvalidation((paths) => {
    purged.push(paths);
  });
});

afterAll(async () => {
  await stop?.();
});

describe("the edge purge, locally", () => {
  it("a price change purges that product's page and the catalogue, not another product's", async () => {
    const slug = `linen-shirt-${run()}`;
    const shirt = await createProduct(test.ctx, newProduct(slug));
    // An unrelated product whose slug starts like the changed one's.
    const other = await createProduct(test.ctx, newProduct(`${slug}-blue`));
    await delivery.drain(20_000);
    const before = cloudFront.invalidations.length;
    expect(before).toBeGreaterThan(0); // the creations purged too

    const { stock: _stock, ...fields } = newProduct(slug);
    await updateProduct(test.ctx, shirt.id, { ...fields, priceCents: 3900 });
    await delivery.drain(20_000);

    const after = cloudFront.invalidations.slice(before);
    expect(after).toHaveLength(1);
    const paths = after[0]?.paths ?? [];
    expect(paths).toEqual([...CATALOGUE_PATHS, ...SITEMAP_PATHS, ...productPaths(slug)].sort());
    expect(after[0]?.distributionId).toBe("ETESTSITE");
    expect(purged.at(-1)).toEqual(paths);
    const otherPage = `/product/${other.slug}`;
    const matches = (path: string, url: string) =>
      path.endsWith("*") ? url.startsWith(path.slice(0, -1)) : url === path;
    for (const url of [otherPage, `${otherPage}.data`, `${otherPage}?size=M`]) {
      expect(
        paths.filter((p) => matches(p, url)),
        url,
      ).toEqual([]);
    }
  });

  it("a stock save that shows 'Only 3 left' purges that product's page, named by its stock, and nothing else", async () => {
    const slug = `wool-coat-${run()}`;
    const coat = await createProduct(test.ctx, newProduct(`${slug}-old`));
    const { stock: _stock, ...fields } = newProduct(slug);
    await updateProduct(test.ctx, coat.id, fields); // renamed: the stock item follows
    await delivery.drain(20_000);
    const before = cloudFront.invalidations.length;

    await saveStock(test.ctx, coat.id, [{ key: "as-shown/M", shown: 50, typed: 3 }]);
    await delivery.drain(20_000);
    const after = cloudFront.invalidations.slice(before);
    expect(after.map((i) => i.paths)).toEqual([productPaths(slug).sort()]);

    // Plenty left after plenty: no label changes, nothing is purged.
    await saveStock(test.ctx, coat.id, [{ key: "as-shown/M", shown: 3, typed: 40 }]);
    await delivery.drain(20_000);
    const count = cloudFront.invalidations.length;
    await saveStock(test.ctx, coat.id, [{ key: "as-shown/M", shown: 40, typed: 39 }]);
    await delivery.drain(20_000);
    expect(cloudFront.invalidations.length).toBe(count);
  });
});

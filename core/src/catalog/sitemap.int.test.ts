// The sitemap's pages come from the catalogue read model: a new or deleted product shows at once,
// and a warm sitemap costs the read model's one round trip (the catalogue version), no Scan.
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { unitsOfEach } from "../inventory/stock.ts";
import { deleteProduct } from "./product-deletion.server.ts";
import { createProduct } from "./product-saves.server.ts";
import { sitemapUrls } from "./sitemap.server.ts";
import { settleCatalog } from "./test-fixtures.ts";

const STATIC = ["/company/who-we-are"];

describe("sitemapUrls", () => {
  it("follows the catalogue: a new product with its lastmod, a deleted one gone", async () => {
    const test = await createTestContext();
    const product = (slug: string, category: "Men" | "Kid") =>
      createProduct(test.ctx, {
        slug,
        name: slug,
        category,
        priceCents: 2500,
        description: "A plain garment for tests.",
        sizes: ["M"],
        stock: unitsOfEach(["M"], 5),
        images: [],
      });
    const coat = await product("coat", "Men");
    expect(await sitemapUrls(test.ctx, STATIC)).toEqual([
      { path: "/product", lastmod: coat.updatedAt },
      { path: "/product?category=men", lastmod: coat.updatedAt },
      { path: "/product/coat", lastmod: coat.updatedAt },
      { path: "/company/who-we-are" },
    ]);

    const hat = await product("hat", "Kid");
    const paths = (await sitemapUrls(test.ctx, STATIC)).map((url) => url.path);
    expect(paths).toEqual([
      "/product",
      "/product?category=kid",
      "/product?category=men",
      "/product/coat",
      "/product/hat",
      "/company/who-we-are",
    ]);

    await deleteProduct(test.ctx, hat.id);
    expect((await sitemapUrls(test.ctx, STATIC)).map((url) => url.path)).not.toContain(
      "/product/hat",
    );
  });

  it("costs one round trip once warm", async () => {
    const test = await createTestContext();
    await createProduct(test.ctx, {
      slug: "scarf",
      name: "Scarf",
      category: "Men",
      priceCents: 1500,
      description: "Warm.",
      sizes: ["M"],
      stock: unitsOfEach(["M"], 5),
      images: [],
    });
    await settleCatalog(test.ctx);
    await sitemapUrls(test.ctx, STATIC);
    test.resetTableCalls();
    const urls = await sitemapUrls(test.ctx, STATIC);
    expect(urls.map((url) => url.path)).toContain("/product/scarf");
    expect(test.tableCalls()).toBe(1);
  });
});

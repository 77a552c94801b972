// Stock on the storefront, against DynamoDB Local: the product page reads a size's units with
// the catalogue version (one round trip when warm) and sees a sale at once; the catalogue's
// "In stock only" follows the last unit sold and a restock, through the stock.changed reaction,
// which a later delivery of the same change finds nothing left to flip.
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import type { DomainEvent } from "../events/events.server.ts";
import { STOCK_CHANGED, saveStock } from "../inventory/stock.server.ts";
import { syncSoldOut } from "./availability.server.ts";
import { getProductPage } from "./product-page.server.ts";
import { createProduct } from "./product-saves.server.ts";
import { parseCatalogQuery } from "./query.ts";
import { getCatalogPage } from "./search.server.ts";
import { settleCatalog } from "./test-fixtures.ts";

const changed = (productId: string): DomainEvent => ({
  id: crypto.randomUUID(),
  type: STOCK_CHANGED,
  payload: { productIds: [productId] },
  occurredAt: new Date().toISOString(),
});

describe("stock on the storefront", () => {
  it("the product page reads the units with the version: one round trip, a sale seen at once", async () => {
    const test = await createTestContext();
    const coat = await createProduct(test.ctx, {
      slug: "stock-coat",
      name: "Stock Coat",
      category: "Women",
      priceCents: 9900,
      description: "A coat.",
      sizes: ["S", "M"],
      stock: { S: 0, M: 3 },
      images: [{ key: "products/stock-coat/1.svg", alt: "Front" }],
    });
    await settleCatalog(test.ctx);
    expect((await getProductPage(test.ctx, "stock-coat"))?.stock).toEqual({
      "as-shown/S": 0,
      "as-shown/M": 3,
    });
    await saveStock(test.ctx, coat.id, [{ key: "as-shown/M", shown: 3, typed: 2 }]);
    test.resetTableCalls();
    expect((await getProductPage(test.ctx, "stock-coat"))?.stock).toEqual({
      "as-shown/S": 0,
      "as-shown/M": 2,
    });
    expect(test.tableCalls()).toBe(1);

    // Fifty shoppers on the page at once share their reads.
    test.resetTableCalls();
    const pages = await Promise.all(
      Array.from({ length: 50 }, () => getProductPage(test.ctx, "stock-coat")),
    );
    expect(pages.every((page) => page?.stock["as-shown/M"] === 2)).toBe(true);
    expect(test.tableCalls()).toBeLessThanOrEqual(3);
  });

  it("'In stock only' drops a product once its last unit is gone, and shows it again restocked", async () => {
    const test = await createTestContext();
    const inStockOnly = parseCatalogQuery(new URLSearchParams("stock=in"));
    const slugs = async () =>
      (await getCatalogPage(test.ctx, inStockOnly)).items.map((item) => item.slug);
    const scarf = await createProduct(test.ctx, {
      slug: "last-scarf",
      name: "Last Scarf",
      category: "Women",
      priceCents: 1900,
      description: "A scarf.",
      sizes: ["M"],
      stock: { M: 1 },
      images: [{ key: "products/last-scarf/1.svg", alt: "Front" }],
    });
    expect(await slugs()).toEqual(["last-scarf"]);

    await saveStock(test.ctx, scarf.id, [{ key: "as-shown/M", shown: 1, typed: 0 }]);
    const flips = await Promise.all(
      Array.from({ length: 5 }, () => syncSoldOut(test.ctx, changed(scarf.id))),
    );
    expect(flips.flat().length).toBeGreaterThanOrEqual(1);
    expect(await slugs()).toEqual([]);
    // Delivered again later: nothing left to flip.
    expect(await syncSoldOut(test.ctx, changed(scarf.id))).toEqual([]);

    await saveStock(test.ctx, scarf.id, [{ key: "as-shown/M", shown: 0, typed: 4 }]);
    expect(await syncSoldOut(test.ctx, changed(scarf.id))).toEqual([scarf.id]);
    expect(await slugs()).toEqual(["last-scarf"]);
  });
});

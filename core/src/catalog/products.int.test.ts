// Products by id (the cart's current prices): one BatchGetItem round trip per 100 ids, unknown
// ids left out, the order asked kept; and the id list a request may send.
import { randomUUID } from "node:crypto";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import {
  BAD_PRODUCT_ID,
  getProductsByIds,
  ProductIdsQuerySchema,
  TOO_MANY_PRODUCT_IDS,
} from "./product-lookups.server.ts";
import { createProducts } from "./test-fixtures.ts";

async function addProducts(test: TestContext, count: number): Promise<string[]> {
  const created = await createProducts(
    test.ctx,
    Array.from({ length: count }, (_, i) => ({
      slug: `item-${i}`,
      name: `Item ${i}`,
      category: "Women",
      priceCents: 1000 + i,
      description: "A garment for tests.",
      sizes: ["S", "M"],
      stock: unitsOfEach(["S", "M"], 50),
      images: [{ key: `products/item-${i}/1.svg`, alt: `Item ${i}` }],
    })),
  );
  return created.map((p) => p.id);
}

describe("getProductsByIds", () => {
  it("returns the current products in the order asked, without unknown ids, in one round trip", async () => {
    const test = await createTestContext();
    const [a, b, c] = await addProducts(test, 3);
    if (!a || !b || !c) throw new Error("products not created");
    test.resetTableCalls();

    const products = await getProductsByIds(test.ctx, [c, randomUUID(), a, c]);

    expect(test.tableCalls()).toBe(1);
    expect(products.map((p) => p.id)).toEqual([c, a]);
    expect(products[0]).toMatchObject({
      id: c,
      slug: "item-2",
      name: "Item 2",
      priceCents: 1002,
      sizes: ["S", "M"],
    });
    expect(products[0]?.images[0]?.url).toMatch(/\/products\/item-2\/1\.svg$/);
  });

  it("asks nothing for no ids", async () => {
    const test = await createTestContext();
    test.resetTableCalls();
    expect(await getProductsByIds(test.ctx, [])).toEqual([]);
    expect(test.tableCalls()).toBe(0);
  });

  it("reads 250 products in 3 round trips (chunks of 100)", async () => {
    const test = await createTestContext();
    const ids = await addProducts(test, 250);
    test.resetTableCalls();

    const products = await getProductsByIds(test.ctx, [...ids].reverse());

    expect(products).toHaveLength(250);
    expect(products.map((p) => p.id)).toEqual([...ids].reverse());
    expect(test.tableCalls()).toBe(3);
  }, 120_000);
});

describe("ProductIdsQuerySchema (the ids a request may ask for)", () => {
  const uuid = "0f8fad5b-d9cb-469f-a165-70867728950e";
  const parse = (ids: string | null) =>
    parseForm(ProductIdsQuerySchema, new URLSearchParams(ids === null ? "" : { ids }));

  it("reads a comma-separated list, skipping empty items", () => {
    expect(parse(`${uuid},,abc-123, `)).toEqual({
      success: true,
      data: { ids: [uuid, "abc-123"] },
    });
    expect(parse("")).toEqual({ success: true, data: { ids: [] } });
    expect(parse(null)).toEqual({ success: true, data: { ids: [] } });
  });

  it("accepts 100 ids and refuses 101", () => {
    const hundred = Array.from({ length: 100 }, () => uuid).join(",");
    expect(parse(hundred)).toMatchObject({ success: true });
    expect(parse(`${hundred},${uuid}`)).toEqual({
      success: false,
      fieldErrors: { ids: TOO_MANY_PRODUCT_IDS },
    });
  });

  it.each([
    ["an id with a space", "abc def", BAD_PRODUCT_ID],
    ["an id with a quote", `${uuid},x'y`, BAD_PRODUCT_ID],
    ["a key-like id", "PRODUCT#1", BAD_PRODUCT_ID],
    ["an id longer than 64", "a".repeat(65), BAD_PRODUCT_ID],
    ["a huge text", "a".repeat(100_000), TOO_MANY_PRODUCT_IDS],
  ])("refuses %s with a message on the field ids", (_, ids, message) => {
    expect(parse(ids)).toEqual({ success: false, fieldErrors: { ids: message } });
  });
});

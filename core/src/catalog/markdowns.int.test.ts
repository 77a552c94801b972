// Markdowns against DynamoDB Local (docs/product.md §9 "Markdowns"): the product form stores a
// sale price with its days on the product (and removes it), refuses a bad one with its field and
// stores nothing; the catalogue prices its cards at the request's moment (the sale starts and ends
// at its days without a product edit), filters "On sale" with its count, sorts by discount, in
// one round trip when warm; the cart's prices are the sale's.
import { randomUUID } from "node:crypto";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { priceCart } from "../checkout/priced-cart.server.ts";
import { submitProductForm } from "./product-form.server.ts";
import { productDraft } from "./product-form-draft.ts";
import { createProduct } from "./product-saves.server.ts";
import { getProductById } from "./products.server.ts";
import { parseCatalogQuery } from "./query.ts";
import { getCatalogPage } from "./search.server.ts";
import { settleCatalog } from "./test-fixtures.ts";

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

/** The coat's form as its edit page sends it, with these changes. */
const coatForm = (extra: Record<string, string>) =>
  form({
    name: "Wool Coat",
    slug: "wool-coat",
    category: "Women",
    price: "89",
    description: "A warm coat.",
    sizeScale: "adult",
    sizes: ["M"],
    colours: ["navy"],
    imageRef: ["key:products/wool-coat/navy.svg"],
    imageAlt: ["Navy coat"],
    imageColour: ["0"],
    "stock-navy_M": "3",
    "shown-navy_M": "3",
    intent: "save",
    ...extra,
  });

async function shop(): Promise<TestContext & { coatId: string; teeId: string }> {
  const test = await createTestContext();
  // The tests' shop keeps UTC (SHOP_TIME_ZONE unset); the days are its days.
  expect(test.ctx.config.timeZone).toBe("UTC");
  const coat = await createProduct(test.ctx, {
    slug: "wool-coat",
    name: "Wool Coat",
    category: "Women",
    priceCents: 8900,
    description: "A warm coat.",
    sizes: ["M"],
    colours: ["navy"],
    stock: { "navy/M": 3 },
    images: [{ key: "products/wool-coat/navy.svg", alt: "Navy coat", colour: "navy" }],
  });
  const tee = await createProduct(test.ctx, {
    slug: "crew-tee",
    name: "Crew Tee",
    category: "Women",
    priceCents: 2000,
    description: "A tee.",
    sizes: ["M"],
    colours: ["navy"],
    stock: { "navy/M": 3 },
    images: [{ key: "products/crew-tee/navy.svg", alt: "Navy tee", colour: "navy" }],
    markdown: { saleCents: 1800 },
  });
  return { ...test, coatId: coat.id, teeId: tee.id };
}

const page = (test: TestContext, query: string, now: Date) =>
  getCatalogPage(test.ctx, parseCatalogQuery(new URLSearchParams(query)), now);

describe("markdowns", () => {
  it("the product form stores a sale price with its days, shows it again, and removes it", async () => {
    const test = await shop();
    const coat = await getProductById(test.ctx, test.coatId);
    const saved = await submitProductForm(
      test.ctx,
      coat,
      test.coatId,
      coatForm({ salePrice: "59", saleStartsAt: "2026-12-26", saleEndsAt: "2027-01-06" }),
      [],
    );
    expect(saved).toMatchObject({ outcome: "saved" });
    const stored = await getProductById(test.ctx, test.coatId);
    expect(stored?.markdown).toEqual({
      saleCents: 5900,
      startsAt: "2026-12-26",
      endsAt: "2027-01-06",
    });
    expect(productDraft(stored, "x")).toMatchObject({
      salePrice: "59.00",
      saleStartsAt: "2026-12-26",
      saleEndsAt: "2027-01-06",
    });

    await submitProductForm(test.ctx, stored, test.coatId, coatForm({ salePrice: "" }), []);
    expect((await getProductById(test.ctx, test.coatId))?.markdown).toBeUndefined();
  });

  it.each([
    [{ salePrice: "89" }, "salePrice", "Sale price must be below the regular price"],
    [{ salePrice: "120,50" }, "salePrice", "Sale price must be below the regular price"],
    [
      { salePrice: "59", saleStartsAt: "2027-01-06", saleEndsAt: "2026-12-26" },
      "saleEndsAt",
      "The sale must not end before it starts",
    ],
    [
      { salePrice: "59", saleStartsAt: "2026-02-30" },
      "saleStartsAt",
      "Enter a valid date (YYYY-MM-DD)",
    ],
    [{ salePrice: "cheap" }, "salePrice", "Sale price must be in euros, e.g. 59 or 59.90"],
  ])("refuses %j with a 400 on its field, storing nothing", async (extra, field, message) => {
    const test = await shop();
    const coat = await getProductById(test.ctx, test.coatId);
    const result = await submitProductForm(test.ctx, coat, randomUUID(), coatForm(extra), []);
    expect(result).toMatchObject({
      outcome: "refused",
      status: 400,
      fieldErrors: { [field]: message },
    });
    expect((await getProductById(test.ctx, test.coatId))?.markdown).toBeUndefined();
  });

  it("the catalogue prices its cards at the moment asked: the sale starts and ends at its days", async () => {
    const test = await shop();
    const coat = await getProductById(test.ctx, test.coatId);
    await submitProductForm(
      test.ctx,
      coat,
      test.coatId,
      coatForm({ salePrice: "59", saleStartsAt: "2026-12-26", saleEndsAt: "2027-01-06" }),
      [],
    );
    await settleCatalog(test.ctx);
    const before = new Date("2026-12-25T23:59:59Z");
    const during = new Date("2026-12-26T00:00:00Z");
    const after = new Date("2027-01-07T00:00:00Z");

    const cardOf = async (now: Date, query = "") =>
      (await page(test, query, now)).items.find((item) => item.id === test.coatId);
    expect(await cardOf(before)).toMatchObject({ priceCents: 8900 });
    expect((await cardOf(before))?.compareAtCents).toBeUndefined();
    // Warm: pricing at a new moment reads nothing more than the version.
    test.resetTableCalls();
    expect(await cardOf(during)).toMatchObject({
      priceCents: 5900,
      compareAtCents: 8900,
      percentOff: 33,
    });
    expect(test.tableCalls()).toBe(1);
    expect((await cardOf(after))?.compareAtCents).toBeUndefined();

    // "On sale", with its count; the price bands read the price it sells at.
    const onSale = await page(test, "sale=on", during);
    // Newest first, as the catalogue lists by default.
    expect(onSale.items.map((item) => item.slug)).toEqual(["crew-tee", "wool-coat"]);
    expect(onSale.facets.onSale).toBe(2);
    expect((await page(test, "sale=on", after)).items.map((item) => item.slug)).toEqual([
      "crew-tee",
    ]);
    expect((await page(test, "", after)).facets.onSale).toBe(1);
    expect((await page(test, "price=50-100", during)).items.map((i) => i.slug)).toEqual([
      "wool-coat",
    ]);
    // The biggest discount first (33% before 10%).
    expect((await page(test, "sort=discount", during)).items.map((i) => i.slug)).toEqual([
      "wool-coat",
      "crew-tee",
    ]);
  });

  it("the cart and the order's lines are priced at the sale price while it runs", async () => {
    const test = await shop();
    const lines = [
      { productId: test.teeId, colour: "navy", size: "M", quantity: 2 },
      { productId: test.coatId, colour: "navy", size: "M", quantity: 1 },
    ];
    const priced = await priceCart(test.ctx, lines, "STANDARD", null, new Date());
    expect(priced.lines.map((line) => line.unitPriceCents)).toEqual([1800, 8900]);
    // The order line keeps its regular price beside it (invoices and the checkout show it).
    expect(priced.lines.map((line) => line.compareAtCents)).toEqual([2000, undefined]);
    expect(priced.breakdown.subtotalCents).toBe(1800 * 2 + 8900);
  });
});

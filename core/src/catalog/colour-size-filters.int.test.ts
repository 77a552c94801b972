// The catalogue's colour and size filters against DynamoDB Local (docs/product.md §2
// "Catalogue"): answered from the read model, which knows each product's variants in stock (kept
// by the stock.changed reaction, ./availability.server.ts): a variant selling out drops its
// product from that colour in that size, not from its other colours; a warm page is still one
// round trip.
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { stockKey } from "../db/keys.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { STOCK_CHANGED } from "../inventory/stock.server.ts";
import { syncSoldOut } from "./availability.server.ts";
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

/** Sets one variant's units, as a sale or the admin's stock screen would. */
const setUnits = (test: TestContext, productId: string, key: string, units: number) =>
  test.ctx.db.send(
    new UpdateCommand({
      TableName: test.ctx.tableName,
      Key: stockKey(productId),
      UpdateExpression: "SET counts.#key = :units",
      ExpressionAttributeNames: { "#key": key },
      ExpressionAttributeValues: { ":units": units },
    }),
  );

const listed = async (test: TestContext, query: string) =>
  (await getCatalogPage(test.ctx, parseCatalogQuery(new URLSearchParams(query)))).items.map(
    (item) => `${item.slug}${item.colour ? `:${item.colour}` : ""}`,
  );

async function shop(test: TestContext) {
  const polo = await createProduct(test.ctx, {
    slug: "harbour-polo",
    name: "Harbour Polo",
    category: "Men",
    priceCents: 3900,
    description: "A piqué polo.",
    sizes: ["S", "M"],
    colours: ["forest", "navy"],
    stock: { "forest/S": 2, "forest/M": 2, "navy/S": 2, "navy/M": 1 },
    images: [
      { key: "products/harbour-polo/forest.svg", alt: "Forest polo", colour: "forest" },
      { key: "products/harbour-polo/navy.svg", alt: "Navy polo", colour: "navy" },
    ],
  });
  const tee = await createProduct(test.ctx, {
    slug: "crew-tee",
    name: "Crew Tee",
    category: "Men",
    priceCents: 1900,
    description: "A crew-neck t-shirt.",
    sizes: ["S", "M"],
    colours: ["heather-grey"],
    stock: { "heather-grey/S": 3, "heather-grey/M": 0 },
    images: [{ key: "products/crew-tee/grey.svg", alt: "Grey tee", colour: "heather-grey" }],
  });
  await settleCatalog(test.ctx);
  return { polo, tee };
}

describe("the catalogue's colour and size filters", () => {
  it("a variant selling out drops its product from that colour in that size, not from its other colour", async () => {
    const test = await createTestContext();
    const { polo } = await shop(test);
    expect(await listed(test, "colour=navy&size=M")).toEqual(["harbour-polo:navy"]);
    expect(await listed(test, "family=blue&size=M")).toEqual(["harbour-polo:navy"]);
    expect(await listed(test, "colour=forest&size=M")).toEqual(["harbour-polo:forest"]);
    // The tee has no M left: not listed in M in any colour.
    expect(await listed(test, "size=M")).toEqual(["harbour-polo"]);
    expect(await listed(test, "family=grey")).toEqual(["crew-tee:heather-grey"]);

    // The last navy M is sold.
    await setUnits(test, polo.id, "navy/M", 0);
    expect(await syncSoldOut(test.ctx, changed(polo.id))).toEqual([polo.id]);
    await settleCatalog(test.ctx);
    expect(await listed(test, "colour=navy&size=M")).toEqual([]);
    expect(await listed(test, "family=blue&size=M")).toEqual([]);
    expect(await listed(test, "colour=forest&size=M")).toEqual(["harbour-polo:forest"]);
    // Navy is still a colourway of the polo, and navy S is in stock.
    expect(await listed(test, "colour=navy")).toEqual(["harbour-polo:navy"]);
    expect(await listed(test, "colour=navy&size=S")).toEqual(["harbour-polo:navy"]);
    // A second delivery finds nothing to change.
    expect(await syncSoldOut(test.ctx, changed(polo.id))).toEqual([]);

    // Restocked: listed again.
    await setUnits(test, polo.id, "navy/M", 5);
    expect(await syncSoldOut(test.ctx, changed(polo.id))).toEqual([polo.id]);
    await settleCatalog(test.ctx);
    expect(await listed(test, "colour=navy&size=M")).toEqual(["harbour-polo:navy"]);
  }, 60_000);

  it("counts each value's products given the other filters", async () => {
    const test = await createTestContext();
    await shop(test);
    const page = await getCatalogPage(test.ctx, parseCatalogQuery(new URLSearchParams("size=M")));
    expect(page.facets.families.map((family) => [family.family, family.count])).toEqual([
      ["green", 1],
      ["blue", 1],
    ]);
    const all = await getCatalogPage(test.ctx, parseCatalogQuery(new URLSearchParams("")));
    expect(all.facets.sizes).toEqual([
      {
        scale: "adult",
        name: "Adult",
        sizes: [
          { tag: "S", label: "S", name: "Small", count: 2 },
          { tag: "M", label: "M", name: "Medium", count: 1 },
        ],
      },
    ]);
  }, 60_000);

  it("answers colour and size filters warm in one round trip, never a Scan", async () => {
    const test = await createTestContext();
    await shop(test);
    await listed(test, ""); // warms the read model
    const commands: string[] = [];
    test.ctx.db.middlewareStack.add(
      (next, context) => async (args) => {
        commands.push(context.commandName ?? "");
        return next(args);
      },
      { step: "initialize", name: "recordCommands" },
    );
    test.resetTableCalls();
    for (const query of [
      "family=blue&size=M",
      "colour=forest",
      "size=S&category=men&sort=price-asc",
    ]) {
      await listed(test, query);
    }
    expect(test.tableCalls()).toBe(3);
    expect(commands.filter((name) => /Scan/.test(name))).toEqual([]);
  }, 60_000);
});

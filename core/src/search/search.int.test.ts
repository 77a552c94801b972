// The search follows an admin's edit (docs/decisions/021-search.md): the index is built per
// catalogue version, so a renamed product is found by its new name, and no longer by its old
// one, as soon as the read model sees the new version.
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { createProduct, updateProduct } from "../catalog/product-saves.server.ts";
import { parseCatalogQuery } from "../catalog/query.ts";
import { getCatalogPage, liveSearch } from "../catalog/search.server.ts";
import { harbourCoat } from "../catalog/test-fixtures.ts";

const input = harbourCoat;

const found = async (ctx: Parameters<typeof liveSearch>[0], text: string) => {
  const live = await liveSearch(ctx, text, 6);
  const page = await getCatalogPage(ctx, parseCatalogQuery(new URLSearchParams({ search: text })));
  return {
    live: live.items.map((item) => item.name),
    page: page.items.map((item) => item.name),
  };
};

describe("search after an admin's rename", () => {
  it("finds the new name within 10 s, and the old one no more", async () => {
    const test = await createTestContext();
    const created = await createProduct(test.ctx, input("Quayside Overcoat"));
    expect((await found(test.ctx, "quayside")).live).toEqual(["Quayside Overcoat"]);

    const renamedAt = Date.now();
    await updateProduct(test.ctx, created.id, input("Lighthouse Overcoat"));
    let now = await found(test.ctx, "lighthouse");
    while (now.live.length === 0 && Date.now() - renamedAt < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      now = await found(test.ctx, "lighthouse");
    }
    const seconds = (Date.now() - renamedAt) / 1000;
    expect(now).toEqual({ live: ["Lighthouse Overcoat"], page: ["Lighthouse Overcoat"] });
    expect(seconds).toBeLessThan(10);
    expect(await found(test.ctx, "quayside")).toEqual({ live: [], page: [] });
    // A typo of the new name too: the index is the new version's.
    expect((await found(test.ctx, "lighthuose")).live).toEqual(["Lighthouse Overcoat"]);
  }, 60_000);
});

describe("a search that names a colour", () => {
  it("shows each product found in its colourway of that colour, on the catalogue and the live list", async () => {
    const test = await createTestContext();
    await createProduct(test.ctx, {
      ...input("Harbour Polo"),
      slug: "harbour-polo",
      images: [
        { key: "products/harbour-polo/forest.svg", alt: "Forest Harbour Polo, front view" },
        { key: "products/harbour-polo/back.svg", alt: "Harbour Polo, back view" },
        { key: "products/harbour-polo/navy.svg", alt: "Navy Harbour Polo, front view" },
      ],
    });
    const shown = async (text: string) => {
      const live = await liveSearch(test.ctx, text, 6);
      const query = parseCatalogQuery(new URLSearchParams({ search: text }));
      const page = await getCatalogPage(test.ctx, query);
      const [first, listed] = [live.items[0], page.items[0]];
      // The colourway (its page opens on it) goes with the photo shown.
      expect(first?.colour).toBe(listed?.colour);
      return [first?.imageUrl, listed?.imageUrl].map((url) => url?.split("/").pop());
    };
    // Its colourways, from the alt texts (an item older than colours): forest (with the back
    // view), then navy.
    expect(await shown("blue polo")).toEqual(["navy.svg", "navy.svg"]);
    expect((await liveSearch(test.ctx, "blue polo", 6)).items[0]?.colour).toBe("navy");
    expect(await shown("navy harbour")).toEqual(["navy.svg", "navy.svg"]);
    expect(await shown("green polo")).toEqual(["forest.svg", "forest.svg"]);
    expect((await liveSearch(test.ctx, "green polo", 6)).items[0]?.colour).toBe("forest");
    // No colour named, or one it does not come in: its first photo, as the catalogue shows it.
    expect(await shown("harbour polo")).toEqual(["forest.svg", "forest.svg"]);
    expect((await liveSearch(test.ctx, "harbour polo", 6)).items[0]?.colour).toBeUndefined();
    expect(await shown("red harbour polo")).toEqual(["forest.svg", "forest.svg"]);
    // The catalogue itself is unchanged for the next shopper.
    const all = await getCatalogPage(test.ctx, parseCatalogQuery(new URLSearchParams()));
    expect(all.items.find((item) => item.slug === "harbour-polo")?.imageUrl).toMatch(
      /forest\.svg$/,
    );
  }, 60_000);
});

// The sales' scheduled purge against DynamoDB Local (docs/product.md §9 "Markdowns"): a sale
// starts and ends at its days with no write to the table, and the run after each boundary names
// the product's pages and the catalogue's, and marks the product so that its stream record (as
// the edge purge reads it) purges them; the runs in between name nothing; a run that was not
// recorded (its purge failed) leaves its span to the next. An automatic offer shown on pages
// likewise: created, it is on the catalogue's cards and its products' pages from its start day
// to its end day, and the runs at those boundaries name those pages; deleted, it leaves them.
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { getProductPageParts } from "../catalog/product-page.server.ts";
import { createProduct } from "../catalog/product-saves.server.ts";
import { parseCatalogQuery } from "../catalog/query.ts";
import { settleCatalog } from "../catalog/test-fixtures.ts";
import { OFFER_PAGES_KEY, productKey } from "../db/keys.ts";
import { getCatalogPageWithOffers, productPageOffers } from "../promotions/page-offers.server.ts";
import { createCheckedOffer, deletePromotion } from "../promotions/promotion-admin.server.ts";
import { markdownPurge, markPriceChanges, recordMarkdownPurge } from "./markdowns.server.ts";
import {
  ALL_PRODUCT_PAGES,
  CATALOGUE_PATHS,
  pathsToPurge,
  productPaths,
  SITEMAP_PATHS,
} from "./purge.ts";

describe("the sales' scheduled purge", () => {
  it("names the product's pages and the catalogue's once when its sale starts, and once when it ends", async () => {
    const { ctx } = await createTestContext();
    expect(ctx.config.timeZone).toBe("UTC"); // the days below are UTC days
    const base = {
      category: "Women" as const,
      priceCents: 8900,
      description: "A warm coat.",
      sizes: ["M"],
      colours: ["navy"],
      stock: { "navy/M": 3 },
    };
    const coat = await createProduct(ctx, {
      ...base,
      slug: "wool-coat",
      name: "Wool Coat",
      images: [{ key: "products/wool-coat/navy.svg", alt: "Navy coat", colour: "navy" }],
      markdown: { saleCents: 5900, startsAt: "2026-12-26", endsAt: "2027-01-06" },
    });
    await createProduct(ctx, {
      ...base,
      slug: "crew-tee",
      name: "Crew Tee",
      images: [{ key: "products/crew-tee/navy.svg", alt: "Navy tee", colour: "navy" }],
    });
    await settleCatalog(ctx);
    const run = async (at: string, record = true) => {
      const found = await markdownPurge(ctx, new Date(at));
      if (record) await recordMarkdownPurge(ctx, found);
      return found;
    };
    const coatPages = [...CATALOGUE_PATHS, ...productPaths("wool-coat")].sort();

    // The first run looks an hour back: nothing changed.
    expect((await run("2026-12-25T23:45:00Z")).paths).toEqual([]);
    // The sale starts at the 26th's first moment; the run after it purges, once.
    const started = await run("2026-12-26T00:00:00Z", false); // its purge failed: not recorded
    expect(started.changed.map((product) => product.slug)).toEqual(["wool-coat"]);
    const retried = await run("2026-12-26T00:15:00Z");
    expect(retried.since).toBe("2026-12-25T23:45:00.000Z");
    expect(retried.paths).toEqual(coatPages);
    // Marked: the product's stream record, as the edge purge reads it, purges those pages.
    await markPriceChanges(ctx, retried);
    const { Item } = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: productKey(coat.id), ConsistentRead: true }),
    );
    expect(Item?.priceChangedAt).toBe("2026-12-26T00:15:00.000Z");
    const record = {
      eventName: "MODIFY",
      dynamodb: {
        Keys: marshall(productKey(coat.id)),
        NewImage: marshall(Item ?? {}, { removeUndefinedValues: true }),
      },
    };
    expect(pathsToPurge([record], { lowStockThreshold: 3 }).paths).toEqual(
      [...coatPages, ...SITEMAP_PATHS].sort(),
    );
    expect((await run("2026-12-26T00:30:00Z")).paths).toEqual([]);
    expect((await run("2027-01-06T23:45:00Z")).paths).toEqual([]);
    // It ends after the 6th's last moment.
    const ended = await run("2027-01-07T00:00:00Z");
    expect(ended.changed.map((product) => product.slug)).toEqual(["wool-coat"]);
    expect(ended.paths).toEqual(coatPages);
    expect((await run("2027-01-07T00:15:00Z")).paths).toEqual([]);

    // An older run recorded late never moves the mark back.
    await recordMarkdownPurge(ctx, { ...ended, now: "2026-12-01T00:00:00.000Z" });
    expect((await markdownPurge(ctx, new Date("2027-01-07T00:30:00Z"))).since).toBe(
      "2027-01-07T00:15:00.000Z",
    );
  });

  it("an automatic offer starts and ends at its dates, and the edge's pages change", async () => {
    const { ctx } = await createTestContext();
    const base = {
      priceCents: 5900,
      description: "Light and easy.",
      sizes: ["M"],
      colours: ["navy"],
      stock: { "navy/M": 3 },
    };
    await createProduct(ctx, {
      ...base,
      category: "Women",
      productType: "dresses",
      slug: "wrap-dress",
      name: "Wrap Dress",
      images: [{ key: "products/wrap-dress/navy.svg", alt: "Navy dress", colour: "navy" }],
    });
    await createProduct(ctx, {
      ...base,
      category: "Men",
      productType: "coats",
      slug: "rain-coat",
      name: "Rain Coat",
      images: [{ key: "products/rain-coat/navy.svg", alt: "Navy coat", colour: "navy" }],
    });
    await settleCatalog(ctx);
    const offerPagesRecord = async () => {
      const { Item } = await ctx.db.send(
        new GetCommand({ TableName: ctx.tableName, Key: OFFER_PAGES_KEY, ConsistentRead: true }),
      );
      return {
        eventName: "MODIFY",
        dynamodb: {
          Keys: marshall(OFFER_PAGES_KEY),
          NewImage: marshall(Item ?? {}, { removeUndefinedValues: true }),
        },
      };
    };
    const purged = async () =>
      pathsToPurge([await offerPagesRecord()], { lowStockThreshold: 3 }).paths;
    const allPages = [...CATALOGUE_PATHS, ALL_PRODUCT_PAGES].sort();
    const dressPages = [...CATALOGUE_PATHS, ...productPaths("wrap-dress")].sort();

    // Its first run, before the offer: nothing.
    expect((await markdownPurge(ctx, new Date("2026-12-25T23:30:00Z"))).paths).toEqual([]);
    await recordMarkdownPurge(ctx, await markdownPurge(ctx, new Date("2026-12-25T23:30:00Z")));

    // Created (Women's dresses: every product page may show it): its own transaction names them.
    const offer = await createCheckedOffer(
      ctx,
      {
        label: "20% off Women's dresses",
        effect: {
          kind: "percent-off-items",
          percent: 20,
          target: { audiences: ["Women"], productTypes: ["dresses"] },
        },
        conditions: { startsAt: "2026-12-26", endsAt: "2027-01-06" },
      },
      new Date("2026-12-25T23:40:00Z"),
    );
    expect(await purged()).toEqual(allPages);
    await settleCatalog(ctx);

    const shown = async (at: string) => {
      const page = await getCatalogPageWithOffers(
        ctx,
        parseCatalogQuery(new URLSearchParams()),
        new Date(at),
      );
      const card = page.items.find((item) => item.slug === "wrap-dress");
      const coat = page.items.find((item) => item.slug === "rain-coat");
      const parts = await getProductPageParts(ctx, "wrap-dress");
      await parts?.reviewPage;
      const onPage = parts
        ? productPageOffers(ctx, parts.snapshot, parts.product, new Date(at))
        : [];
      return { card: card?.offer, coat: coat?.offer, page: onPage };
    };
    const run = async (at: string) => {
      const found = await markdownPurge(ctx, new Date(at));
      await markPriceChanges(ctx, found);
      await recordMarkdownPurge(ctx, found);
      return found;
    };

    // The day before: nothing shows, and the run names nothing.
    expect(await shown("2026-12-25T23:50:00Z")).toEqual({
      card: undefined,
      coat: undefined,
      page: [],
    });
    expect((await run("2026-12-25T23:45:00Z")).paths).toEqual([]);
    // Its first day: the dress's card and page show it with its price; the coat's nothing.
    const live = { id: offer.id, label: "20% off Women's dresses", priceCents: 4720 };
    expect(await shown("2026-12-26T00:05:00Z")).toEqual({
      card: live,
      coat: undefined,
      page: [live],
    });
    const started = await run("2026-12-26T00:00:00Z");
    expect(started.offers.map((o) => o.id)).toEqual([offer.id]);
    expect(started.changed).toEqual([]);
    expect(started.paths).toEqual(dressPages);
    // Its item's stream record, as the edge purge reads it: the dress's pages and the catalogue's.
    expect(await purged()).toEqual(dressPages);
    expect((await run("2026-12-26T00:15:00Z")).paths).toEqual([]);
    expect((await run("2027-01-06T23:45:00Z")).paths).toEqual([]);
    expect((await shown("2027-01-06T23:50:00Z")).card).toEqual(live);
    // It ends after the 6th's last moment.
    const ended = await run("2027-01-07T00:00:00Z");
    expect(ended.paths).toEqual(dressPages);
    expect(await shown("2027-01-07T00:05:00Z")).toEqual({
      card: undefined,
      coat: undefined,
      page: [],
    });
    expect((await run("2027-01-07T00:15:00Z")).paths).toEqual([]);

    // Deleted while live: its transaction names its pages again, and the cards lose it.
    await deletePromotion(ctx, offer.id, new Date("2026-12-27T10:00:00Z"));
    expect(await purged()).toEqual(allPages);
    await settleCatalog(ctx);
    expect(await shown("2026-12-27T10:05:00Z")).toEqual({
      card: undefined,
      coat: undefined,
      page: [],
    });
  });
});

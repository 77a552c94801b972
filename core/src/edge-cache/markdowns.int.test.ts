// The sales' scheduled purge against DynamoDB Local (docs/product.md §9 "Markdowns"): a sale
// starts and ends at its days with no write to the table, and the run after each boundary names
// the product's pages and the catalogue's, and marks the product so that its stream record (as
// the edge purge reads it) purges them; the runs in between name nothing; a run that was not
// recorded (its purge failed) leaves its span to the next.
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { createProduct } from "../catalog/products.server.ts";
import { settleCatalog } from "../catalog/test-fixtures.ts";
import { productKey } from "../db/keys.ts";
import { markdownPurge, markPriceChanges, recordMarkdownPurge } from "./markdowns.server.ts";
import { CATALOGUE_PATHS, pathsToPurge, productPaths, SITEMAP_PATHS } from "./purge.ts";

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
});

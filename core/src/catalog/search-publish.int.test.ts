// Publishing the search index (read-model.server.ts publishSearchIndex, which the deploy and the
// catalogue's change reader call): an index an older engine wrote counts as none, so the next
// publication replaces it even when the catalogue has not changed since.
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { putObject } from "../storage/index.server.ts";
import { createProduct } from "./product-saves.server.ts";
import { catalogSnapshot, publishSearchIndex } from "./read-model.server.ts";
import { publishedSearch, publishedVersion } from "./search-index.server.ts";
import { SEARCH_INDEX_KEY } from "./search-object.ts";
import { harbourCoat } from "./test-fixtures.ts";

describe("publishSearchIndex", () => {
  it("replaces an index an older engine wrote, for the same catalogue version", async () => {
    const { ctx } = await createTestContext();
    // A navy coat: "blue coat" matches both words (the colour's family, from the photo's alt).
    await createProduct(ctx, {
      ...harbourCoat("Harbour Coat"),
      images: [{ key: "products/harbour-coat/1.svg", alt: "Navy Harbour Coat, front view" }],
    });
    const { version } = await catalogSnapshot(ctx);
    // What the engine before colours published: version 1 of the saved index, no engine metadata.
    await putObject(ctx, {
      Bucket: ctx.config.searchBucket,
      Key: SEARCH_INDEX_KEY,
      Body: JSON.stringify({ catalogVersion: version, search: { version: 1 } }),
      Metadata: { "catalog-version": String(version) },
    });
    expect(await publishedVersion(ctx)).toBeUndefined();

    expect(await publishSearchIndex(ctx)).toMatchObject({ catalogVersion: version, products: 1 });
    expect(await publishedVersion(ctx)).toBe(version);
    const loaded = await publishedSearch(ctx);
    expect(loaded?.search.search("blue coat").hits.map((hit) => hit.matchedWords)).toEqual([2]);
    // Published by this engine: the next call leaves it.
    expect(await publishSearchIndex(ctx)).toEqual({ skipped: version });
  });
});

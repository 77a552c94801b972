// A table restored to a point in time (here the local stand-in of point-in-time recovery,
// packages/local-cloud/src/point-in-time.ts), brought in line with the old table: an order number
// issued after the restore's time is never given again, and the search index is published again
// from the restored catalogue, which the version issued since would otherwise hide.
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { restoreSnapshot, snapshotTable } from "@shop/local-cloud";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { deleteProduct } from "../catalog/product-deletion.server.ts";
import { createProduct } from "../catalog/product-saves.server.ts";
import { catalogSnapshot, publishSearchIndex } from "../catalog/read-model.server.ts";
import { publishedSearch } from "../catalog/search-index.server.ts";
import { harbourCoat } from "../catalog/test-fixtures.ts";
import { createShirt, placeAsAna } from "../checkout/test-fixtures.ts";
import { createContext, loadConfig } from "../context/index.server.ts";
import { orderNumberKey } from "../db/keys.ts";
import { bringInLine } from "./bring-in-line.server.ts";

describe("bringInLine", () => {
  it("carries the order numbers issued since and lets the restored catalogue's index be published", async () => {
    const { ctx: old, env } = await createTestContext();
    const endpoint = env.DYNAMODB_ENDPOINT as string;
    const shirt = await createShirt(old, "M");
    const coat = await createProduct(old, harbourCoat("Harbour Coat"));
    const line = [{ productId: shirt.id, size: "M", quantity: 1 }];
    const before = (await placeAsAna(old, line)).order;
    const snapshot = await snapshotTable(endpoint, old.tableName);

    // After the restore's time: an order, the coat deleted, its index published without it.
    const since = (await placeAsAna(old, line)).order;
    await deleteProduct(old, coat.id);
    await publishSearchIndex(old);
    const oldVersion = (await catalogSnapshot(old)).version;

    const restoredTable = `${old.tableName}-restored`;
    await restoreSnapshot(endpoint, snapshot, restoredTable);
    const restored = createContext(loadConfig({ ...env, TABLE_NAME: restoredTable }));
    // As restored, its catalogue is older than the published index: publishing skips it.
    expect(await publishSearchIndex(restored)).toEqual({ skipped: oldVersion });

    const done = await bringInLine(restored, old.tableName);
    expect(done).toEqual({ orderNumbersCarried: 1, catalogVersion: oldVersion + 1 });
    const claimOf = async (number: string) =>
      (
        await restored.db.send(
          new GetCommand({ TableName: restoredTable, Key: orderNumberKey(number) }),
        )
      ).Item;
    expect(await claimOf(since.number)).toMatchObject({ orderId: since.id });
    expect(await claimOf(before.number)).toMatchObject({ orderId: before.id });

    expect(await publishSearchIndex(restored)).toMatchObject({
      catalogVersion: oldVersion + 1,
      products: 2,
    });
    const search = (await publishedSearch(restored))?.search;
    expect(search?.search("coat").hits.map((hit) => hit.id)).toContain(coat.id);

    // Again: nothing more to carry; the version moves past both tables' once more.
    expect(await bringInLine(restored, old.tableName)).toEqual({
      orderNumbersCarried: 0,
      catalogVersion: oldVersion + 2,
    });
  });
});

import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { batchGetItems } from "./batch-get.server.ts";
import { putItems } from "./test-fixtures.ts";

describe("batchGetItems on DynamoDB Local", () => {
  it("reads more keys than one BatchGetItem takes, leaves out the missing, and projects", async () => {
    const { ctx } = await createTestContext();
    const tag = crypto.randomUUID();
    const items = Array.from({ length: 230 }, (_, i) => ({
      pk: `BATCH#${tag}#${i}`,
      sk: "ITEM",
      n: i,
      other: "x",
    }));
    await putItems(ctx, items);
    const keys = [...items, { pk: `BATCH#${tag}#missing`, sk: "ITEM" }].map(({ pk, sk }) => ({
      pk,
      sk,
    }));

    const found = await batchGetItems(ctx, keys, { consistent: true });
    expect(found.map((item) => item.n).sort((a, b) => Number(a) - Number(b))).toEqual(
      items.map((item) => item.n),
    );

    const projected = await batchGetItems(ctx, keys.slice(0, 3), { projection: "pk, n" });
    expect(projected).toHaveLength(3);
    for (const item of projected) expect(Object.keys(item).sort()).toEqual(["n", "pk"]);
    expect(await batchGetItems(ctx, [])).toEqual([]);
  });
});

// `npm start` on a `.data` an older version wrote (scripts/dev.ts, docs/decisions/024-migrations-on-deploy.md):
// against DynamoDB Local, a table as the version before the migrations left it — an account
// without the customers list's key, a stock item without its product's slug, no migration
// recorded — is brought up to date by what `npm start` runs (migrateLocalData), which records
// every migration as done; a second start does nothing again. And `npm start` runs it.
import { readFileSync } from "node:fs";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { unitsOfEach } from "@shop/core/inventory";
import { createUser } from "@shop/core/server/accounts";
import { createProduct } from "@shop/core/server/catalog";
import { listCustomers } from "@shop/core/server/customers";
import { stockKey, userKey } from "@shop/core/server/db";
import { migrationsIn, readMigrationRecord } from "@shop/core/server/migrations";
import { withoutAttributes } from "@shop/core/testing/migrations";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateLocalData } from "./local-data.ts";

let test: TestContext;
let olderUserId = "";
let productId = "";
const slug = `older-tee-${crypto.randomUUID().slice(0, 8)}`;

const without = (key: Record<string, string>, ...attributes: string[]) =>
  withoutAttributes(test.ctx, key, ...attributes);

beforeAll(async () => {
  test = await createTestContext();
  const { ctx } = test;
  const user = await createUser(ctx, {
    firstName: "Otto",
    lastName: "Older",
    email: `otto-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: "secret1",
  });
  olderUserId = user.id;
  await without(userKey(user.id), "gsi1pk", "gsi1sk");
  const product = await createProduct(ctx, {
    slug,
    name: "Older Tee",
    category: "Men",
    priceCents: 2000,
    description: "",
    sizes: ["M"],
    images: [{ key: "older-tee.svg", alt: "" }],
    stock: unitsOfEach(["M"], 3),
  });
  productId = product.id;
  await without(stockKey(product.id), "slug");
});

describe("npm start on an older .data", () => {
  it("is the data as an older version wrote it: no list key, no slug, no migration recorded", async () => {
    const { ctx } = test;
    expect((await listCustomers(ctx, {})).customers.map((c) => c.id)).not.toContain(olderUserId);
    const { Item: stock } = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: stockKey(productId) }),
    );
    expect(stock?.slug).toBeUndefined();
    for (const { id } of await migrationsIn()) {
      expect(await readMigrationRecord(ctx, id), id).toBeUndefined();
    }
  });

  it("applies every pending migration, brings the items up to date and records each as done", async () => {
    const { ctx } = test;
    const lines: string[] = [];
    const outcomes = await migrateLocalData(ctx, (line) => lines.push(line));
    const ids = (await migrationsIn()).map((m) => m.id);
    expect(outcomes.map((o) => [o.id, o.status])).toEqual(ids.map((id) => [id, "done"]));
    expect(outcomes.find((o) => o.id === "001-customers-list-key")?.touched).toBe(1);
    expect(outcomes.find((o) => o.id === "002-stock-slugs")?.touched).toBe(1);
    expect(lines.length).toBeGreaterThan(0);

    expect((await listCustomers(ctx, {})).customers.map((c) => c.id)).toContain(olderUserId);
    const { Item: stock } = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: stockKey(productId) }),
    );
    expect(stock?.slug).toBe(slug);
    for (const id of ids) {
      const record = await readMigrationRecord(ctx, id);
      expect(record, id).toMatchObject({ id, state: "done" });
      expect(Date.parse(record?.doneAt ?? ""), id).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(await readMigrationRecord(ctx, "002-stock-slugs")).toMatchObject({ touched: 1 });
  });

  it("does nothing on the next start: every migration is already done", async () => {
    const outcomes = await migrateLocalData(test.ctx);
    expect(outcomes.map((o) => o.status)).toEqual((await migrationsIn()).map(() => "already"));
  });

  it("is what npm start runs: scripts/dev.ts applies the migrations through migrateLocalData", () => {
    // The start script itself needs a build and a web server; what it does to the data is this
    // one call, after the seed. Without it, an older .data would stay as it is.
    const dev = readFileSync(new URL("../dev.ts", import.meta.url), "utf8");
    expect(dev).toMatch(/import \{ migrateLocalData \} from "\.\/lib\/local-data\.ts";/);
    expect(dev).toMatch(/^\s+await migrateLocalData\(ctx, log\);$/m);
  });
});

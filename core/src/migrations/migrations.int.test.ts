// The shop's migrations against DynamoDB Local and S3 (docs/decisions/024-migrations-on-deploy.md),
// on data as older versions wrote it: an account without the customers list's key, a stock item
// without its product's slug, a photo without variants, paid orders without sales aggregates.
// One run of the folder's migrations brings each up to date and records it; a second run changes
// nothing.
import { randomUUID } from "node:crypto";
import { HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { unitsOfEach } from "@shop/core/inventory";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../accounts/users.server.ts";
import { createProduct } from "../catalog/product-saves.server.ts";
import { confirmCardPayment } from "../checkout/card-payment.server.ts";
import { placeOrder } from "../checkout/placing.server.ts";
import { createShirt, TEST_ADDRESS, VISA } from "../checkout/test-fixtures.ts";
import { listCustomers } from "../customers/list.server.ts";
import { ORDER_STATE_COUNTS_KEY, stockKey, userKey } from "../db/keys.ts";
import { migrationsIn } from "./folder.server.ts";
import { readMigrationRecord, runMigrations } from "./runner.server.ts";
import { withoutAttributes } from "./test-fixtures.ts";

let test: TestContext;
const photoKey = `products/${randomUUID()}/${randomUUID()}.png`;
let oldUserId = "";
let shirtId = "";

const without = (key: Record<string, string>, ...attributes: string[]) =>
  withoutAttributes(test.ctx, key, ...attributes);

beforeAll(async () => {
  test = await createTestContext();
  const { ctx } = test;
  // An account from before the customers list.
  const old = await createUser(ctx, {
    firstName: "Olga",
    lastName: "Older",
    email: "olga@example.com",
    password: "secret1",
  });
  oldUserId = old.id;
  await without(userKey(old.id), "gsi1pk", "gsi1sk");
  // A product whose stock item is from before the edge purge, and paid orders from before the
  // sales aggregates (no stream reader runs here, so no aggregate is kept).
  const shirt = await createShirt(ctx);
  shirtId = shirt.id;
  await without(stockKey(shirt.id), "slug");
  for (const n of [1, 2]) {
    const placed = await placeOrder(ctx, {
      userId: old.id,
      email: old.email,
      lines: [{ productId: shirt.id, size: "M", quantity: n }],
      address: TEST_ADDRESS,
      deliveryMethod: "STANDARD",
    });
    await confirmCardPayment(ctx, { userId: old.id, orderId: placed.order.id, card: VISA });
  }
  // A photo from before the image variants: stored, on its product, with no state recorded.
  await (await ctx.s3()).send(
    new PutObjectCommand({
      Bucket: ctx.config.imagesBucket,
      Key: photoKey,
      Body: Buffer.from("not really a png"),
      ContentType: "image/png",
      CacheControl: "public, max-age=31536000, immutable",
    }),
  );
  await createProduct(
    ctx,
    {
      slug: `old-photo-${randomUUID().slice(0, 8)}`,
      name: "Old Photo Tee",
      category: "Men",
      priceCents: 1500,
      description: "",
      sizes: ["S"],
      images: [{ key: photoKey, alt: "" }],
      stock: unitsOfEach(["S"], 1),
    },
    { id: photoKey.split("/")[1] as string },
  );
});

describe("the shop's migrations", () => {
  it("bring older data up to date, each recorded with how many items it touched", async () => {
    const { ctx } = test;
    const outcomes = await runMigrations(ctx, await migrationsIn());
    expect(outcomes.map((o) => [o.id, o.status, o.touched])).toEqual([
      ["001-customers-list-key", "done", 1],
      ["002-stock-slugs", "done", 1],
      ["003-image-variants", "done", 1],
      ["004-sales-aggregates", "done", 2],
      // Products written by this version have colourways (./colourways.int.test.ts: older ones).
      ["005-colourways", "done", 0],
      // The rebuild of 004 already writes an item per product and day (./sales-days.int.test.ts:
      // days written before).
      ["006-sales-products-per-day", "done", 0],
    ]);

    // 001: the older account is in the customers list.
    const customers = await listCustomers(ctx, {});
    expect(customers.customers.map((c) => c.id)).toContain(oldUserId);
    // 002: the stock item names its product's page.
    const { Item: stock } = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: stockKey(shirtId) }),
    );
    expect(stock?.slug).toBe("shirt");
    // 003: the photo was stored again (S3 notifies the image-variants function), as it was.
    const head = await (await ctx.s3()).send(
      new HeadObjectCommand({ Bucket: ctx.config.imagesBucket, Key: photoKey }),
    );
    expect(head.Metadata?.["variants-requested"]).toBeTruthy();
    expect(head.ContentType).toBe("image/png");
    expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
    // 004: the orders are counted.
    const { Item: states } = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: ORDER_STATE_COUNTS_KEY }),
    );
    expect(states?.PENDING).toBe(2);

    const record = await readMigrationRecord(ctx, "002-stock-slugs");
    expect(record).toMatchObject({ state: "done", touched: 1, pages: 1 });
    expect(Date.parse(record?.doneAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
  });

  it("run again, do nothing: every migration is recorded as done", async () => {
    const outcomes = await runMigrations(test.ctx, await migrationsIn());
    expect(outcomes.map((o) => o.status)).toEqual([
      "already",
      "already",
      "already",
      "already",
      "already",
      "already",
    ]);
  });
});

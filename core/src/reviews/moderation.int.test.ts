// Who may review (a paid order's purchase marker, once), and deleting a review: by its author
// or an admin, with the product's rating counters and the catalogue version in one transaction.
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { getProductBySlug } from "../catalog/product-lookups.server.ts";
import { createProduct } from "../catalog/product-saves.server.ts";
import { DomainError } from "../common/errors.ts";
import { CATALOG_VERSION_KEY, purchaseKey } from "../db/keys.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import { listProductReviews } from "./listing.server.ts";
import {
  ALREADY_REVIEWED,
  addReview,
  deleteReview,
  mayReview,
  NOT_ALLOWED_TO_REVIEW,
  NOT_YOUR_REVIEW,
  REVIEW_NOT_FOUND,
} from "./reviews.server.ts";

async function setup() {
  const test = await createTestContext();
  const product = await createProduct(test.ctx, {
    slug: "reviewed-shirt",
    name: "Reviewed shirt",
    category: "Men",
    priceCents: 2500,
    description: "A shirt.",
    sizes: ["M"],
    stock: unitsOfEach(["M"], 50),
    images: [{ key: "products/reviewed-shirt/1.svg", alt: "Front" }],
  });
  return { ...test, product };
}

const bought = (test: TestContext, userId: string, productId: string) =>
  test.ctx.db.send(
    new PutCommand({
      TableName: test.ctx.tableName,
      Item: { ...purchaseKey(userId, productId), entity: "purchase" },
    }),
  );

const ana = { id: "ana", firstName: "Ana", lastName: "Garcia" };
const bob = { id: "bob", firstName: "Bob", lastName: "Stone" };

async function catalogVersion(test: TestContext) {
  const { Item } = await test.ctx.db.send(
    new GetCommand({ TableName: test.ctx.tableName, Key: CATALOG_VERSION_KEY }),
  );
  return Number(Item?.version ?? 0);
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("mayReview and addReview", () => {
  it("allows a review only after a paid order, once, in one BatchGet", async () => {
    const test = await setup();
    const { ctx, product } = test;
    test.resetTableCalls();
    expect(await mayReview(ctx, ana.id, product.id)).toBe(false);
    expect(test.tableCalls()).toBe(1);
    const refused = await failure(
      addReview(ctx, ana, product.id, { rating: 5, description: "Sneaky" }),
    );
    expect([refused.message, refused.status]).toEqual([NOT_ALLOWED_TO_REVIEW, 403]);

    await bought(test, ana.id, product.id);
    expect(await mayReview(ctx, ana.id, product.id)).toBe(true);
    await addReview(ctx, ana, product.id, { rating: 4, description: "Fits well" });
    expect(await mayReview(ctx, ana.id, product.id)).toBe(false);
    const twice = await failure(
      addReview(ctx, ana, product.id, { rating: 1, description: "Again" }),
    );
    expect([twice.message, twice.status]).toEqual([ALREADY_REVIEWED, 409]);

    const page = await listProductReviews(ctx, product.id);
    expect(page.reviews).toMatchObject([
      { userId: "ana", authorFirstName: "Ana", authorLastName: "Garcia", rating: 4 },
    ]);
    expect((await getProductBySlug(ctx, product.slug))?.ratingCounts).toEqual([0, 0, 0, 1, 0]);
  });
});

describe("deleteReview", () => {
  it("lets the author delete their review: counters down, catalogue version up", async () => {
    const test = await setup();
    const { ctx, product } = test;
    await bought(test, ana.id, product.id);
    await bought(test, bob.id, product.id);
    await addReview(ctx, ana, product.id, { rating: 5, description: "Great" });
    await addReview(ctx, bob, product.id, { rating: 2, description: "Meh" });
    expect((await getProductBySlug(ctx, product.slug))?.ratingCounts).toEqual([0, 1, 0, 0, 1]);
    const before = await catalogVersion(test);

    await deleteReview(ctx, { id: ana.id, isAdmin: false }, product.id, ana.id);
    expect((await getProductBySlug(ctx, product.slug))?.ratingCounts).toEqual([0, 1, 0, 0, 0]);
    expect(await catalogVersion(test)).toBe(before + 1);
    expect((await listProductReviews(ctx, product.id)).reviews.map((r) => r.userId)).toEqual([
      "bob",
    ]);
    // Deleted: the author may review again (they still bought it).
    expect(await mayReview(ctx, ana.id, product.id)).toBe(true);

    const again = await failure(
      deleteReview(ctx, { id: ana.id, isAdmin: false }, product.id, ana.id),
    );
    expect([again.message, again.status]).toEqual([REVIEW_NOT_FOUND, 404]);
    expect((await getProductBySlug(ctx, product.slug))?.ratingCounts).toEqual([0, 1, 0, 0, 0]);
  });

  it("refuses another customer's review, and lets an admin delete it", async () => {
    const test = await setup();
    const { ctx, product } = test;
    await bought(test, bob.id, product.id);
    await addReview(ctx, bob, product.id, { rating: 3, description: "Fine" });

    const refused = await failure(
      deleteReview(ctx, { id: ana.id, isAdmin: false }, product.id, bob.id),
    );
    expect([refused.message, refused.status]).toEqual([NOT_YOUR_REVIEW, 403]);
    expect((await listProductReviews(ctx, product.id)).reviews).toHaveLength(1);

    await deleteReview(ctx, { id: "admin", isAdmin: true }, product.id, bob.id);
    expect((await listProductReviews(ctx, product.id)).reviews).toHaveLength(0);
    expect((await getProductBySlug(ctx, product.slug))?.ratingCounts).toEqual([0, 0, 0, 0, 0]);
  });
});

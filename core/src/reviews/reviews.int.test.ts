// A product's review list: newest first, 10 a page, opaque cursors both ways; a forged cursor
// is harmless (first page, never an error), and each page costs one Query.
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { createProduct } from "../catalog/product-saves.server.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import { listProductReviews } from "./listing.server.ts";
import { writeReview } from "./reviews.server.ts";

async function productWithReviews(test: TestContext, slug: string, count: number) {
  const product = await createProduct(test.ctx, {
    slug,
    name: `Reviewed ${slug}`,
    category: "Women",
    priceCents: 3900,
    description: "A product with many reviews.",
    sizes: ["S", "M"],
    stock: unitsOfEach(["S", "M"], 50),
    images: [{ key: `products/${slug}/1.svg`, alt: "Front" }],
  });
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i++) {
    await writeReview(test.ctx, {
      productId: product.id,
      userId: `user-${String(i).padStart(2, "0")}`,
      authorFirstName: "Reviewer",
      authorLastName: `Number${i}`,
      rating: ((i % 5) + 1) as 1 | 2 | 3 | 4 | 5,
      description: `Review number ${i}`,
      // One a day: review 0 is the oldest, review `count - 1` the newest.
      createdAt: new Date(start + i * 86_400_000).toISOString(),
    });
  }
  return product;
}

const texts = (page: { reviews: Array<{ description: string }> }) =>
  page.reviews.map((review) => review.description);
const numbers = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => `Review number ${from - i}`);

describe("listProductReviews", () => {
  it("pages 25 reviews 10, 10, 5, newest first, and back again, one Query a page", async () => {
    const test = await createTestContext();
    const product = await productWithReviews(test, "many-reviews", 25);

    test.resetTableCalls();
    const first = await listProductReviews(test.ctx, product.id);
    expect(texts(first)).toEqual(numbers(24, 15));
    expect(first.previousCursor).toBeNull();
    expect(first.nextCursor).toEqual(expect.any(String));

    const second = await listProductReviews(test.ctx, product.id, { cursor: first.nextCursor });
    expect(texts(second)).toEqual(numbers(14, 5));

    const third = await listProductReviews(test.ctx, product.id, { cursor: second.nextCursor });
    expect(texts(third)).toEqual(numbers(4, 0));
    expect(third.nextCursor).toBeNull();
    expect(test.tableCalls()).toBe(3);

    // Previous from the last page gives the second page, and from there the first.
    const back = await listProductReviews(test.ctx, product.id, { cursor: third.previousCursor });
    expect(texts(back)).toEqual(numbers(14, 5));
    expect(back.nextCursor).toEqual(expect.any(String));
    const front = await listProductReviews(test.ctx, product.id, { cursor: back.previousCursor });
    expect(texts(front)).toEqual(numbers(24, 15));
    expect(front.previousCursor).toBeNull();
    expect(first.reviews[0]).toMatchObject({
      authorFirstName: "Reviewer",
      authorLastName: "Number24",
      rating: 5,
    });
    // The links of a shared page carry no author's account id, readable or encoded.
    for (const cursor of [first.nextCursor, second.nextCursor, back.previousCursor]) {
      const bytes = Buffer.from(cursor ?? "", "base64url").toString("latin1");
      expect(bytes).not.toMatch(/user-\d\d|REVIEW#/);
    }
  });

  it("has no next page when the reviews fill exactly one page", async () => {
    const test = await createTestContext();
    const product = await productWithReviews(test, "ten-reviews", 10);
    const page = await listProductReviews(test.ctx, product.id);
    expect(page.reviews).toHaveLength(10);
    expect(page.nextCursor).toBeNull();
    expect(page.previousCursor).toBeNull();
  });

  it("answers a forged, malformed or foreign cursor with the first page", async () => {
    const test = await createTestContext();
    const product = await productWithReviews(test, "target", 12);
    const other = await productWithReviews(test, "other", 12);
    const otherSecond = (await listProductReviews(test.ctx, other.id)).nextCursor;

    const forged = [
      "not-base64!",
      "x".repeat(5000),
      Buffer.from("{").toString("base64url"),
      Buffer.from(JSON.stringify({ d: "n", k: ["PRODUCT", "x"] })).toString("base64url"),
      Buffer.from(JSON.stringify({ d: "n", k: { pk: "USER#1", sk: "PROFILE" } })).toString(
        "base64url",
      ),
      Buffer.from(JSON.stringify({ d: "z", k: ["REVIEW#u", "2026#u"] })).toString("base64url"),
      // A well-formed key of a review that does not exist: still the product's own partition.
      Buffer.from(JSON.stringify({ d: "n", k: ["REVIEW#ghost", "9999#ghost"] })).toString(
        "base64url",
      ),
    ];
    for (const cursor of forged) {
      const page = await listProductReviews(test.ctx, product.id, { cursor });
      expect(texts(page)).toEqual(numbers(11, 2));
    }
    // Another product's cursor never shows that product's reviews here.
    const foreign = await listProductReviews(test.ctx, product.id, { cursor: otherSecond });
    expect(foreign.reviews.every((review) => review.productId === product.id)).toBe(true);
  });
});

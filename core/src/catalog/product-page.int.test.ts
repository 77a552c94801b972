// The product page's data from the read model: one round trip when warm, and never an old
// product or an old first page of reviews after a change.
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { unitsOfEach } from "../inventory/stock.ts";
import { deleteReview, writeReview } from "../reviews/reviews.server.ts";
import { deleteProduct } from "./product-deletion.server.ts";
import { getProductPage } from "./product-page.server.ts";
import { createProduct, updateProduct } from "./product-saves.server.ts";
import { settleCatalog } from "./test-fixtures.ts";

const shirt = (slug: string, priceCents = 2500) => ({
  slug,
  name: `Shirt ${slug}`,
  category: "Men" as const,
  priceCents,
  description: "A shirt.",
  sizes: ["S", "M"] as ["S", "M"],
  stock: unitsOfEach(["S", "M"], 50),
  images: [{ key: `products/${slug}/1.svg`, alt: "Front" }],
});

const review = (productId: string, userId: string, n: number) => ({
  productId,
  userId,
  authorFirstName: "Ana",
  authorLastName: "G",
  rating: 4 as const,
  description: `Review ${n}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
});

describe("getProductPage", () => {
  it("costs one round trip once warm (two for a later page of reviews)", async () => {
    const test = await createTestContext();
    const product = await createProduct(test.ctx, shirt("warm-shirt"));
    for (let n = 0; n < 12; n++) await writeReview(test.ctx, review(product.id, `u${n}`, n));
    await settleCatalog(test.ctx);
    const first = await getProductPage(test.ctx, "warm-shirt"); // loads the read model
    expect(first?.reviewPage.reviews.map((r) => r.description)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Review ${11 - i}`),
    );

    test.resetTableCalls();
    const again = await getProductPage(test.ctx, "warm-shirt");
    expect(test.tableCalls()).toBe(1);
    expect(again).toEqual(first);

    test.resetTableCalls();
    const second = await getProductPage(test.ctx, "warm-shirt", {
      reviewsCursor: first?.reviewPage.nextCursor,
    });
    expect(test.tableCalls()).toBe(2);
    expect(second?.reviewPage.reviews.map((r) => r.description)).toEqual(["Review 1", "Review 0"]);
  });

  it("shows a review written or deleted at once, even with the first page remembered", async () => {
    const test = await createTestContext();
    const product = await createProduct(test.ctx, shirt("reviewed-shirt"));
    await writeReview(test.ctx, review(product.id, "u1", 1));
    await settleCatalog(test.ctx);
    await getProductPage(test.ctx, "reviewed-shirt");
    expect((await getProductPage(test.ctx, "reviewed-shirt"))?.reviewPage.reviews).toHaveLength(1);

    await writeReview(test.ctx, review(product.id, "u2", 2));
    const written = await getProductPage(test.ctx, "reviewed-shirt");
    expect(written?.reviewPage.reviews.map((r) => r.userId)).toEqual(["u2", "u1"]);
    expect(written?.product.ratingCounts).toEqual([0, 0, 0, 2, 0]);

    await settleCatalog(test.ctx);
    await getProductPage(test.ctx, "reviewed-shirt"); // remembered again for this version
    await deleteReview(test.ctx, { id: "u1", isAdmin: false }, product.id, "u1");
    const deleted = await getProductPage(test.ctx, "reviewed-shirt");
    expect(deleted?.reviewPage.reviews.map((r) => r.userId)).toEqual(["u2"]);
  });

  it("follows edits: a new price, a new slug, a deleted product", async () => {
    const test = await createTestContext();
    const product = await createProduct(test.ctx, shirt("old-name"));
    await settleCatalog(test.ctx);
    expect((await getProductPage(test.ctx, "old-name"))?.product.priceCents).toBe(2500);

    await updateProduct(test.ctx, product.id, shirt("new-name", 3100));
    expect(await getProductPage(test.ctx, "old-name")).toBeNull();
    expect((await getProductPage(test.ctx, "new-name"))?.product).toMatchObject({
      id: product.id,
      priceCents: 3100,
    });

    await deleteProduct(test.ctx, product.id);
    expect(await getProductPage(test.ctx, "new-name")).toBeNull();
    expect(await getProductPage(test.ctx, "no-such-shirt")).toBeNull();
  });
});

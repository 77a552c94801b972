// The admin's review list: the latest reviews across products, newest first, paged by a cursor
// that is never trusted as a key as-is, with each product's name and slug.
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { createProduct } from "../catalog/product-saves.server.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import { listLatestReviews } from "./latest.server.ts";
import { deleteReview, writeReview } from "./reviews.server.ts";

const newProduct = (ctx: Parameters<typeof createProduct>[0], slug: string, name: string) =>
  createProduct(ctx, {
    slug,
    name,
    category: "Women",
    priceCents: 3000,
    description: "A product.",
    sizes: ["M"],
    stock: unitsOfEach(["M"], 50),
    images: [{ key: `products/${slug}/1.svg`, alt: "Front" }],
  });

describe("latest reviews across products (admin)", () => {
  it("lists newest first, pages with a cursor, names each product, in two reads", async () => {
    const { ctx, tableCalls, resetTableCalls } = await createTestContext();
    const coat = await newProduct(ctx, "latest-coat", "Latest coat");
    const scarf = await newProduct(ctx, "latest-scarf", "Latest scarf");
    for (let i = 0; i < 5; i++) {
      await writeReview(ctx, {
        productId: i % 2 === 0 ? coat.id : scarf.id,
        userId: `user-${i}`,
        authorFirstName: "Rita",
        authorLastName: `R${i}`,
        rating: ((i % 5) + 1) as 1 | 2 | 3 | 4 | 5,
        description: `Review ${i}`,
        createdAt: new Date(Date.UTC(2026, 5, 1 + i)).toISOString(),
      });
    }
    resetTableCalls();
    const first = await listLatestReviews(ctx, { limit: 2 });
    expect(tableCalls()).toBe(2);
    expect(first.reviews.map((r) => r.description)).toEqual(["Review 4", "Review 3"]);
    expect(first.reviews[0]?.product).toEqual({ name: "Latest coat", slug: "latest-coat" });
    expect(first.reviews[1]?.product).toEqual({ name: "Latest scarf", slug: "latest-scarf" });
    expect(first.reviews[0]).toMatchObject({ authorFirstName: "Rita", rating: 5 });

    const second = await listLatestReviews(ctx, { limit: 2, cursor: first.nextCursor });
    expect(second.reviews.map((r) => r.description)).toEqual(["Review 2", "Review 1"]);
    const third = await listLatestReviews(ctx, { limit: 2, cursor: second.nextCursor });
    expect(third.reviews.map((r) => r.description)).toEqual(["Review 0"]);
    expect(third.nextCursor).toBeNull();

    // A deleted review leaves the list.
    await deleteReview(ctx, { id: "admin", isAdmin: true }, coat.id, "user-4");
    const after = await listLatestReviews(ctx, { limit: 2 });
    expect(after.reviews.map((r) => r.description)).toEqual(["Review 3", "Review 2"]);
  });

  it("gives the first page for a forged or malformed cursor", async () => {
    const { ctx } = await createTestContext();
    const coat = await newProduct(ctx, "cursor-coat", "Cursor coat");
    await writeReview(ctx, {
      productId: coat.id,
      userId: "u1",
      authorFirstName: "A",
      authorLastName: "B",
      rating: 3,
      description: "Only one",
      createdAt: "2026-06-01T00:00:00.000Z",
    });
    const forged = [
      "not base64 !",
      Buffer.from("{}").toString("base64url"),
      Buffer.from(JSON.stringify(["", "u", "t"])).toString("base64url"),
      Buffer.from(JSON.stringify([1, 2, 3])).toString("base64url"),
      "A".repeat(5000),
    ];
    for (const cursor of forged) {
      const page = await listLatestReviews(ctx, { cursor });
      expect(page.reviews.map((r) => r.description)).toEqual(["Only one"]);
    }
    expect((await listLatestReviews(ctx, { limit: 0 })).reviews).toHaveLength(1);
  });
});

// The product page's forms (product-page.server.ts) against the local cloud: a slug that is no
// product's answers 404, a review needs a session and a paid order of the product,
// a form the schema refuses is answered on its field and stores nothing, and the author comes from
// the session, never from the form.
import type { Product } from "@shop/core/server/catalog";
import { listProductReviews } from "@shop/core/server/reviews";
import type { TestContext } from "@shop/local-cloud/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { productPageAction } from "./product-page.server.ts";
import {
  actionArgs,
  actionShop,
  answerOf,
  type Customer,
  paidOrder,
  thrownBy,
} from "./requests.test-support.ts";

let test: TestContext;
let shirt: Product;
let buyer: Customer;
let browser: Customer;

beforeAll(async () => {
  const shop = await actionShop({ slug: "linen-shirt", priceCents: 3000 }, [
    "buyer@example.com",
    "browser@example.com",
  ]);
  ({ test, shirt } = shop);
  [buyer, browser] = shop.customers;
  // The buyer's paid order of the shirt, so that they may review it.
  await paidOrder(test.ctx, buyer, shirt);
});

const onShirt = (fields: Record<string, string>, cookie?: string, slug = shirt.slug) =>
  productPageAction(actionArgs(`/product/${slug}`, fields, { cookie, params: { slug } }));
const reviews = async () => (await listProductReviews(test.ctx, shirt.id)).reviews;

describe("productPageAction", () => {
  it("answers 404 for a slug that cannot be a product, and for one that is no product", async () => {
    for (const slug of ["../admin", "Linen-Shirt", "a".repeat(201), "no-such-shirt"]) {
      const thrown = await thrownBy(onShirt({ intent: "add-review" }, buyer.cookie, slug));
      expect(answerOf(thrown).status, slug).toBe(404);
    }
  });

  it("sends a visitor who writes a review to sign in", async () => {
    const thrown = await thrownBy(
      onShirt({ intent: "add-review", rating: "5", description: "Good" }),
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/auth\/sign-in\?/);
    expect(await reviews()).toEqual([]);
  });

  it("refuses a rating or description the schema refuses, on its field, and stores nothing", async () => {
    const answer = answerOf(
      await onShirt({ intent: "add-review", rating: "6", description: "" }, buyer.cookie),
    );
    expect(answer.status).toBe(400);
    const errors = (answer.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(Object.keys(errors).sort()).toEqual(["description", "rating"]);
    expect(await reviews()).toEqual([]);
  });

  it("refuses a review from a customer without a paid order of the product", async () => {
    const answer = answerOf(
      await onShirt(
        { intent: "add-review", rating: "4", description: "Looks nice" },
        browser.cookie,
      ),
    );
    expect(answer.status).toBe(403);
    expect(await reviews()).toEqual([]);
  });

  it("adds the buyer's review under the session's name, whatever the form says of its author", async () => {
    const answer = await onShirt(
      { intent: "add-review", rating: "5", description: "Soft and cool", author: browser.user.id },
      buyer.cookie,
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(`/product/${shirt.slug}#reviews`);
    expect(await reviews()).toEqual([
      expect.objectContaining({ userId: buyer.user.id, rating: 5, description: "Soft and cool" }),
    ]);
  });

  it("refuses an author that cannot be one, an unknown intent, and another's review", async () => {
    for (const author of ["", "x".repeat(101)]) {
      const thrown = await thrownBy(onShirt({ intent: "delete-review", author }, buyer.cookie));
      expect(answerOf(thrown).status).toBe(400);
    }
    const unknown = await thrownBy(onShirt({ intent: "rate-seller" }, buyer.cookie));
    expect(answerOf(unknown).status).toBe(400);
    // Someone else's review: a toast saying so, and the review stays.
    const other = await onShirt({ intent: "delete-review", author: buyer.user.id }, browser.cookie);
    expect(other).toBeInstanceOf(Response);
    expect(await reviews()).toHaveLength(1);
  });
});

// Admin reviews (docs/product.md §6: admins may delete any review; §8 "Review deleted successfully"): the
// latest reviews across products with product, author, stars, date and text (as text), delete
// behind a confirmation, gone from the admin list and from the product page. And the guards:
// signed out or a customer, the loader and the action refuse and the review stays.
import { unitsOfEach } from "@shop/core/inventory";
import { createProduct, type Product } from "@shop/core/server/catalog";
import { listProductReviews, writeReview } from "@shop/core/server/reviews";
import { expect, test } from "../support/fixtures";
import { expectFitsPhone, serious } from "../support/pages";
import { shopContext } from "../support/shop";

let seq = 0;
const tag = (project: string) =>
  `${project}-${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 6)}`;
const clientAddress = () => ({ "cloudfront-viewer-address": `203.0.113.${Date.now()}-${seq++}` });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(clientAddress());
});

/** A new product with one review, written through core as the product page does. */
async function reviewedProduct(project: string) {
  const t = tag(project);
  const product: Product = await createProduct(shopContext(), {
    slug: `admin-review-coat-${t}`,
    name: `Admin Review Coat ${t}`,
    category: "Women",
    priceCents: 12000,
    description: "A coat with a review.",
    sizes: ["M"],
    stock: unitsOfEach(["M"], 50),
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: "Front view" }],
  });
  const text = `Too <b>warm</b> for me ${t}`;
  await writeReview(shopContext(), {
    productId: product.id,
    userId: `reviewer-${t}`,
    authorFirstName: "Rosa",
    authorLastName: `Reviewer${seq}`,
    rating: 2,
    description: text,
    createdAt: new Date().toISOString(),
  });
  return { product, text, author: `Rosa Reviewer${seq}`, userId: `reviewer-${t}` };
}

test("an admin sees the latest review and deletes it with confirmation; it leaves the product page", async ({
  adminPage: page,
}, info) => {
  const { product, text, author } = await reviewedProduct(info.project.name);
  await page.goto("/admin/reviews");
  const item = page.getByTestId("admin-review").filter({ hasText: text });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("link", { name: product.name })).toHaveAttribute(
    "href",
    `/product/${product.slug}`,
  );
  await expect(item.getByText(author, { exact: true })).toBeVisible();
  await expect(item.getByText("Rated 2 out of 5 stars")).toBeAttached();
  await expect(item.getByText(text)).toBeVisible();
  await expect(item.locator("b")).toHaveCount(0);
  expect(await serious(page)).toEqual([]);
  await expectFitsPhone(page);

  // Delete asks first; Cancel keeps it.
  await item.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete the review by ${author}?` });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toHaveCount(1);
  await item.getByRole("button", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Review deleted successfully")).toBeVisible();
  await expect(item).toHaveCount(0);

  await page.goto(`/product/${product.slug}`);
  await expect(page.locator("#reviews")).toContainText("There are no reviews of this product yet");
  await expect(page.getByText(text)).toHaveCount(0);
  expect((await listProductReviews(shopContext(), product.id)).reviews).toEqual([]);
});

test("signed out or as a customer, the reviews loader and action refuse and the review stays", async ({
  playwright,
  customerRequest: request,
}, info) => {
  const { product, userId } = await reviewedProduct(info.project.name);
  const signedOut = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  for (const [who, client, reason] of [
    ["signed out", signedOut, "expired"],
    ["customer", request, "forbidden"],
  ] as const) {
    const page = await client.get("/admin/reviews", { maxRedirects: 0 });
    expect(page.status(), who).toBe(302);
    expect(page.headers().location, who).toMatch(
      new RegExp(`^/auth/sign-in\\?redirectTo=%2Fadmin%2Freviews&reason=${reason}$`),
    );
    const res = await client.post("/admin/reviews", {
      form: { intent: "delete", productId: product.id, userId },
      maxRedirects: 0,
    });
    expect(res.status(), who).toBe(302);
    expect(res.headers().location).toMatch(/^\/auth\/sign-in\?/);
  }
  expect((await listProductReviews(shopContext(), product.id)).reviews).toHaveLength(1);
  await signedOut.dispose();
});

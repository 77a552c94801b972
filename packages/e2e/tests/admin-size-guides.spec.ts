// The admin's size guides (docs/product.md §10 "Size guides"): a scale's measurements edited in
// centimetres, a wrong field refused with its message (nothing saved), a saved one shown by the
// product pages' guide; and a product's fit on its admin page. One-size products only, so the
// other specs' guides keep their defaults.
import { createProduct } from "@shop/core/server/catalog";
import { writeReview } from "@shop/core/server/reviews";
import { expect, test } from "../support/fixtures";
import { serious } from "../support/pages";
import { shopContext } from "../support/shop";

let seq = 0;
const tag = () => `${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 6)}`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    "cloudfront-viewer-address": `203.0.113.${Date.now()}-${seq++}`,
  });
});

test("the admin edits the one-size guide, a wrong field refused, and sees a product's fit", async ({
  adminPage: page,
}) => {
  const t = tag();
  const product = await createProduct(shopContext(), {
    slug: `guide-scarf-${t}`,
    name: `Guide Scarf ${t}`,
    category: "Women",
    priceCents: 3000,
    description: "A scarf.",
    sizeScale: "one-size",
    sizes: ["OS"],
    stock: { OS: 10 },
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: "Front view" }],
  });
  await writeReview(shopContext(), {
    productId: product.id,
    userId: `guide-reviewer-${t}`,
    authorFirstName: "Gia",
    authorLastName: "Guide",
    rating: 5,
    description: "Fits.",
    fit: "true",
    createdAt: new Date().toISOString(),
  });

  await page.goto("/admin/size-guides");
  await page.getByRole("link", { name: "One size" }).click();
  await expect(page).toHaveURL(/scale=one-size/);
  const field = page.getByLabel("One size: Height in cm");
  await expect(field).toHaveValue("155-195");

  const height = 140 + (Date.now() % 10);
  await field.fill(`${height + 40}-${height}`);
  await page.getByRole("button", { name: "Save size guide" }).click();
  const message =
    "Enter centimetres as a number or a range, like 88-96 (from 1 to 300, the smaller first)";
  await expect(page.getByRole("alert")).toContainText("Some measurements are not valid");
  await expect(page.getByText(message)).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  expect(await serious(page)).toEqual([]);

  await field.fill(`${height}–${height + 40}`);
  await page.getByRole("button", { name: "Save size guide" }).click();
  await expect(page.getByText("Size guide saved: One size")).toBeVisible();
  await expect(page.getByLabel("One size: Height in cm")).toHaveValue(`${height}-${height + 40}`);

  // The product's guide (a page never asked for before) shows it.
  await page.goto(`/product/${product.slug}/size-guide`);
  await expect(page.getByRole("table").getByRole("cell")).toHaveText(`${height}–${height + 40} cm`);

  // The product's admin page: its fit answers, counted from the stream.
  await expect(async () => {
    await page.goto(`/admin/products/${product.id}`);
    await expect(page.getByText("Reviews: true to size")).toBeVisible({ timeout: 1_000 });
    await expect(
      page.locator("#product-fit-title + dl").getByText("1", { exact: true }),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(
    page.getByText("The product page says nothing about the fit until it has 5 answers."),
  ).toBeVisible();
});

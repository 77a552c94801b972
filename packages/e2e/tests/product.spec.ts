// The product page: texts, carousel wrap-around, sizes and add to cart, reviews paging (with and
// without JavaScript), unknown slugs, SEO tags and structured data, and axe.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { unitsOfEach } from "@shop/core/inventory";
import { createProduct, type Product } from "@shop/core/server/catalog";
import { writeReview } from "@shop/core/server/reviews";
import { shopContext } from "../support/shop";

const DESCRIPTION =
  "A waxed cotton parka for wet days. </script><script>window.__pwned = 1</script> Fully lined.";

/** A product of this test's own, with 3 images, 3 sizes and 12 reviews (one a day). */
async function reviewedProduct(project: string): Promise<Product> {
  const ctx = shopContext();
  const tag = `${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const product = await createProduct(ctx, {
    slug: `product-page-parka-${tag}`,
    name: `Product Page Parka ${tag}`,
    category: "Women",
    priceCents: 12_900,
    description: DESCRIPTION,
    sizes: ["S", "M", "L"],
    stock: unitsOfEach(["S", "M", "L"], 50),
    images: [
      { key: "products/organic-cotton-crew-t-shirt/1.svg", alt: "Front view" },
      { key: "products/organic-cotton-crew-t-shirt/2.svg", alt: "Back view" },
      { key: "products/merino-roll-neck-sweater/1.svg", alt: "Detail view" },
    ],
  });
  for (let i = 0; i < 12; i++) {
    await writeReview(ctx, {
      productId: product.id,
      userId: `reviewer-${i}`,
      authorFirstName: `Reviewer${i}`,
      authorLastName: "smith",
      rating: i < 8 ? 5 : 3,
      description: i === 11 ? "<b>Not bold</b> and warm" : `Review text ${i}`,
      createdAt: new Date(Date.UTC(2026, 4, 1 + i)).toISOString(),
    });
  }
  return product;
}

const carouselImage = (page: Page) =>
  page
    .getByRole("region", { name: /^Images of/ })
    .locator("img")
    .first();

test("the product page shows the product, its price, stars and notes", async ({ page }, info) => {
  const product = await reviewedProduct(info.project.name);
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Women" })).toHaveAttribute(
    "href",
    "/product?category=women",
  );
  await expect(page.getByRole("main").getByText("129.00 €").first()).toBeVisible();
  // (8 × 5 + 4 × 3) / 12 = 4.33 → 4 stars.
  await expect(page.getByText("Rated 4 out of 5 stars, 12 reviews").first()).toBeAttached();
  await expect(page.getByText("In stock and ready to ship")).toBeVisible();
  await expect(page.getByText("Lifetime Guarantee", { exact: true })).toBeVisible();
  // The description is text: its markup shows as typed and runs nothing.
  await expect(page.getByText("window.__pwned = 1").first()).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("the carousel wraps around both ways, by buttons and arrow keys", async ({ page }, info) => {
  const product = await reviewedProduct(info.project.name);
  await page.goto(`/product/${product.slug}`);
  const counter = page.getByText(/^Image \d of 3$/);
  await expect(counter).toHaveText("Image 1 of 3");
  await expect(carouselImage(page)).toHaveAttribute("alt", "Front view");

  await page.getByRole("button", { name: "Previous image" }).click();
  await expect(counter).toHaveText("Image 3 of 3");
  await expect(carouselImage(page)).toHaveAttribute("alt", "Detail view");

  await page.getByRole("button", { name: "Next image" }).click();
  await expect(counter).toHaveText("Image 1 of 3");
  await page.getByRole("button", { name: "Next image" }).click();
  await page.getByRole("button", { name: "Next image" }).click();
  await expect(carouselImage(page)).toHaveAttribute("alt", "Detail view");
  await page.getByRole("button", { name: "Next image" }).click();
  await expect(counter).toHaveText("Image 1 of 3");

  // Arrow keys while a carousel control has the focus.
  await page.getByRole("button", { name: "Next image" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText("Image 3 of 3");
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText("Image 1 of 3");
});

test("choosing a size and adding to cart twice makes one line of 2", async ({ page }, info) => {
  const product = await reviewedProduct(info.project.name);
  await page.goto(`/product/${product.slug}`);
  const sizes = page.getByRole("group", { name: "Size" });
  await expect(sizes.getByRole("radio")).toHaveCount(3);
  await expect(sizes.getByRole("radio", { name: "Small" })).toBeChecked();

  await sizes.locator("label").filter({ hasText: "Medium" }).click();
  await expect(sizes.getByRole("radio", { name: "Medium" })).toBeChecked();
  const add = page.getByRole("button", { name: "Add to cart" });
  await add.click();
  const toast = page.getByRole("status").filter({ hasText: "Added to cart" });
  await expect(toast.first()).toContainText(`${product.name} (size M)`);
  await add.click();

  await expect
    .poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "[]")))
    .toEqual([expect.objectContaining({ productId: product.id, size: "M", quantity: 2 })]);
});

test("reviews: distribution, 10 a page newest first, previous and next", async ({ page }, info) => {
  const product = await reviewedProduct(info.project.name);
  await page.goto(`/product/${product.slug}`);
  const reviews = page.locator("#reviews");
  await expect(reviews.getByText("Based on 12 reviews")).toBeVisible();
  const distribution = reviews.locator("dl > div");
  await expect(distribution).toHaveText([
    /5 stars\s*8/,
    /4 stars\s*0/,
    /3 stars\s*4/,
    /2 stars\s*0/,
    /1 star\s*0/,
  ]);

  const list = reviews.getByRole("article");
  await expect(list).toHaveCount(10);
  await expect(list.first()).toContainText("Reviewer11 S.");
  await expect(list.first()).toContainText("12 May 2026");
  // Review text is text, never HTML.
  await expect(list.first()).toContainText("<b>Not bold</b> and warm");
  await expect(list.first().locator("b")).toHaveCount(0);

  await reviews.getByRole("link", { name: "Next reviews" }).click();
  await expect(list).toHaveCount(2);
  await expect(list.first()).toContainText("Reviewer1 S.");
  await expect(list.last()).toContainText("Reviewer0 S.");
  await expect(reviews.getByText("Next reviews")).toHaveAttribute("aria-disabled", "true");

  await reviews.getByRole("link", { name: "Previous reviews" }).click();
  await expect(list).toHaveCount(10);
  await expect(list.first()).toContainText("Reviewer11 S.");
});

test("reviews page 2 works without JavaScript", async ({ browser }, info) => {
  const product = await reviewedProduct(info.project.name);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  await page.getByRole("link", { name: "Next reviews" }).click();
  await expect(page).toHaveURL(/[?&]reviews=/);
  await expect(page.locator("#reviews").getByRole("article")).toHaveCount(2);
  await expect(page.locator("#reviews")).toContainText("Reviewer0 S.");
  await context.close();
});

test("a forged reviews cursor shows the first page", async ({ page }, info) => {
  const product = await reviewedProduct(info.project.name);
  const response = await page.goto(`/product/${product.slug}?reviews=eyJkIjoibiIsImsiOjF9`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("#reviews").getByRole("article").first()).toContainText(
    "Reviewer11 S.",
  );
});

test("an unknown product slug redirects to the home", async ({ page }) => {
  await page.goto("/product/no-such-product-here");
  await expect(page).toHaveURL(/\/product$/);
  await page.goto("/product/Not%20A%20Slug%3Cx%3E");
  await expect(page).toHaveURL(/\/product$/);
});

test("title, description, canonical URL, Open Graph and Product data", async ({ page }, info) => {
  const product = await reviewedProduct(info.project.name);
  await page.goto(`/product/${product.slug}`);
  await expect(page).toHaveTitle(`${product.name} | Threadline`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /^A waxed cotton parka/,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`^https?://[^/]+/product/${product.slug}$`),
  );
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", product.name);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /organic-cotton-crew-t-shirt\/1\.svg$/,
  );

  const raw = await page.locator('script[type="application/ld+json"]').textContent();
  expect(raw).not.toContain("</script>");
  const data = JSON.parse(raw ?? "{}");
  expect(data).toMatchObject({
    "@type": "ProductGroup",
    name: product.name,
    description: DESCRIPTION,
    productGroupID: product.id,
    aggregateRating: { ratingValue: 4.33, reviewCount: 12 },
  });
  expect(data.image).toHaveLength(3);
  // A Product per variant (its photos name no colour: one colourway, its colour unsaid).
  expect(data.hasVariant).toHaveLength(3);
  expect(data.hasVariant[1]).toMatchObject({
    "@type": "Product",
    sku: product.variants[1]?.sku,
    size: "Medium",
    offers: { price: "129.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
  });
});

test("axe finds no serious or critical violation on the product page", async ({
  browser,
}, info) => {
  const product = await reviewedProduct(info.project.name);
  const context = await browser.newContext(
    info.project.name === "mobile"
      ? { viewport: { width: 412, height: 839 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious).toEqual([]);
  await context.close();
});

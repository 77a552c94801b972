// The pipe from browser to table: the home redirects to the catalogue, which lists the seeded
// products with their images from the local S3, inside the layout shell.
import { expect, test } from "@playwright/test";

test("the home redirects to the catalogue listing seeded products", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/product$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome to");
  await expect(page.getByText("Discover our wide selection of products")).toBeVisible();
  await expect(page.getByText("Get free delivery on orders over 100 €")).toBeVisible();

  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(12);
  // A card's first link is its product's name; a product in several colours adds a swatch link
  // per colour after it.
  await expect(cards.first().getByRole("link").first()).toHaveAttribute(
    "href",
    /^\/product\/[a-z0-9-]+$/,
  );
  // Every image of the first row is really served (by the local S3), not a broken link.
  const loaded = await page
    .locator("main img")
    .evaluateAll((imgs) => imgs.slice(0, 4).map((img) => (img as HTMLImageElement).naturalWidth));
  expect(loaded.every((w) => w > 0)).toBe(true);
  await expect(page.locator("footer")).toContainText(String(new Date().getFullYear()));
});

test("an unknown path redirects to the catalogue", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/product$/);
});

test("pages of the catalogue are real links that work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/product");
  await page
    .getByRole("navigation", { name: /pagination/i })
    .getByRole("link", { name: "Page 2", exact: true })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.locator("main img").first()).toBeVisible();
  await context.close();
});

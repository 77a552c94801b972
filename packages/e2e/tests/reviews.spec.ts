// Reviews: "Write a review" only after a paid order, the add-review modal (stars by click and
// keyboard, hover, 1000 characters, Escape), the figures, deleting (own, admin), paging, and
// review text shown as text.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { unitsOfEach } from "@shop/core/inventory";
import { createProduct, type Product } from "@shop/core/server/catalog";
import { mayReview, writeReview } from "@shop/core/server/reviews";
import { expect, test } from "../support/fixtures";
import { orderOf } from "../support/orders";
import { shopContext } from "../support/shop";

let seq = 0;
const tag = (project: string) =>
  `${project}-${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 6)}`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    "cloudfront-viewer-address": `203.0.113.${Date.now()}-${seq++}`,
  });
});

async function newProduct(project: string): Promise<Product> {
  const t = tag(project);
  return createProduct(shopContext(), {
    slug: `review-jacket-${t}`,
    name: `Review Jacket ${t}`,
    category: "Men",
    priceCents: 8900,
    description: "A jacket to review.",
    sizes: ["S", "M"],
    stock: unitsOfEach(["S", "M"], 50),
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: "Front view" }],
  });
}

async function review(product: Product, i: number, rating: 1 | 2 | 3 | 4 | 5, text: string) {
  await writeReview(shopContext(), {
    productId: product.id,
    userId: `other-reviewer-${i}`,
    authorFirstName: "Olga",
    authorLastName: `Other${i}`,
    rating,
    description: text,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
  });
}

// The `customer` fixture: a new customer, signed in on `page`.
test.use({ customerProfile: { firstName: "Uma", lastName: "user", address: null } });

/** A paid order containing the product, through core as the checkout does it. */
async function buy(userId: string, email: string, product: Product) {
  await orderOf({ id: userId, email }, [{ productId: product.id, size: "M", quantity: 1 }]);
  await expect.poll(() => mayReview(shopContext(), userId, product.id)).toBe(true);
}

const reviews = (page: Page) => page.locator("#reviews").getByRole("article");
const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
    ["serious", "critical"].includes(v.impact ?? ""),
  );

test("a buyer writes one review (stars by click and keyboard, 1000 characters, Escape) and deletes it", async ({
  page,
  customer: { user },
}, info) => {
  // A whole journey (write, refuse a second, delete): over 30 s on a busy two-core machine.
  test.slow();
  const product = await newProduct(info.project.name);
  await review(product, 1, 5, "Great fit");
  const section = page.locator("#reviews");
  const write = section.getByRole("link", { name: "Write a review" });

  // No paid order: no "Write a review".
  await page.goto(`/product/${product.slug}`);
  await expect(section.getByText("Based on 1 review")).toBeVisible();
  await expect(write).toHaveCount(0);

  await buy(user.id, user.email, product);
  await page.reload();
  await expect(write).toBeVisible();

  // Escape closes the modal.
  await write.click();
  const dialog = page.getByRole("dialog", { name: "Write a review" });
  await expect(dialog).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await write.click();
  await expect(dialog).toBeVisible();
  const filled = dialog.locator('svg[data-filled="true"]');
  // Hover highlights; a click chooses; the arrow keys change the choice.
  if (info.project.name === "desktop") {
    await dialog.locator("label").filter({ hasText: "2 stars" }).hover();
    await expect(filled).toHaveCount(2);
  }
  await dialog.locator("label").filter({ hasText: "5 stars" }).click();
  await expect(dialog.getByRole("radio", { name: "5 stars" })).toBeChecked();
  await page.mouse.move(0, 0);
  await expect(filled).toHaveCount(5);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.getByRole("radio", { name: "3 stars" })).toBeChecked();
  await expect(filled).toHaveCount(3);

  // At most 1000 characters, with a counter.
  const description = dialog.getByLabel("Description");
  await description.fill("x".repeat(1001));
  await expect(description).toHaveValue("x".repeat(1000));
  await expect(dialog.getByText("1000/1000")).toBeVisible();
  const text = "Warm and <script>window.__pwned = 1</script> <b>dry</b>";
  await description.fill(text);
  await dialog.getByRole("button", { name: "Add review" }).click();

  await expect(page.getByText("Review added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(reviews(page)).toHaveCount(2);
  // Newest first, first name and last initial, the date, the text as text.
  const mine = reviews(page).first();
  await expect(mine).toHaveAccessibleName("Review by Uma U.");
  await expect(mine.getByText(text, { exact: true })).toBeVisible();
  await expect(mine.locator("time")).toHaveAttribute("datetime", /^\d{4}-/);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(mine.locator("b, script")).toHaveCount(0);
  // The figures: (5 + 3) / 2 = 4 stars, 2 reviews, one each at 5 and 3.
  await expect(section.getByText("Based on 2 reviews")).toBeVisible();
  await expect(section.getByText("Rated 4 out of 5 stars, 2 reviews")).toBeAttached();
  const bar = (stars: string) => section.locator("dl > div").filter({ hasText: stars });
  await expect(bar("5 stars").locator("dd")).toHaveText("1");
  await expect(bar("3 stars").locator("dd")).toHaveText("1");
  await expect(bar("4 stars").locator("dd")).toHaveText("0");

  // Once reviewed: no "Write a review", and the server refuses a second one with its message.
  await expect(write).toHaveCount(0);
  await page.goto(`/product/${product.slug}?write-review=1`);
  await dialog.locator("label").filter({ hasText: "4 stars" }).click();
  await dialog.getByLabel("Description").fill("Second opinion");
  await dialog.getByRole("button", { name: "Add review" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("You have already reviewed this product");
  await page.keyboard.press("Escape");
  await expect(reviews(page)).toHaveCount(2);

  // Others' reviews have no Delete for a customer; their own has.
  await expect(section.getByRole("button", { name: "Delete review by Olga O." })).toHaveCount(0);
  await section.getByRole("button", { name: "Delete review by Uma U." }).click();
  await expect(page.getByText("Review deleted successfully")).toBeVisible();
  await expect(reviews(page)).toHaveCount(1);
  await expect(section.getByText("Based on 1 review")).toBeVisible();
  await expect(bar("3 stars").locator("dd")).toHaveText("0");
});

test("an admin deletes another customer's review", async ({ adminPage: page }, info) => {
  const product = await newProduct(info.project.name);
  await review(product, 1, 2, "Too short for me");
  await review(product, 2, 4, "Nice colour");
  await page.goto(`/product/${product.slug}`);
  const section = page.locator("#reviews");
  await expect(reviews(page)).toHaveCount(2);
  await section.getByRole("button", { name: "Delete review by Olga O." }).first().click();
  await expect(page.getByText("Review deleted successfully")).toBeVisible();
  await expect(reviews(page)).toHaveCount(1);
  await expect(reviews(page).getByText("Too short for me")).toBeVisible();
  await expect(section.getByText("Based on 1 review")).toBeVisible();
});

test("25 reviews page 10, 10, 5, newest first", async ({ page }, info) => {
  const product = await newProduct(info.project.name);
  for (let i = 0; i < 25; i++) await review(product, i, 4, `Review number ${i}`);
  await page.goto(`/product/${product.slug}`);
  const section = page.locator("#reviews");
  await expect(reviews(page)).toHaveCount(10);
  await expect(reviews(page).first()).toContainText("Review number 24");
  await section.getByRole("link", { name: "Next reviews" }).click();
  await expect(reviews(page).first()).toContainText("Review number 14");
  await expect(reviews(page)).toHaveCount(10);
  await section.getByRole("link", { name: "Next reviews" }).click();
  await expect(reviews(page).first()).toContainText("Review number 4");
  await expect(reviews(page)).toHaveCount(5);
  await expect(section.getByRole("link", { name: "Next reviews" })).toHaveCount(0);
});

test("a review's author shows as first name and initial; the page never carries the last name", async ({
  page,
}, info) => {
  const product = await newProduct(info.project.name);
  await review(product, 7, 5, "Warm and soft");
  const html = await (await page.request.get(`/product/${product.slug}`)).text();
  await page.goto(`/product/${product.slug}`);
  await expect(reviews(page).first()).toHaveAccessibleName("Review by Olga O.");
  // Neither the markup nor the hydration data (also read by a shared cache) names "Other7".
  expect(html).toContain("Warm and soft");
  expect(html).not.toContain("Other7");
});

// The reviews and "may this visitor review" are deferred data (web/app/lib/product-page-loader.server.ts):
// a signed-in visitor's client navigation shows the page first and streams them in; a document
// waits for them, so the page is whole without JavaScript; the page every anonymous visitor
// shares has them in its (cached) document and never a visitor's "Write a review".
test("a buyer's next page of reviews comes as deferred data, with Write a review kept", async ({
  page,
  customer: { user },
}, info) => {
  const product = await newProduct(info.project.name);
  for (let i = 0; i < 11; i++) await review(product, i, 4, `Review number ${i}`);
  await buy(user.id, user.email, product);
  await page.goto(`/product/${product.slug}`);
  const section = page.locator("#reviews");
  await expect(reviews(page)).toHaveCount(10);
  await expect(section.getByRole("link", { name: "Write a review" })).toBeVisible();
  // A client navigation: the route's data request, with the reviews streamed after the page's.
  const data = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(".data"));
  await section.getByRole("link", { name: "Next reviews" }).click();
  expect((await data).status()).toBe(200);
  await expect(reviews(page)).toHaveCount(1);
  await expect(reviews(page).first()).toContainText("Review number 0");
  await expect(section.getByRole("link", { name: "Write a review" })).toBeVisible();
  await expect(section.getByTestId("reviews-pending")).toHaveCount(0);
});

test("the shared page has the reviews in its document and no visitor's Write a review", async ({
  page,
  customer: { user },
}, info) => {
  const product = await newProduct(info.project.name);
  await review(product, 3, 5, "Deferred but cached");
  await buy(user.id, user.email, product);
  // Anonymous: a page a shared cache keeps, its reviews in the document itself.
  const anonymous = await page.request.get(`/product/${product.slug}`, {
    headers: { Cookie: "" },
  });
  expect(anonymous.headers()["cache-control"]).toContain("s-maxage");
  const html = await anonymous.text();
  expect(html).toContain("Deferred but cached");
  expect(html).not.toContain("Write a review");
  expect(html).not.toContain("Loading the reviews");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a buyer's product page has the reviews and Write a review in its document", async ({
    page,
    customer: { user },
  }, info) => {
    const product = await newProduct(info.project.name);
    await review(product, 2, 3, "Seen without scripts");
    await buy(user.id, user.email, product);
    await page.goto(`/product/${product.slug}`);
    const section = page.locator("#reviews");
    await expect(reviews(page).first()).toContainText("Seen without scripts");
    await expect(section.getByRole("link", { name: "Write a review" })).toBeVisible();
    await expect(section.getByTestId("reviews-pending")).toHaveCount(0);
    // The modal opens by URL, and the review is sent as a plain form.
    await section.getByRole("link", { name: "Write a review" }).click();
    await expect(page.getByRole("dialog", { name: "Write a review" })).toBeVisible();
  });
});

// Stock on the storefront and in the admin area (docs/product.md §9 "Stock", §2 "Product page",
// §10 "Low stock"), desktop and mobile: sold-out sizes shown but not choosable, "Only N left",
// "Out of stock", the structured data's availability, "Notify me" and its one e-mail when the
// size is back, a cart line over the stock refused before confirming, "In stock only", and the
// admin's low-stock list.
import type { Page } from "@playwright/test";
import type { SizeTag } from "@shop/core/catalog";
import { createProduct } from "@shop/core/server/catalog";
import { saveStock } from "@shop/core/server/inventory";
import { openCheckout } from "../support/checkout";
import { expect, test } from "../support/fixtures";
import { shopContext, waitForMail } from "../support/shop";

let seq = 0;

async function productWith(project: string, what: string, stock: Record<SizeTag, number>) {
  const token = `${project}${Date.now()}${seq++}`;
  const name = `${what} ${token}`;
  const sizes = Object.keys(stock) as SizeTag[];
  const product = await createProduct(shopContext(), {
    slug: `${what.toLowerCase().replaceAll(" ", "-")}-${token}`,
    name,
    category: "Women",
    priceCents: 3900,
    description: "For the stock tests.",
    sizes,
    stock,
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: name }],
  });
  return { ...product, token };
}

/** The best availability among the structured data's variants (a ProductGroup's offers). */
const offer = async (page: Page) => {
  const group = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  ) as { hasVariant?: Array<{ offers: { availability: string } }> };
  const all = (group.hasVariant ?? []).map((variant) => variant.offers.availability);
  return (
    ["InStock", "LimitedAvailability"]
      .map((state) => `https://schema.org/${state}`)
      .find((state) => all.includes(state)) ?? "https://schema.org/OutOfStock"
  );
};

test("sizes show what is left; a sold-out size can be asked for, and its one e-mail comes when it is back", async ({
  page,
}, info) => {
  const product = await productWith(info.project.name, "Stock Dress", { S: 0, M: 2, L: 20 });
  await page.goto(`/product/${product.slug}`);
  const small = page.getByRole("radio", { name: /Small/ });
  await expect(small).toBeDisabled();
  await expect(small).toHaveAccessibleName(/out of stock/);
  // The first size in stock is chosen: M, with 2 left.
  await expect(page.getByRole("radio", { name: /Medium/ })).toBeChecked();
  await expect(page.getByText("Only 2 left")).toBeVisible();
  await page
    .getByRole("group", { name: "Size" })
    .locator("label")
    .filter({ hasText: "Large" })
    .click();
  await expect(page.getByText("In stock and ready to ship")).toBeVisible();
  expect(await offer(page)).toBe("https://schema.org/InStock");

  // Notify me on S (signed out): one request, a second one changes nothing.
  const email = `notify+${product.token}@example.com`;
  const notify = page.getByRole("region", { name: "Sold out in your size?" });
  await notify.getByLabel("Size").selectOption("S");
  await notify.getByLabel("E-mail").fill(email);
  await notify.getByRole("button", { name: "Notify me" }).click();
  await expect(notify.getByRole("status")).toHaveText(
    "We will e-mail you once when it is back in stock.",
  );

  // The admin raises S: one e-mail, with a link to the product in that size.
  await saveStock(shopContext(), product.id, [{ key: "as-shown/S", shown: 0, typed: 5 }]);
  const mail = await waitForMail(email, /is back in stock/, 20_000);
  expect(mail.subject).toBe(`${product.name} is back in stock`);
  // The variant asked for: its colour ("As shown", this product's only one) and size.
  expect(mail.body.html).toContain(`/product/${product.slug}?colour=as-shown&amp;size=S`);
  await page.goto(`/product/${product.slug}?size=S`);
  await expect(page.getByRole("radio", { name: /Small/ })).toBeChecked();
});

test("a product with nothing left: 'Out of stock', and 'In stock only' leaves it out", async ({
  page,
}, info) => {
  const product = await productWith(info.project.name, "Gone Coat", { M: 0 });
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  expect(await offer(page)).toBe("https://schema.org/OutOfStock");

  const cards = page.getByRole("main").getByRole("article");
  await page.goto(`/product?search=${product.token}`);
  await expect(cards).toHaveCount(1);
  await page.goto(`/product?search=${product.token}&stock=in`);
  await expect(cards).toHaveCount(0);
});

test("a cart line over what is left says so in the cart and at the checkout, which waits", async ({
  page,
  customer: _,
}, info) => {
  const product = await productWith(info.project.name, "Few Shirts", { M: 2 });
  await openCheckout(page);
  await page.evaluate(
    (id) =>
      localStorage.setItem("cart", JSON.stringify([{ productId: id, size: "M", quantity: 3 }])),
    product.id,
  );
  const message = `Only 2 left of ${product.name} in size Medium`;
  await page.goto("/cart/view-cart");
  await expect(page.getByTestId("cart-line")).toContainText(message);
  await page.goto("/cart/checkout");
  await expect(page.getByTestId("checkout-line")).toContainText(message);
  await expect(page.getByRole("button", { name: "Confirm order" })).toBeDisabled();
});

test("the admin's low-stock list shows sizes at or under the threshold, lowest first", async ({
  adminPage: page,
}, info) => {
  const product = await productWith(info.project.name, "Low Scarf", { S: 1, M: 4, L: 50 });
  await page.goto("/admin/stock");
  await expect(page.getByRole("heading", { name: "Low stock" })).toBeVisible();
  const rows = page.getByTestId("low-stock-row").filter({ hasText: product.name });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("S");
  await expect(rows.nth(0)).toContainText("1");
  await expect(rows.nth(1)).toContainText("4");
  await rows.nth(0).getByRole("link", { name: product.name }).click();
  await expect(page).toHaveURL(`/admin/products/${product.id}`);
  await expect(page.getByLabel("Stock As shown S")).toHaveValue("1");
});

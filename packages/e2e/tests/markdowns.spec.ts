// Markdowns (docs/product.md §9 "Markdowns"): the admin sets a sale price on a product in its
// form (a sale price not below the regular one is refused on its field), and the shopper sees the
// regular price struck through beside the sale price on the catalogue's card, the product page,
// the cart and the checkout; "On sale" lists it. Each test's product is its own (tests share one
// shop), found by a token in its name.
import type { Page } from "@playwright/test";
import { unitsOfEach } from "@shop/core/inventory";
import { formatPrice } from "@shop/core/pricing";
import { createProduct, getProductById } from "@shop/core/server/catalog";
import { expect, test } from "../support/fixtures";
import { serious } from "../support/pages";
import { shopContext } from "../support/shop";

let seq = 0;
const tag = () => `${Date.now().toString(36)}${seq++}${Math.random().toString(36).slice(2, 6)}`;

test.beforeEach(async ({ page }) => {
  // Each test is its own client for the abuse limits (the tests play the proxy).
  await page.setExtraHTTPHeaders({ "cloudfront-viewer-address": `198.51.102.${tag()}` });
});

/** The struck regular price and the sale price, as a shopper reads them, inside `scope`. */
async function expectOnSale(
  scope: ReturnType<Page["locator"]>,
  sale: number,
  regular: number,
  timeout?: number,
) {
  await expect(scope.getByTestId("sale-price").first()).toHaveText(`Now ${formatPrice(sale)}`, {
    ...(timeout ? { timeout } : {}),
  });
  const was = scope.getByTestId("compare-at-price").first();
  await expect(was).toHaveText(`Was ${formatPrice(regular)}`);
  await expect(was).toHaveJSProperty("tagName", "S");
}

test("an admin puts a product on sale; the shopper sees the struck price on the card, the page, the cart and the checkout", async ({
  adminPage: page,
}, info) => {
  test.setTimeout(120_000);
  const token = `zm${tag()}`;
  const name = `Sale Coat ${info.project.name} ${token}`;
  const slug = name.toLowerCase().replace(/ /g, "-");
  const coat = await createProduct(shopContext(), {
    slug,
    name,
    category: "Women",
    priceCents: 8900,
    description: "A coat for the end-of-season sale.",
    sizes: ["M"],
    stock: unitsOfEach(["M"], 50),
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: name }],
  });

  await page.goto(`/admin/products/${coat.id}`);
  const form = page.getByRole("form", { name: "Edit product" });
  // Not below the regular price: refused on its field, nothing stored.
  await form.getByLabel("Sale price (€)").fill("95");
  await form.getByRole("button", { name: "Update" }).click();
  await expect(form.getByText("Sale price must be below the regular price")).toBeVisible();
  expect((await getProductById(shopContext(), coat.id))?.markdown).toBeUndefined();
  await form.getByLabel("Sale price (€)").fill("59");
  await form.getByLabel("Sale ends").fill("2099-12-31");
  await form.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/\/admin\/list-products$/);
  expect((await getProductById(shopContext(), coat.id))?.markdown).toEqual({
    saleCents: 5900,
    endsAt: "2099-12-31",
  });

  // The catalogue's card, and "On sale".
  await page.goto(`/product?search=${token}`);
  const card = page.getByRole("article").filter({ hasText: name });
  await expectOnSale(card, 5900, 8900);
  await expect(card).toContainText("−33%");
  await page.goto(`/product?search=${token}&sale=on`);
  await expect(page.getByRole("article").filter({ hasText: name })).toHaveCount(1);
  // The filter chosen, with its count (in the slide-over on a phone: there, hidden until opened).
  await expect(
    page.getByRole("link", { name: /^On sale\s*, 1 product$/, includeHidden: true }),
  ).toHaveAttribute("aria-current", "true");
  expect(await serious(page)).toEqual([]);

  // The product page, with its structured data's offer at the sale price until its last day.
  await page.goto(`/product/${slug}`);
  const main = page.getByRole("main");
  await expectOnSale(main, 5900, 8900);
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  ) as { hasVariant: Array<{ offers: { price: string; priceValidUntil?: string } }> };
  expect(jsonLd.hasVariant[0]?.offers).toMatchObject({
    price: "59.00",
    priceValidUntil: "2099-12-31",
  });
  expect(await serious(page)).toEqual([]);

  // The cart and the checkout: priced at the sale price by the server.
  const lines = [{ productId: coat.id, size: "M", quantity: 1 }];
  await page.evaluate((stored) => localStorage.setItem("cart", JSON.stringify(stored)), lines);
  await page.goto("/cart/view-cart");
  const line = page.getByTestId("cart-line").filter({ hasText: name });
  await expectOnSale(line, 5900, 8900);
  expect(await serious(page)).toEqual([]);
  await page.goto("/cart/checkout");
  const checkoutLine = page.getByTestId("checkout-line").filter({ hasText: name });
  // The lines come with the server's quote (an action): on a busy machine, a while.
  await expectOnSale(checkoutLine, 5900, 8900, 30_000);
  expect(await serious(page)).toEqual([]);
});

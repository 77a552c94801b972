// A line is a product in a colour and a size (docs/product.md §9 "Colours"): a shopper buys the
// navy piqué polo in M and the forest one in M. The cart has two lines, each naming its colour
// with its size; the confirmation, the order history's order and the invoice PDF name both
// colours. The cart is written to local storage as the product page writes it (the picker's own
// journey is the product page's spec).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { getProductBySlug } from "@shop/core/server/catalog";
import { drawnTexts } from "@shop/core/server/invoices";
import { getOrder } from "@shop/core/server/orders";
import { expect, test } from "../support/fixtures";
import { shopContext } from "../support/shop";

const POLO = "pique-polo-shirt";

let seq = 0;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    "cloudfront-viewer-address": `198.51.100.${Date.now()}-${seq++}`,
  });
});

// The `customer` fixture: a new customer with one saved address, signed in on `page`.
test.use({
  customerProfile: {
    firstName: "Nora",
    lastName: "Navy",
    address: {
      address: "7 Forest Lane",
      country: "Ireland",
      city: "Dublin",
      zipCode: "D02 X285",
      phone: "+353 1 000 0000",
    },
  },
});

const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
    ["serious", "critical"].includes(v.impact ?? ""),
  );

test("the navy and the forest piqué polo in M: two lines, named by colour up to the invoice", async ({
  page,
  customer: _,
}) => {
  // A whole purchase with two axe passes, the history and the invoice: a long journey (on a
  // loaded machine it took 90 s to reach the invoice's download).
  test.setTimeout(150_000);
  const polo = await getProductBySlug(shopContext(), POLO);
  if (!polo) throw new Error(`seeded product ${POLO} is missing`);
  expect(polo.colourways.map((way) => way.colour.id)).toEqual(
    expect.arrayContaining(["navy", "forest"]),
  );
  const lines = ["navy", "forest"].map((colour) => ({
    productId: polo.id,
    colour,
    size: "M",
    quantity: 1,
  }));
  await page.evaluate((stored) => localStorage.setItem("cart", JSON.stringify(stored)), lines);

  // The cart: two lines of the same product, each with its colour (and swatch) and size.
  await page.goto("/cart/view-cart");
  const cartLines = page.getByTestId("cart-line");
  await expect(cartLines).toHaveCount(2);
  await expect(cartLines.nth(0).getByTestId("cart-line-colour")).toHaveText("Colour: Navy");
  await expect(cartLines.nth(1).getByTestId("cart-line-colour")).toHaveText("Colour: Forest");
  for (const line of [cartLines.nth(0), cartLines.nth(1)]) {
    await expect(line).toContainText(polo.name);
    await expect(line).toContainText("Size: Medium");
    await expect(line).toContainText("In stock");
  }
  await expect(
    page.getByRole("button", { name: `Remove ${polo.name}, Navy, size Medium` }),
  ).toBeVisible();
  expect(await serious(page)).toEqual([]);

  // The checkout lists both, and the order is placed.
  await page.goto("/cart/checkout");
  const checkoutLines = page.getByTestId("checkout-line");
  await expect(checkoutLines).toHaveCount(2);
  await expect(checkoutLines.nth(0)).toContainText("Navy · Size Medium");
  await expect(checkoutLines.nth(1)).toContainText("Forest · Size Medium");
  await page.getByRole("radio", { name: /7 Forest Lane/ }).check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Confirm order" }).click();

  // The confirmation names both colours.
  await expect(page).toHaveURL(/\/order\/confirm-order\?id=/);
  const orderLines = page.getByTestId("order-line");
  await expect(orderLines).toHaveCount(2);
  await expect(orderLines.nth(0)).toContainText("Colour Navy · Size Medium · Quantity 1");
  await expect(orderLines.nth(1)).toContainText("Colour Forest · Size Medium · Quantity 1");
  const number = (await page.getByTestId("order-number").textContent()) ?? "";
  const orderId = new URL(page.url()).searchParams.get("id") ?? "";
  expect(await serious(page)).toEqual([]);

  // The order, from the order history, names both colours too.
  await page.goto("/order/order-history");
  const row = page.getByTestId("order-row").filter({ hasText: number });
  await row.getByRole("link", { name: number, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order/confirm-order\\?id=${orderId}`));
  await expect(page.getByTestId("order-line").nth(0)).toContainText("Colour Navy");
  await expect(page.getByTestId("order-line").nth(1)).toContainText("Colour Forest");

  // The invoice PDF: a "Colour / size" column naming each line's colour.
  await expect(async () => {
    expect((await getOrder(shopContext(), orderId))?.invoiceKey).toBeTruthy();
  }).toPass();
  const invoice = await page.request.get(`/order/invoice/${orderId}`);
  expect(invoice.status()).toBe(200);
  const texts = drawnTexts(await invoice.body());
  expect(texts).toContain("Colour / size");
  expect(texts).toContain("Navy / M");
  expect(texts).toContain("Forest / M");
  expect(texts.filter((text) => text === polo.name)).toHaveLength(2);
});

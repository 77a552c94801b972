// The cart (docs/product.md §2 "Cart screens"): lines kept in this browser's local storage, priced with
// today's products from the server; quantity, Remove, the order summary (25% tax, STANDARD
// shipping 5 € unless subtotal + tax reaches 100 €, then free and green), the empty state and
// the navbar count, in this tab and in another one.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { getProductBySlug } from "@shop/core/server/catalog";
import { shopContext } from "../support/shop";

/** Seeded products at the prices that matter for the free-shipping rule. */
const TEE = "organic-cotton-crew-t-shirt"; // 25.00 €
const SWEATER = "lambswool-crew-sweater"; // 99.99 €
const DRESS = "poplin-midi-dress"; // 100.00 €

async function productId(slug: string): Promise<string> {
  const product = await getProductBySlug(shopContext(), slug);
  if (!product) throw new Error(`seeded product ${slug} is missing`);
  return product.id;
}

/** Puts these lines in the page's local storage (the shop's own format) and opens the cart. */
/**
 * Stores `lines` as the cart, then opens the cart page. Stored from another page: a cart page
 * still hydrating would read them first (and act on them) before a reload.
 */
async function openCartWith(page: Page, lines: unknown[]) {
  await page.goto("/customer-service/contact");
  await page.evaluate((stored) => localStorage.setItem("cart", JSON.stringify(stored)), lines);
  await page.goto("/cart/view-cart");
}

const cartLink = (page: Page) => page.getByRole("link", { name: /^Cart, \d+ items?$/ });
const lineItems = (page: Page) => page.getByTestId("cart-line");
const summary = (page: Page) => page.getByRole("region", { name: "Order summary" });

async function expectSummary(
  page: Page,
  expected: { subtotal: string; shipping: string; tax: string; total: string },
) {
  await expect(page.getByTestId("summary-subtotal")).toHaveText(expected.subtotal);
  await expect(page.getByTestId("summary-shipping")).toHaveText(expected.shipping);
  await expect(page.getByTestId("summary-tax")).toHaveText(expected.tax);
  await expect(page.getByTestId("summary-total")).toHaveText(expected.total);
}

/** Whether an element's text is drawn in a green (the browser's computed colour, as pixels). */
async function isGreen(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return g > r + 30 && g > b;
  });
}

test("an empty cart says so, links home, and /cart/** shows the cart", async ({ page }) => {
  for (const path of ["/cart", "/cart/", "/cart/anything/else"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/cart\/view-cart$/);
  }
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");
  await expect(summary(page)).toHaveCount(0);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual(
    [],
  );

  await page.getByRole("link", { name: "Continue shopping" }).click();
  await expect(page).toHaveURL(/\/product$/);
});

test("a line shows its product, size, line price and texts; quantity and the summary follow the rule", async ({
  page,
}) => {
  await openCartWith(page, [{ productId: await productId(TEE), size: "M", quantity: 1 }]);

  const line = lineItems(page);
  await expect(line).toHaveCount(1);
  // A line saved without a colour is the tee's first colourway's, and links to it.
  await expect(line.getByRole("link", { name: "Organic Cotton Crew T-Shirt" })).toHaveAttribute(
    "href",
    `/product/${TEE}?colour=navy`,
  );
  await expect(line).toContainText("Size: Medium");
  await expect(line).toContainText("Ships in 3–4 weeks");
  await expect(line).toContainText("In stock");
  await expect(line.getByRole("img")).toHaveCount(0); // decorative image: alt=""
  await expect(line.locator("img")).toHaveJSProperty("complete", true);
  expect(
    await line.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth),
  ).toBeGreaterThan(0);
  const quantity = line.getByLabel("Quantity");
  await expect(quantity.locator("option")).toHaveText([
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
  ]);

  // 1 × 25.00: subtotal + tax = 31.25 € < 100 € → shipping 5.00 €, not green.
  await expectSummary(page, {
    subtotal: "25.00 €",
    shipping: "5.00 €",
    tax: "6.25 €",
    total: "36.25 €",
  });
  expect(await isGreen(page.getByTestId("summary-shipping"))).toBe(false);

  // 3 × 25.00: 75.00 + 18.75 = 93.75 € < 100 € → still 5.00 €.
  await quantity.selectOption("3");
  await expect(line).toContainText("75.00 €");
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 3 items");
  await expectSummary(page, {
    subtotal: "75.00 €",
    shipping: "5.00 €",
    tax: "18.75 €",
    total: "98.75 €",
  });
  expect(await isGreen(page.getByTestId("summary-shipping"))).toBe(false);

  // 4 × 25.00: 100.00 + 25.00 = 125.00 € ≥ 100 € → free, and green.
  await quantity.selectOption("4");
  await expectSummary(page, {
    subtotal: "100.00 €",
    shipping: "Free",
    tax: "25.00 €",
    total: "125.00 €",
  });
  expect(await isGreen(page.getByTestId("summary-shipping"))).toBe(true);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 4 items");

  // The quantity is stored: a reload shows the same cart.
  await page.reload();
  await expect(lineItems(page).getByLabel("Quantity")).toHaveValue("4");
  await expect(page.getByRole("link", { name: "Checkout" })).toHaveAttribute(
    "href",
    "/cart/checkout",
  );
});

test("Remove takes a line out, then the last one leaves the empty state", async ({ page }) => {
  await openCartWith(page, [
    { productId: await productId(SWEATER), size: "L", quantity: 1 },
    { productId: await productId(DRESS), size: "S", quantity: 2 },
  ]);
  await expect(lineItems(page)).toHaveCount(2);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 3 items");
  // 99.99 + 2 × 100.00 = 299.99; tax 75.00 (74.9975 rounded); free shipping.
  await expectSummary(page, {
    subtotal: "299.99 €",
    shipping: "Free",
    tax: "75.00 €",
    total: "374.99 €",
  });

  // The line settled into the dress's first colourway: its colour is named before the size.
  await page.getByRole("button", { name: /^Remove Poplin Midi Dress, (.+, )?size Small$/ }).click();
  await expect(lineItems(page)).toHaveCount(1);
  await expect(lineItems(page)).toContainText("Lambswool Crew Sweater");
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
  // 99.99 alone: 99.99 + 25.00 = 124.99 € ≥ 100 € → still free.
  await expectSummary(page, {
    subtotal: "99.99 €",
    shipping: "Free",
    tax: "25.00 €",
    total: "124.99 €",
  });

  await page.getByRole("button", { name: /^Remove Lambswool Crew Sweater/ }).click();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");
  await page.reload();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
});

test("the navbar count updates at once in this tab and in another tab", async ({ context }) => {
  const cartPage = await context.newPage();
  await openCartWith(cartPage, [{ productId: await productId(TEE), size: "S", quantity: 2 }]);
  const otherTab = await context.newPage();
  await otherTab.goto("/product");
  await expect(cartLink(otherTab)).toHaveAccessibleName("Cart, 2 items");

  await lineItems(cartPage).getByLabel("Quantity").selectOption("7");
  await expect(cartLink(cartPage)).toHaveAccessibleName("Cart, 7 items");
  await expect(cartLink(otherTab)).toHaveAccessibleName("Cart, 7 items");
  await expect(cartLink(otherTab).getByText("7")).toBeVisible();

  await cartPage.getByRole("button", { name: /^Remove / }).click();
  await expect(cartLink(otherTab)).toHaveAccessibleName("Cart, 0 items");
});

test("prices come from the server: a stale stored price is not shown, and a product that no longer exists is removed with a notice", async ({
  page,
}) => {
  const tee = await productId(TEE);
  await openCartWith(page, [
    // The shape the spec's shop stored: the whole product, with a price of its day.
    {
      product: { id: tee, name: "Old name", price: 1, priceCents: 1 },
      size: { tag: "L" },
      quantity: 1,
    },
    { productId: "00000000-0000-4000-8000-000000000000", size: "M", quantity: 3 },
  ]);

  await expect(lineItems(page)).toHaveCount(1);
  await expect(lineItems(page)).toContainText("Organic Cotton Crew T-Shirt");
  await expect(lineItems(page)).toContainText("25.00 €");
  await expect(page.getByRole("main")).not.toContainText("Old name");
  await expect(page.getByRole("status").filter({ hasText: "removed" })).toHaveText(
    "1 item was removed from your cart because it is no longer available.",
  );
  await expect(page.getByTestId("summary-subtotal")).toHaveText("25.00 €");
  // The unknown line is gone from storage too: the count is the remaining line's.
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
  await page.reload();
  await expect(lineItems(page)).toHaveCount(1);
});

test("the cart API refuses malformed or too many ids with a 400", async ({ request }) => {
  const tee = await productId(TEE);
  const ok = await request.get(`/api/cart?ids=${tee},00000000-0000-4000-8000-000000000000`);
  expect(ok.status()).toBe(200);
  const body = (await ok.json()) as { products: Array<{ id: string; priceCents: number }> };
  expect(body.products).toEqual([expect.objectContaining({ id: tee, priceCents: 2500 })]);

  const bad = await request.get("/api/cart?ids=PRODUCT%23x");
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ fieldErrors: { ids: expect.any(String) } });
  const many = Array.from({ length: 101 }, () => tee).join(",");
  expect((await request.get(`/api/cart?ids=${many}`)).status()).toBe(400);
});

test("the cart with lines has no serious accessibility violations and works by keyboard", async ({
  page,
}) => {
  await openCartWith(page, [
    { productId: await productId(TEE), size: "M", quantity: 1 },
    { productId: await productId(DRESS), size: "L", quantity: 1 },
  ]);
  await expect(lineItems(page)).toHaveCount(2);
  await expect(summary(page)).toBeVisible();

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual(
    [],
  );

  // Keyboard: focus the first Remove button and press Enter.
  const remove = page.getByRole("button", { name: /^Remove Organic Cotton Crew T-Shirt/ });
  await remove.focus();
  await page.keyboard.press("Enter");
  await expect(lineItems(page)).toHaveCount(1);
  // Focus stays on the page (the heading), not lost with the removed line.
  await expect(page.getByRole("heading", { level: 1, name: "Shopping cart" })).toBeFocused();
});

test("without JavaScript the cart page says it needs JavaScript", async ({ request }) => {
  // Chromium under Playwright parses <noscript> as if scripts ran even with JavaScript off, so
  // this reads the served page: the message is in its <noscript>, which also hides the skeleton.
  const html = await (await request.get("/cart/view-cart")).text();
  const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? "";
  expect(noscript).toContain("Your cart is kept in this browser and needs JavaScript to be shown.");
  expect(noscript).toContain(".cart-js-only{display:none}");
});

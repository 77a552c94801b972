// The currency switch (docs/product.md §2 "Global layout", §9 "Currencies"): EUR by default, USD shows
// every price × 1.1 with "$", stored in this browser at once, so it survives a reload.
import { expect, type Page, test } from "@playwright/test";
import { getProductBySlug } from "@shop/core/server/catalog";
import { openMobileMenu } from "../support/pages";
import { shopContext } from "../support/shop";

const EUR = /\d+\.\d{2} €/g;
const USD = /\$\d+\.\d{2}/g;

/** Every price shown in the page's main content, in order. */
async function prices(page: Page, pattern: RegExp): Promise<string[]> {
  const text = await page.getByRole("main").innerText();
  return text.match(pattern) ?? [];
}

/**
 * The prices of each product card on the page, by its link. Other tests add products while this
 * one runs, so a reload may list a new one first: compare by product, not by position.
 */
async function pricesByProduct(page: Page, pattern: RegExp): Promise<Map<string, string[]>> {
  const cards = page.getByRole("main").getByRole("article");
  const byProduct = new Map<string, string[]>();
  for (const card of await cards.all()) {
    const href = await card.getByRole("link").first().getAttribute("href");
    byProduct.set(href ?? "", (await card.innerText()).match(pattern) ?? []);
  }
  return byProduct;
}

/** Every card of `euros` still on the page shows its prices in dollars (10 at least). */
async function shownInDollars(page: Page, euros: Map<string, string[]>): Promise<string[]> {
  const dollars = await pricesByProduct(page, USD);
  const stillShown = [...euros].filter(([href]) => dollars.has(href));
  const mismatched = stillShown
    .filter(([href, eur]) => dollars.get(href)?.join() !== eur.map(inDollars).join())
    .map(([href]) => href);
  return stillShown.length >= 10 ? mismatched : ["fewer than 10 of the products shown before"];
}

/** "12.50 €" → "$13.75": the rule, × 1.1 rounded to the cent (computed here in whole cents). */
function inDollars(euros: string): string {
  const cents = Math.round(Number(euros.replace(" €", "")) * 100);
  const usd = Math.round((cents * 110) / 100);
  return `$${Math.floor(usd / 100)}.${String(usd % 100).padStart(2, "0")}`;
}

/** The currency select, in the navbar or (under 1023 px) in the slide-in menu. */
async function currencySelect(page: Page, mobile: boolean) {
  if (mobile) await openMobileMenu(page);
  const select = page.getByLabel("Currency");
  await expect(select).toBeVisible();
  return select;
}

async function closeMenu(page: Page, mobile: boolean) {
  if (mobile) await page.getByRole("button", { name: "Close menu" }).click();
}

test("USD shows every price × 1.1 with $ on the catalogue, a product and the cart, and survives a reload", async ({
  page,
}, testInfo) => {
  const mobile = testInfo.project.name === "mobile";
  await page.goto("/product");
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(12);
  // Prices render in EUR by default.
  const euros = await pricesByProduct(page, EUR);
  expect(euros.size).toBe(12);
  expect([...euros.values()].every((p) => p.length > 0)).toBe(true);
  expect(await prices(page, USD)).toEqual([]);
  const select = await currencySelect(page, mobile);
  await expect(select).toHaveValue("EUR");
  await expect(page.getByTestId("currency-flag")).toHaveAttribute("src", "/flags/eu.svg");

  await select.selectOption("USD");
  await expect(page.getByTestId("currency-flag")).toHaveAttribute("src", "/flags/us.svg");
  await closeMenu(page, mobile);
  await expect.poll(() => shownInDollars(page, euros)).toEqual([]);
  expect(await prices(page, EUR)).toEqual([]);

  // Stored at once: a reload keeps USD.
  await page.reload();
  await expect.poll(() => shownInDollars(page, euros)).toEqual([]);
  await expect(await currencySelect(page, mobile)).toHaveValue("USD");
  await closeMenu(page, mobile);

  // A product page (the seeded T-shirt costs 25.00 €).
  await page.goto("/product/organic-cotton-crew-t-shirt");
  await expect(page.getByRole("main")).toContainText("$27.50");
  expect(await prices(page, EUR)).toEqual([]);

  // The cart: line price and every summary figure.
  const tee = await getProductBySlug(shopContext(), "organic-cotton-crew-t-shirt");
  await page.evaluate(
    (id) =>
      localStorage.setItem("cart", JSON.stringify([{ productId: id, size: "M", quantity: 2 }])),
    tee?.id,
  );
  await page.goto("/cart/view-cart");
  // 2 × 25.00 = 50.00 € → $55.00; tax 12.50 € → $13.75; shipping 5.00 € → $5.50; 67.50 € → $74.25.
  await expect(page.getByTestId("cart-line")).toContainText("$55.00");
  await expect(page.getByTestId("summary-subtotal")).toHaveText("$55.00");
  await expect(page.getByTestId("summary-tax")).toHaveText("$13.75");
  await expect(page.getByTestId("summary-shipping")).toHaveText("$5.50");
  await expect(page.getByTestId("summary-total")).toHaveText("$74.25");
  expect(await prices(page, EUR)).toEqual([]);

  // Back to EUR, by keyboard.
  const again = await currencySelect(page, mobile);
  await again.focus();
  await again.selectOption("EUR");
  await expect(page.getByTestId("summary-total")).toHaveText("67.50 €");
  expect(await page.evaluate(() => localStorage.getItem("currency"))).toBe("EUR");
});

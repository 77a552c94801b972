// What the search understands (docs/product.md §5 "Search", docs/decisions/021-search.md), by
// keyboard only, desktop and mobile: a typo in the header's search, an audience with a garment
// on the catalogue, a search that finds nothing (category suggestions) and one that a
// correction would find ("Did you mean …?"). Against the seeded catalogue.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { waitForHydration } from "../support/pages";

/** Ctrl+/ focuses the search (on a phone it opens the menu first), then the text is typed. */
async function typeInSearch(page: Page, text: string) {
  await waitForHydration(page);
  await page.keyboard.press("Control+/");
  const box = page.getByRole("combobox", { name: "Search" });
  await expect(box).toBeFocused();
  await page.keyboard.type(text);
  return box;
}

/** Presses Tab until `target` has the focus (as a keyboard user moves through the page). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

const cardNames = (page: Page) => page.getByRole("main").getByRole("article").getByRole("heading");

test("a typo in the header's search shows jackets, the matched word marked", async ({ page }) => {
  await page.goto("/product");
  await typeInSearch(page, "jackte");
  const options = page.getByRole("listbox", { name: "Search results" }).getByRole("option");
  await expect(options.first()).toBeVisible();
  const names = await options.allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(4);
  expect(names.length).toBeLessThanOrEqual(6);
  for (const name of names) expect(name).toContain("Jacket");
  await expect(options.first().locator("mark")).toHaveText("Jacket");

  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]*jacket$/);
});

test("“womens dresses” on the catalogue lists women's dresses first", async ({ page }) => {
  await page.goto("/product");
  await typeInSearch(page, "womens dresses");
  // Enter with no result chosen submits the form: the catalogue lists every match.
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/product\?search=womens(\+|%20)dresses$/);
  await expect(page.getByRole("heading", { name: "Results for “womens dresses”" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("");
  await expect(page.getByLabel("Sort by").locator("option:checked")).toHaveText("Relevance");
  await expect(cardNames(page).first()).toBeVisible();
  // The seeded women's dresses are all listed, and nothing but dresses ranks among them (other
  // tests add women's dresses of their own to the shared shop, which may rank there too).
  const names = await cardNames(page).allTextContents();
  const seeded = ["Jersey Wrap Dress", "Linen Sundress", "Poplin Midi Dress", "Silk Slip Dress"];
  for (const name of seeded) expect(names).toContain(name);
  const last = Math.max(...seeded.map((name) => names.indexOf(name)));
  for (const name of names.slice(0, last + 1)) expect(name.toLowerCase()).toContain("dress");
});

test("a search that finds nothing says so and suggests the categories", async ({ page }) => {
  await page.goto("/product");
  const box = await typeInSearch(page, "xyzzy");
  await expect(page.getByText("No products found")).toBeVisible();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/product\?search=xyzzy$/);
  await expect(page.getByText("No products match “xyzzy”.")).toBeVisible();
  const categories = page.getByRole("navigation", { name: "Browse a category" }).getByRole("link");
  await expect(categories).toHaveText(["Baby", "Kid", "Men", "Women"]);
  await expect(page.getByText("Did you mean")).toHaveCount(0);

  // By keyboard: Tab reaches the first suggestion, Enter follows it.
  await tabTo(page, categories.first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/product\?category=baby$/);
  await expect(cardNames(page).first()).toBeVisible();
});

test("a search a correction would find offers “Did you mean …?”", async ({ page }) => {
  await page.goto("/product?search=jakcte");
  await expect(page.getByText("No products match “jakcte”.")).toBeVisible();
  const correction = page.getByRole("link", { name: "“jacket”" });
  await expect(correction).toBeVisible();
  await tabTo(page, correction);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/product\?search=jacket$/);
  await expect(cardNames(page).first()).toContainText("Jacket");
});

test("without JavaScript the catalogue's search is ranked and corrected the same", async ({
  browser,
}, info) => {
  const context = await browser.newContext({
    ...(info.project.use as object),
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto("/product?search=Kids%20%20COAT");
  await expect(page.getByRole("heading", { name: "Results for “kids coat”" })).toBeVisible();
  const firstTwo = (await cardNames(page).allTextContents()).slice(0, 2);
  expect(firstTwo.sort()).toEqual(["Kids' Down Parka", "Kids' Wool Duffle Coat"]);
  await page.goto("/product?search=jakcte");
  await expect(page.getByRole("link", { name: "“jacket”" })).toHaveAttribute(
    "href",
    "/product?search=jacket",
  );
  // A colour search's link opens the product in that colour without JavaScript too.
  await page.goto("/product/pique-polo-shirt?colour=navy");
  await expect(page.getByRole("img", { name: "Navy Piqué Polo Shirt, front view" })).toBeVisible();
  await context.close();
});

test("“blue shirt” shows the piqué polo in navy, and its page opens in navy, from the live list too", async ({
  page,
}) => {
  await page.goto("/product?search=blue+shirt");
  const polo = page.getByRole("main").getByRole("article").filter({ hasText: "Piqué Polo Shirt" });
  // The seeded polo's colourways: forest green (photo 1), navy (photo 2).
  await expect(polo.first().locator("img").first()).toHaveAttribute("src", /pique-polo-shirt\/2\b/);
  const link = polo.first().getByRole("link", { name: "Piqué Polo Shirt" });
  await expect(link).toHaveAttribute("href", "/product/pique-polo-shirt?colour=navy");
  await waitForHydration(page);
  await tabTo(page, link);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/product\/pique-polo-shirt\?colour=navy$/);
  await expect(page.getByRole("img", { name: "Navy Piqué Polo Shirt, front view" })).toBeVisible();
  // The page opens on that photo's colourway (docs/product.md §2 "Product page").
  await expect(page.getByText("Colour: Navy")).toBeVisible();
  // The header's live list does the same: its first polo is shown, and opens, in navy.
  await typeInSearch(page, "navy polo");
  const first = page.getByRole("listbox", { name: "Search results" }).getByRole("option").first();
  await expect(first).toContainText("Polo");
  await expect(first.locator("img")).toHaveAttribute("src", /polo\/2\b/);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/product\/[a-z-]*polo\?colour=navy$/);
  await expect(page.getByRole("img", { name: /^Navy .*Polo/ })).toBeVisible();
  // The same page without a photo asked for opens on the first, as before.
  await page.goto("/product/pique-polo-shirt");
  await expect(
    page.getByRole("img", { name: "Forest Piqué Polo Shirt, front view" }),
  ).toBeVisible();
});

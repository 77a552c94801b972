// The navbar search: Ctrl+/ focuses it, typing shows live results (the best six, matched words
// marked; what the search understands is ./search-relevance.spec.ts), arrows and Enter open one, Escape closes the list; without JavaScript the form
// lists the matches in the catalogue.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Route, test } from "@playwright/test";
import { openMobileMenu, waitForHydration } from "../support/pages";

/** On mobile the search sits in the menu panel: open it first. */
async function searchBox(page: Page, mobile: boolean) {
  // Typing before hydration would show no live results: React is not listening yet.
  await waitForHydration(page);
  if (mobile) await openMobileMenu(page);
  return page.getByRole("combobox", { name: "Search" });
}

test("Ctrl+/ focuses the search", async ({ page }, info) => {
  test.skip(info.project.name === "mobile", "a keyboard shortcut of the desktop layout");
  await page.goto("/product");
  const box = page.getByRole("combobox", { name: "Search" });
  await expect(box).toHaveAttribute("placeholder", "Search (CTRL + /)");
  await expect(box).not.toBeFocused();
  await page.locator("body").click();
  await page.keyboard.press("Control+/");
  await expect(box).toBeFocused();
});

test("typing shows the best matches case-insensitively, marked; Escape closes them", async ({
  page,
}, info) => {
  await page.goto("/product");
  const box = await searchBox(page, info.project.name === "mobile");
  await box.fill("SHIRT");
  const results = page.getByRole("listbox", { name: "Search results" });
  await expect(results).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const names = await results.getByRole("option").allTextContents();
  expect(names.length).toBeGreaterThan(1);
  expect(names.length).toBeLessThanOrEqual(6);
  expect(names[0]?.toLowerCase()).toContain("shirt");
  // The word matched, as the product's name spells it ("Shirt", or "Shirts" in a product another
  // test added to the shared shop).
  await expect(results.getByRole("option").first().locator("mark")).toHaveText(/^shirts?$/i);
  // Every result shows its picture and price.
  await expect(results.getByRole("option").first().locator("img")).toHaveAttribute("src", /\S/);
  await expect(results.getByRole("option").first()).toContainText("€");

  await box.press("Escape");
  await expect(results).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("SHIRT");

  await box.fill("");
  await expect(results).toBeHidden();
});

test("arrow keys move through the results and Enter opens one", async ({ page }, info) => {
  await page.goto("/product");
  const box = await searchBox(page, info.project.name === "mobile");
  await box.fill("linen");
  const options = page.getByRole("listbox", { name: "Search results" }).getByRole("option");
  await expect(options.first()).toBeVisible();
  await box.press("ArrowDown");
  await box.press("ArrowDown");
  const second = options.nth(1);
  await expect(second).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute(
    "aria-activedescendant",
    (await second.getAttribute("id")) ?? "",
  );
  await box.press("ArrowUp");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  const name = ((await options.first().textContent()) ?? "").replace(/\d+\.\d\d €$/, "").trim();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test("Enter without a chosen result lists every match in the catalogue", async ({ page }, info) => {
  await page.goto("/product");
  const box = await searchBox(page, info.project.name === "mobile");
  await box.fill("Linen");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/product\?search=Linen$/);
  // Retrying assertions: the URL can change a moment before the new list is rendered.
  const names = page.getByRole("main").getByRole("article").getByRole("heading");
  await expect(names.first()).toBeVisible();
  await expect(names.filter({ hasNotText: /linen/i })).toHaveCount(0);
});

test("Enter while the live results are still loading lists the matches", async ({ page }, info) => {
  // Slow answers to the live search and to route discovery, so Enter navigates while they are
  // under way (a Remix fetcher caught like this once turned the catalogue into a 404 page).
  const slow = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue().catch(() => {}); // the page may have given up on it
  };
  await page.route(/\/api\/search|\/__manifest/, slow);
  await page.goto("/product");
  const box = await searchBox(page, info.project.name === "mobile");
  await box.fill("Linen");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/product\?search=Linen$/);
  // The search is read in lower case (docs/product.md §5 "Search").
  await expect(page.getByRole("heading", { name: "Results for “linen”" })).toBeVisible();
  const names = page.getByRole("main").getByRole("article").getByRole("heading");
  await expect(names.first()).toBeVisible();
  await page.waitForTimeout(1_500); // the slowed answers arrive: the page must stay as it is
  await expect(page.getByRole("heading", { name: "Results for “linen”" })).toBeVisible();
  await expect(names.filter({ hasNotText: /linen/i })).toHaveCount(0);
});

test("without JavaScript the search form lists the matches", async ({ browser }, info) => {
  const context = await browser.newContext({
    ...(info.project.use as object),
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto("/product");
  // On a phone the search is in the menu panel: Menu is then a link that opens it.
  if (info.project.name === "mobile") await page.getByRole("link", { name: "Menu" }).click();
  const box = page.getByRole("combobox", { name: "Search" });
  await box.fill("sweater");
  await box.press("Enter");
  await expect(page).toHaveURL(/search=sweater/);
  const names = await page
    .getByRole("main")
    .getByRole("article")
    .getByRole("heading")
    .allTextContents();
  expect(names.length).toBeGreaterThan(0);
  // The sweaters first; a product that only mentions one in its description comes after.
  for (const name of names.slice(0, 4)) expect(name.toLowerCase()).toContain("sweater");
  await context.close();
});

test("axe finds no serious or critical violation with results open", async ({ page }, info) => {
  await page.goto("/product");
  const box = await searchBox(page, info.project.name === "mobile");
  await box.fill("shirt");
  await expect(page.getByRole("listbox", { name: "Search results" })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious).toEqual([]);
});

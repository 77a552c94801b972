// The navbar under 1023 px (docs/product.md §2 "Global layout", §9): a slide-in menu that opens from the
// Menu button and closes on an outside click, on its close button, on navigation, on Escape and
// when the window grows past the breakpoint.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { holdScripts } from "../support/pages";

const toggle = (page: Page) => page.getByRole("button", { name: "Menu", exact: true });
const panel = (page: Page) => page.locator("#site-menu");

async function openMenu(page: Page) {
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
  await expect(panel(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
}

async function expectClosed(page: Page) {
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
  await expect(panel(page)).toBeHidden();
}

test.describe("mobile slide-in menu", () => {
  test.skip(({ isMobile }) => !isMobile, "the slide-in menu exists under 1023 px only");

  test("is closed at first and opens from the Menu button with search, account and currency", async ({
    page,
  }) => {
    await page.goto("/product");
    await expectClosed(page);
    await openMenu(page);
    await expect(panel(page).getByPlaceholder("Search (CTRL + /)")).toBeVisible();
    await expect(panel(page).getByLabel("Currency")).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual(
      [],
    );
  });

  test("closes on a click outside it", async ({ page }) => {
    await page.goto("/product");
    await openMenu(page);
    const viewport = page.viewportSize();
    if (!viewport) throw new Error("no viewport");
    // The dimmed page to the right of the panel.
    await page.mouse.click(viewport.width - 10, viewport.height / 2);
    await expectClosed(page);
  });

  test("closes on its close button and on Escape, giving the focus back to Menu", async ({
    page,
  }) => {
    await page.goto("/product");
    await openMenu(page);
    await page.getByRole("button", { name: "Close menu" }).click();
    await expectClosed(page);
    await expect(toggle(page)).toBeFocused();

    await openMenu(page);
    await page.keyboard.press("Escape");
    await expectClosed(page);
    await expect(toggle(page)).toBeFocused();
  });

  test("works without JavaScript: Menu and Close menu are links that open and close it", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...(test.info().project.use as object),
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto("/product");
    await expect(panel(page)).toBeHidden();
    await page.getByRole("link", { name: "Menu", exact: true }).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole("combobox", { name: "Search" })).toBeVisible();
    await panel(page).getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(panel(page)).toBeHidden(); // a new page, no #site-menu

    await page.getByRole("link", { name: "Menu", exact: true }).click();
    await expect(panel(page)).toBeVisible();
    await page.getByRole("link", { name: "Close menu" }).click();
    await expect(panel(page)).toBeHidden();
    await context.close();
  });

  test("a tap on Menu before the scripts run is not lost", async ({ page }) => {
    // Hold the page's scripts back, tap Menu, then let them run: the menu is open, and is
    // React's open menu (it closes with its button).
    const release = await holdScripts(page);
    await page.goto("/product", { waitUntil: "domcontentloaded" });
    await page.getByRole("link", { name: "Menu", exact: true }).click();
    await expect(panel(page)).toBeVisible();
    release();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(panel(page)).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expectClosed(page);
  });

  test("closes on navigation", async ({ page }) => {
    await page.goto("/product");
    await openMenu(page);
    const search = panel(page).getByPlaceholder("Search (CTRL + /)");
    await search.fill("shirt");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/product\?search=shirt/);
    await expectClosed(page);
  });

  test("closes when the window grows past the breakpoint", async ({ page }) => {
    await page.goto("/product");
    const narrow = page.viewportSize();
    if (!narrow) throw new Error("no viewport");
    await openMenu(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The navbar row shows the same menu, in place, and the (hidden) toggle is no longer open.
    await expect(page.locator('button[aria-controls="site-menu"]')).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await expect(toggle(page)).toBeHidden();
    await expect(panel(page)).toBeVisible();
    // Back to the phone's width: the panel is closed, not still sliding over the page.
    await page.setViewportSize(narrow);
    await expectClosed(page);
  });
});

test("from 1023 px the menu is a row in the navbar, with no Menu button", async ({ page }) => {
  test.skip(test.info().project.name === "mobile", "about the desktop layout");
  await page.goto("/product");
  await expect(toggle(page)).toBeHidden();
  await expect(panel(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toBeHidden();
  await expect(page.getByLabel("Currency")).toBeVisible();
});

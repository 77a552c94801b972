// Page helpers the admin specs share: signing in through the form, the 375 px check and axe.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Signs in through the sign-in form and waits for the catalogue (where sign-in lands). */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth/sign-in");
  const main = page.getByRole("main");
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Password").fill(password);
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/product/);
}

/** Usable on a 375 px phone: nothing wider than the screen (the page never scrolls sideways). */
export async function expectFitsPhone(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  if (size) await page.setViewportSize(size);
}

/** axe's serious and critical violations on the page as it is now. */
export const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
    ["serious", "critical"].includes(v.impact ?? ""),
  );

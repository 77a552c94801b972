// Helpers the specs share: signing in (through the form, or over HTTP as the admin or a new
// customer: the fixtures of support/fixtures.ts), scripts held back before hydration, the mobile
// menu, the 375 px check and axe.
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { createUser } from "@shop/core/server/accounts";
import { shopContext } from "./shop";

/**
 * Signs in through the sign-in form and waits for the catalogue (where sign-in lands); `shopUrl`
 * for a second web server (support/web-server.ts), else the shop under test.
 */
export async function signIn(page: Page, email: string, password: string, shopUrl = "") {
  await page.goto(`${shopUrl}/auth/sign-in`);
  const main = page.getByRole("main");
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Password").fill(password);
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/product/);
}

/**
 * Signs the admin the seed creates (scripts/seed.ts) in over HTTP on `request` (whose cookies
 * then hold the session), from the client address in `headers`. The `adminState` fixture
 * (support/fixtures.ts) signs in so once per worker; the form itself is what auth.spec.ts and
 * accounts-security.spec.ts sign in through.
 */
export async function signInAdminOn(request: APIRequestContext, headers: Record<string, string>) {
  await signInOn(
    request,
    "admin@example.com",
    process.env.SEED_ADMIN_PASSWORD || "admin1234",
    headers,
  );
}

/** Signs `request` in with an e-mail and password over HTTP (the form's POST), as a browser would. */
export async function signInOn(
  request: APIRequestContext,
  email: string,
  password: string,
  headers: Record<string, string>,
) {
  const res = await request.post("/auth/sign-in", {
    form: { intent: "sign-in", email, password },
    headers,
    maxRedirects: 0,
  });
  expect(res.status(), `sign-in of ${email}`).toBe(303);
}

/**
 * Holds back the scripts whose URL `pattern` matches (default: all of the page's `/assets/*.js`)
 * until the returned function is called: to act on the server's HTML before it hydrates.
 */
export async function holdScripts(page: Page, pattern = /\/assets\/.*\.js$/): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the page has hydrated: the navbar's Menu is a plain link before, a button after
 * (typing or clicking before hydration reaches no React handler).
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator('button[aria-controls="site-menu"]')).toBeAttached();
}

/**
 * Opens the slide-in menu of the mobile layout (no-op on desktop, where the menu is a row). Once
 * the page has hydrated, clicks Menu until the menu says it is open (a navigation finishing
 * meanwhile closes it again).
 */
export async function openMobileMenu(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) >= 1023) return;
  await waitForHydration(page);
  const toggle = page.getByRole("button", { name: "Menu", exact: true });
  await expect(async () => {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 2_000 });
  }).toPass();
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

let customers = 0;

/**
 * Creates a customer (through core) and signs them in on this request context over HTTP, from
 * an address of their own (so abuse limits count per test). Returns the e-mail.
 */
export async function signInNewCustomer(request: APIRequestContext, label: string) {
  const n = customers++;
  const email = `${label}+${Date.now()}-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await createUser(shopContext(), {
    firstName: "Cy",
    lastName: "Customer",
    email,
    password: "secret1",
  });
  const res = await request.post("/auth/sign-in", {
    form: { intent: "sign-in", email, password: "secret1" },
    headers: { "x-forwarded-for": `198.18.${n % 250}.${Date.now() % 250}` },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  return email;
}

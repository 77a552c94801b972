// Stripe's front end stays out of the way when Stripe is not configured (docs/architecture.md §4: "loaded
// only when a publishable key is configured"; §9: the main entry of @stripe/stripe-js injects a
// script tag on import). The test shop runs the local test gateway: neither the home page nor
// a whole checkout asks js.stripe.com for anything, nor fetches the Payment Element's chunk.
// (With Stripe configured the page needs the network; its decisions are unit-tested in
// core/src/payments/checkout-payment.test.ts.)
import { expect, type Page, test } from "@playwright/test";
import { createAddress, createUser } from "@shop/core/server/accounts";
import { getProductBySlug } from "@shop/core/server/catalog";
import { signIn } from "../support/pages";
import { shopContext } from "../support/shop";

let seq = 0;

/** Every request to a Stripe host is recorded and refused (no network needed either way). */
async function watchStripe(page: Page) {
  const stripeRequests: string[] = [];
  const scripts: string[] = [];
  await page.route(/^https?:\/\/([a-z0-9-]+\.)*stripe\.(com|network)\//, async (route) => {
    stripeRequests.push(route.request().url());
    await route.abort();
  });
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return { stripeRequests, scripts };
}

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    "cloudfront-viewer-address": `203.0.113.${Date.now()}-${seq++}`,
  });
});

test("the home page loads nothing from Stripe", async ({ page }) => {
  const watched = await watchStripe(page);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(watched.stripeRequests).toEqual([]);
  expect(watched.scripts.length).toBeGreaterThan(0);
  expect(watched.scripts.filter((path) => /stripe/i.test(path))).toEqual([]);
  expect(await page.locator('script[src*="stripe"]').count()).toBe(0);
});

test("a checkout with the local test gateway loads nothing from Stripe and pays with the card form", async ({
  page,
}, testInfo) => {
  const watched = await watchStripe(page);
  const email = `no-stripe+${Date.now()}-${seq++}-${testInfo.project.name}@example.com`;
  const user = await createUser(shopContext(), {
    firstName: "Nora",
    lastName: "Local",
    email,
    password: "secret1",
  });
  await createAddress(shopContext(), user.id, {
    company: undefined,
    apartment: undefined,
    address: "4 Rue Locale",
    country: "France",
    city: "Lyon",
    zipCode: "69001",
    phone: "+33 600 000 000",
  });
  // Through the form (not the `customer` fixture): the Stripe watch covers the sign-in and the
  // catalogue it lands on too.
  await signIn(page, email, "secret1");

  const tee = await getProductBySlug(shopContext(), "organic-cotton-crew-t-shirt");
  if (!tee) throw new Error("the seeded tee is missing");
  await page.evaluate(
    (stored) => localStorage.setItem("cart", JSON.stringify(stored)),
    [{ productId: tee.id, size: tee.sizes[0], quantity: 1 }],
  );
  await page.goto("/cart/checkout");
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);
  await expect(page.getByTestId("card-form")).toBeVisible();
  await expect(page.getByTestId("stripe-payment")).toHaveCount(0);

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Confirm order" }).click();
  await expect(page).toHaveURL(/\/order\/confirm-order\?id=/);

  expect(watched.stripeRequests).toEqual([]);
  expect(watched.scripts.filter((path) => /stripe/i.test(path))).toEqual([]);
  expect(await page.locator('script[src*="stripe"]').count()).toBe(0);
});

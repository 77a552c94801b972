// The checkout with Stripe configured (docs/architecture.md §4, docs/product.md §4 "Checkout flow", §8). A second web
// server, on the test shop's own cloud, runs with Stripe keys and its Stripe adapter pointed at
// a fake Stripe API on this machine (support/fake-stripe.ts). js.stripe.com is either refused
// (the checkout must say "An error has occurred in loading payment module") or answered with a
// fake Stripe.js, to follow the whole flow: order placed with the server's total, PaymentIntent
// in EUR keyed by the order, confirmPayment(redirect "if_required"), confirmation page.
import type { Page } from "@playwright/test";
import { listOrdersForUser } from "@shop/core/server/orders";
import { type StallProxy, startStallProxy } from "@shop/local-cloud";
import { openCheckout } from "../support/checkout";
import { FAKE_STRIPE_JS, startFakeStripeApi } from "../support/fake-stripe";
import { expect, signInAt, test } from "../support/fixtures";
import { originHeaders } from "../support/origin";
import { shopContext } from "../support/shop";
import { startWebServer, type WebServer } from "../support/web-server";

let server: WebServer | undefined;
let stripeApi: Awaited<ReturnType<typeof startFakeStripeApi>> | undefined;
/** Between the shop and the fake Stripe API: a Stripe that stops answering on demand. */
let stripeLine: StallProxy | undefined;
let stripeShop = "";
let seq = 0;

test.beforeAll(async () => {
  stripeApi = await startFakeStripeApi();
  stripeLine = await startStallProxy(stripeApi.url);
  server = await startWebServer("the Stripe-configured web server", {
    STRIPE_SECRET_KEY: "sk_test_e2e_offline",
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_offline",
    STRIPE_API_BASE: stripeLine.url,
  });
  stripeShop = server.url;
});

test.afterAll(async () => {
  await stripeLine?.close();
  await stripeApi?.close();
  await server?.stop();
});

// The `customer` fixture signs in on the Stripe-configured server, after this hook gave the page
// its origin secret and an address of its own.
test.use(signInAt(() => stripeShop));
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    ...originHeaders(),
    "cloudfront-viewer-address": `192.0.2.${Date.now()}-${seq++}`,
  });
});

/** Requests to Stripe's hosts are recorded and refused; scripts fetched are recorded. */
async function refuseStripe(page: Page) {
  const stripeRequests: string[] = [];
  const scripts: string[] = [];
  await page.route(/^https?:\/\/([a-z0-9-]+\.)*stripe\.(com|network)\//, async (route) => {
    stripeRequests.push(route.request().url());
    await route.abort("internetdisconnected");
  });
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return { stripeRequests, scripts };
}

/** js.stripe.com answers with the fake Stripe.js; any other Stripe host is refused. */
async function fakeStripeJs(page: Page) {
  await page.route(/^https?:\/\/([a-z0-9-]+\.)*stripe\.(com|network)\//, async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === "js.stripe.com" && url.pathname.endsWith("stripe.js")) {
      await route.fulfill({ contentType: "application/javascript", body: FAKE_STRIPE_JS });
    } else {
      await route.abort("internetdisconnected");
    }
  });
}

const fakeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __fakeStripe: FakeCalls }).__fakeStripe);

interface FakeCalls {
  elementsOptions: { mode?: string; amount?: number; currency?: string } | null;
  submits: number;
  confirms: Array<{ clientSecret: string; redirect: string; returnUrl: string; card: string }>;
}

test("with Stripe configured, the home page still loads nothing from Stripe", async ({ page }) => {
  const watched = await refuseStripe(page);
  await page.goto(`${stripeShop}/`);
  await page.waitForLoadState("networkidle");
  expect(watched.stripeRequests).toEqual([]);
  expect(watched.scripts.filter((path) => /stripe/i.test(path))).toEqual([]);
});

test("the checkout asks js.stripe.com for Stripe.js and, when it cannot load, says so", async ({
  page,
  customer: _,
}) => {
  const watched = await refuseStripe(page);
  await openCheckout(page, stripeShop);

  await expect(page.getByText("An error has occurred in loading payment module")).toBeVisible();
  // Stripe's Payment Element replaces the local card form, and nothing can be confirmed.
  await expect(page.getByTestId("card-form")).toHaveCount(0);
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Confirm order" })).toBeDisabled();
  // The Payment Element's own chunk was fetched here, and Stripe.js asked from its host.
  expect(watched.scripts.some((path) => /StripePayment/.test(path))).toBe(true);
  expect(watched.stripeRequests.some((url) => url.startsWith("https://js.stripe.com/"))).toBe(true);
  // The publishable key reaches the page; the secret never does.
  const html = await page.content();
  expect(html).not.toContain("sk_test_e2e_offline");
});

test("pays through Stripe: the server's total in EUR, a decline stays silent and the retry pays the same order", async ({
  page,
  customer: { user },
}) => {
  await fakeStripeJs(page);
  await openCheckout(page, stripeShop);
  const confirm = page.getByRole("button", { name: "Confirm order" });
  const card = page.getByLabel("Fake card");
  await expect(card).toBeVisible();
  await expect(confirm).toBeDisabled();

  // A declined card: Stripe's element shows it; the page adds nothing and stays.
  await card.fill("4000 0000 0000 0002");
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect.poll(async () => (await fakeCalls(page)).confirms.length).toBe(1);
  await expect(confirm).toBeEnabled();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(page.getByText("An unexpected error occurred.")).toHaveCount(0);

  // The order was placed first, with the server's totals; its PaymentIntent is for that amount.
  const [order] = (await listOrdersForUser(shopContext(), user.id)).orders;
  if (!order) throw new Error("no order was placed");
  expect(order.payment).toBe("awaiting");
  const intent = stripeApi?.intents.find((i) => i.orderId === order.id);
  expect(intent).toMatchObject({
    amount: order.totalCents,
    currency: "eur",
    idempotencyKey: order.id,
  });
  const calls = await fakeCalls(page);
  expect(calls.elementsOptions).toMatchObject({ mode: "payment", currency: "eur" });
  expect(calls.elementsOptions?.amount).toBe(order.totalCents);

  // Another card: the same order and PaymentIntent are confirmed, nothing is placed twice.
  await card.fill("4242 4242 4242 4242");
  await confirm.click();
  await expect(page).toHaveURL(new RegExp(`/order/confirm-order\\?id=${order.id}$`));
  await expect(page.getByText("Email sent")).toBeVisible();
  const { confirms } = await fakeCalls(page);
  expect(confirms.map((c) => c.clientSecret)).toEqual([
    `${intent?.id}_secret_fake`,
    `${intent?.id}_secret_fake`,
  ]);
  expect(stripeApi?.intents.filter((i) => i.orderId === order.id)).toHaveLength(1);
  expect((await listOrdersForUser(shopContext(), user.id)).orders).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();
});

test("another failure says 'An unexpected error occurred.'; Stripe gets the client secret, redirect if_required and the way back", async ({
  page,
  customer: { user },
}) => {
  await fakeStripeJs(page);
  await openCheckout(page, stripeShop);
  await page.getByLabel("Fake card").fill("4000 0000 0000 9999");
  await page.getByRole("button", { name: "Confirm order" }).click();
  // Not a card or validation error: the page says so.
  await expect(page.getByText("An unexpected error occurred.")).toBeVisible();
  const [order] = (await listOrdersForUser(shopContext(), user.id)).orders;
  if (!order) throw new Error("no order was placed");
  const intent = stripeApi?.intents.find((i) => i.orderId === order.id);
  const { confirms } = await fakeCalls(page);
  expect(confirms).toEqual([
    {
      clientSecret: `${intent?.id}_secret_fake`,
      redirect: "if_required",
      returnUrl: `${stripeShop}/order/confirm-order?id=${order.id}`,
      card: "4000 0000 0000 9999",
    },
  ]);
});

test("reached from the cart's Checkout link, the checkout is its own document and keeps what the shopper types", async ({
  page,
  customer: _,
}) => {
  await fakeStripeJs(page);
  await openCheckout(page, stripeShop);
  await page.goto(`${stripeShop}/cart/view-cart`);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await page.locator('button[aria-controls="site-menu"]').waitFor({ state: "attached" });
  // A slow Payment Element chunk: anything that would reload the page comes after the typing.
  await page.route(/StripePayment[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);
  const company = page
    .getByRole("form", { name: "Checkout" })
    .getByLabel("Company", { exact: true });
  await company.fill("Typed Before Stripe Ltd");
  await expect(page.getByLabel("Fake card")).toBeVisible();
  await expect(company).toHaveValue("Typed Before Stripe Ltd");
  // The document itself was loaded at the checkout, under the checkout's own policy.
  const loadedAt = await page.evaluate(
    () => new URL(performance.getEntriesByType("navigation")[0]?.name ?? "").pathname,
  );
  expect(loadedAt).toBe("/cart/checkout");
});

test("when Stripe stops answering, the shopper is told nothing was charged; the retry pays the same order once", async ({
  page,
  customer: { user },
}) => {
  test.setTimeout(90_000);
  await fakeStripeJs(page);
  await openCheckout(page, stripeShop);
  await page.getByLabel("Fake card").fill("4242 4242 4242 4242");
  const confirm = page.getByRole("button", { name: "Confirm order" });

  stripeLine?.stall();
  try {
    await confirm.click();
    // Within the charge budget (the Stripe client's attempts), not a hanging page.
    await expect(page.getByText("The payment did not go through")).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText("Nothing was charged")).toBeVisible();
    await expect(page).toHaveURL(/\/cart\/checkout$/);
    await expect(page.getByLabel("Fake card")).toHaveValue("4242 4242 4242 4242");
  } finally {
    stripeLine?.resume();
  }
  // The order waits for its payment; Stripe never heard of it, and no card was charged.
  const [waiting, ...others] = (await listOrdersForUser(shopContext(), user.id)).orders;
  expect(others).toEqual([]);
  expect(waiting?.payment).toBe("awaiting");
  expect(stripeApi?.intents.filter((i) => i.orderId === waiting?.id)).toEqual([]);
  expect((await fakeCalls(page)).confirms).toEqual([]);

  // Pressed again: the same order, one PaymentIntent (keyed by the order), one charge.
  await confirm.click();
  await expect(page).toHaveURL(new RegExp(`/order/confirm-order\\?id=${waiting?.id}$`));
  expect((await listOrdersForUser(shopContext(), user.id)).orders.map((o) => o.id)).toEqual([
    waiting?.id,
  ]);
  const intents = stripeApi?.intents.filter((i) => i.orderId === waiting?.id) ?? [];
  expect(intents.map((i) => i.idempotencyKey)).toEqual([waiting?.id]);
  const { confirms } = await fakeCalls(page);
  expect(confirms.map((c) => c.clientSecret)).toEqual([`${intents[0]?.id}_secret_fake`]);
});

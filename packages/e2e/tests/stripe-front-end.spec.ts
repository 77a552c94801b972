// The checkout with Stripe configured (DESIGN §4, SPEC §8 "Payment module load failure"). A
// second web server, on the test shop's own cloud, runs with Stripe keys; js.stripe.com is
// refused (the tests need no network), so the checkout must say "An error has occurred in
// loading payment module" — after asking for Stripe.js, which only the checkout does.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { createAddress, createUser } from "@shop/core/server/accounts";
import { getProductBySlug } from "@shop/core/server/catalog";
import { freePort, REPO_ROOT, waitFor } from "@shop/local-cloud";
import { shopContext } from "../support/shop";

let server: ChildProcess | undefined;
let stripeShop = "";
let seq = 0;

test.beforeAll(async () => {
  const port = await freePort();
  stripeShop = `http://127.0.0.1:${port}`;
  const cloudEnv = JSON.parse(process.env.E2E_CLOUD_ENV ?? "{}") as Record<string, string>;
  let output = "";
  server = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, "web", "server.ts")], {
    cwd: join(REPO_ROOT, "web"),
    env: {
      ...process.env,
      ...cloudEnv,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      APP_URL: stripeShop,
      TRUST_PROXY: "1",
      STRIPE_SECRET_KEY: "sk_test_e2e_offline",
      STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_offline",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => {
    output += d;
  });
  server.stderr?.on("data", (d) => {
    output += d;
  });
  await waitFor("the Stripe-configured web server", 60_000, async () => {
    if (server?.exitCode !== null) throw new Error(`the web server exited:\n${output}`);
    const res = await fetch(`${stripeShop}/healthz`).catch(() => undefined);
    return res?.ok === true;
  });
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once("exit", resolve));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  if (server.exitCode === null) server.kill("SIGKILL");
});

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `192.0.2.${Date.now()}-${seq++}` });
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

test("with Stripe configured, the home page still loads nothing from Stripe", async ({ page }) => {
  const watched = await refuseStripe(page);
  await page.goto(`${stripeShop}/`);
  await page.waitForLoadState("networkidle");
  expect(watched.stripeRequests).toEqual([]);
  expect(watched.scripts.filter((path) => /stripe/i.test(path))).toEqual([]);
});

test("the checkout asks js.stripe.com for Stripe.js and, when it cannot load, says so", async ({
  page,
}, testInfo) => {
  const watched = await refuseStripe(page);
  const email = `stripe-front+${Date.now()}-${seq++}-${testInfo.project.name}@example.com`;
  const user = await createUser(shopContext(), {
    firstName: "Sofia",
    lastName: "Stripe",
    email,
    password: "secret1",
  });
  await createAddress(shopContext(), user.id, {
    company: undefined,
    apartment: undefined,
    address: "9 Via Roma",
    country: "Italy",
    city: "Roma",
    zipCode: "00100",
    phone: "+39 300 000 0000",
  });
  await page.goto(`${stripeShop}/auth/sign-in`);
  const main = page.getByRole("main");
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Password").fill("secret1");
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/product/);

  const tee = await getProductBySlug(shopContext(), "organic-cotton-crew-t-shirt");
  if (!tee) throw new Error("the seeded tee is missing");
  await page.evaluate(
    (stored) => localStorage.setItem("cart", JSON.stringify(stored)),
    [{ productId: tee.id, size: tee.sizes[0], quantity: 1 }],
  );
  await page.goto(`${stripeShop}/cart/checkout`);
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);

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

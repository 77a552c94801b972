// Bounded under faults (core/src/context/deadlines.ts): a second web server, on the test shop's
// own cloud, reaches the table through a proxy that can stop answering (support: local-cloud's
// startStallProxy), as DynamoDB Local does when its process is paused. While it is stalled,
// every storefront page ends within 6 seconds on the 503 page with Retry-After; after the
// resume, the same server answers again without a restart. A checkout whose order transaction
// gets no answer stores no order, redeems no promotion and charges nothing, keeps what the
// shopper typed, and "Confirm order" pressed again after the resume places exactly one order.
import { listContactMessages } from "@shop/core/server/contact";
import { listOrdersForUser } from "@shop/core/server/orders";
import { createPromotion, getPromotion } from "@shop/core/server/promotions";
import { type StallProxy, startStallProxy } from "@shop/local-cloud";
import { openCheckout } from "../support/checkout";
import { expect, signInAt, test } from "../support/fixtures";
import { originHeaders } from "../support/origin";
import { shopContext } from "../support/shop";
import { startWebServer, type WebServer } from "../support/web-server";

const PAGES = [
  "/product",
  "/product?category=women&sort=price-asc",
  "/product/organic-cotton-crew-t-shirt",
  "/product?search=Linen",
  // A resource route (the navbar's live search): the same 503, not a bare 500.
  "/api/search?q=Linen",
];

let server: WebServer | undefined;
let table: StallProxy | undefined;
let shop = "";
let seq = 0;

test.beforeAll(async ({ browserName: _browser }) => {
  const cloudEnv = JSON.parse(process.env.E2E_CLOUD_ENV ?? "{}") as Record<string, string>;
  table = await startStallProxy(cloudEnv.DYNAMODB_ENDPOINT ?? "");
  server = await startWebServer("the web server behind the stall proxy", {
    DYNAMODB_ENDPOINT: table.url,
    // AWS's deadlines against the stand-in, as a deployed stage has them.
    DEPENDENCY_DEADLINES: "aws",
    PAYMENTS: "test",
  });
  shop = server.url;
});

test.afterAll(async () => {
  await table?.close();
  await server?.stop();
});

const visitor = () => ({
  ...originHeaders(),
  "cloudfront-viewer-address": `192.0.2.${seq++}:${Date.now() % 60_000}`,
});

// Each test's page is a visitor of the server (its origin secret, an address of its own), from
// its start: the `customer` fixture signs in on that server.
test.use(signInAt(() => shop));
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(visitor());
});

test("with the table stalled, every storefront page ends within 6 s on the 503 page, and the shop recovers by itself", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  for (const path of PAGES) {
    expect((await fetch(`${shop}${path}`, { headers: visitor() })).status, path).toBe(200);
  }

  table?.stall();
  const logged = server?.output().length ?? 0;
  for (const path of PAGES) {
    const started = Date.now();
    const res = await fetch(`${shop}${path}`, { headers: visitor() });
    const ms = Date.now() - started;
    const body = await res.text();
    expect(res.status, path).toBe(503);
    expect(ms, path).toBeLessThan(6_000);
    expect(res.headers.get("retry-after"), path).toBe("5");
    expect(res.headers.get("cache-control"), path).toBe("no-store");
    expect(body, path).toContain("We&#39;ll be right back");
    expect(body, path).toContain("nothing was charged");
    expect(body, path).not.toMatch(/\bat .+:\d+:\d+|DependencyUnavailable|dynamodb/i);
  }
  // Each failure is one structured line naming the dependency and the operation.
  const lines = (server?.output() ?? "")
    .slice(logged)
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.length).toBeGreaterThanOrEqual(PAGES.length);
  for (const line of lines) {
    expect(line).toMatchObject({ event: "dependency.unavailable", dependency: "dynamodb" });
  }

  // What a shopper sees: the shop's name, the heading, a way to try again.
  await page.goto(`${shop}/product`);
  await expect(page.getByRole("heading", { name: "We'll be right back" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/product");
  await page.screenshot({ path: info.outputPath("unavailable.png") });

  table?.resume();
  for (const path of PAGES) {
    expect((await fetch(`${shop}${path}`, { headers: visitor() })).status, path).toBe(200);
  }
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("We'll be right back");
});

test("a checkout whose order gets no answer stores nothing and charges nothing; the retry places one order", async ({
  page,
  customer: { user },
}, info) => {
  test.setTimeout(120_000);
  const code = `STALL${Date.now() % 1_000_000}`;
  await createPromotion(shopContext(), {
    code,
    label: "Stall test: 5 € off",
    amountCents: 500,
    usageLimit: 1,
  });
  const cart = await openCheckout(page, shop);
  await page.getByLabel("Promotion code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("promotion-applied")).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("textbox", { name: "Company" }).fill("Stalled Ltd");

  // The order's one transaction is never answered (what reads before it still works).
  table?.stall((chunk) => chunk.includes("DynamoDB_20120810.TransactWriteItems"));
  const confirm = page.getByRole("button", { name: "Confirm order" });
  await confirm.click();
  await expect(page.getByText("Your order was not placed and nothing was charged")).toBeVisible({
    timeout: 8_000,
  });
  // Still the checkout, with what was typed and the cart.
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(page.getByRole("textbox", { name: "Company" })).toHaveValue("Stalled Ltd");
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cart"))) ?? "[]")).toEqual(
    cart,
  );
  await expect(confirm).toBeEnabled();
  await page.screenshot({ path: info.outputPath("checkout-unavailable.png") });

  table?.resume();
  // No order, no redeemed promotion, so nothing could be charged.
  expect((await listOrdersForUser(shopContext(), user.id)).orders).toEqual([]);
  expect((await getPromotion(shopContext(), code))?.usedCount).toBe(0);

  // Pressed again: exactly one order, paid, with the promotion used once.
  await confirm.click();
  await expect(page).toHaveURL(/\/order\/confirm-order\?id=/);
  const { orders } = await listOrdersForUser(shopContext(), user.id);
  expect(orders.map((o) => [o.payment, o.promotion?.code])).toEqual([["paid", code]]);
  expect((await getPromotion(shopContext(), code))?.usedCount).toBe(1);
});

test("a form sent while the table is stalled keeps what was typed, says so, and sends after the resume", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const subject = `Stalled parcel ${Date.now()}-${seq++}`;
  await page.goto(`${shop}/customer-service/contact`);
  const main = page.getByRole("main");
  await main.getByLabel("First name").fill("Ana");
  await main.getByLabel("Last name").fill("Garcia");
  await main.getByLabel("E-mail").fill("ana.stall@example.com");
  await main.getByLabel("Phone").fill("0123456789");
  await main.getByLabel("Subject").fill(subject);
  await main.getByLabel("Message", { exact: true }).fill("Where is my parcel?");

  table?.stall();
  try {
    await main.getByRole("button", { name: "Send message" }).click();
    await expect(
      main.getByRole("alert").filter({ hasText: "What you entered is still here" }),
    ).toBeVisible({ timeout: 8_000 });
    // The page stays (no error page), the fields as typed.
    await expect(main.getByLabel("Subject")).toHaveValue(subject);
    await expect(main.getByLabel("Message", { exact: true })).toHaveValue("Where is my parcel?");
    await expect(main.getByRole("button", { name: "Send message" })).toBeEnabled();
  } finally {
    table?.resume();
  }
  const subjects = async () =>
    (await listContactMessages(shopContext(), 100)).map((message) => message.subject);
  expect(await subjects()).not.toContain(subject);

  await main.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Your message has been sent.")).toBeVisible();
  expect((await subjects()).filter((s) => s === subject)).toHaveLength(1);
});

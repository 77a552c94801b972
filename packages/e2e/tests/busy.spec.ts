// "Busy", not "error" (docs/decisions/034-busy-not-error.md): a second web server, on the test
// shop's own cloud, reaches the table through local-cloud's busy table, which answers as AWS does
// at a partition's limit (ProvisionedThroughputExceededException, ThrottlingException). While
// the table stays busy, a storefront page is the 503 page in busy words (never a 500) and the
// checkout's "Confirm order" answers 503 with its busy message, what was typed and the cart kept;
// once the table answers again, the same "Confirm order" places one order.
import { ORDER_BUSY } from "@shop/core/common";
import { listOrdersForUser } from "@shop/core/server/orders";
import { type BusyTable, startBusyTable } from "@shop/local-cloud";
import { openCheckout } from "../support/checkout";
import { expect, signInAt, test } from "../support/fixtures";
import { originHeaders } from "../support/origin";
import { shopContext } from "../support/shop";
import { startWebServer, type WebServer } from "../support/web-server";

const PAGES = ["/product", "/product/organic-cotton-crew-t-shirt", "/api/search?q=Linen"];

let server: WebServer | undefined;
let table: BusyTable | undefined;
let shop = "";
let seq = 0;

test.beforeAll(async ({ browserName: _browser }) => {
  const cloudEnv = JSON.parse(process.env.E2E_CLOUD_ENV ?? "{}") as Record<string, string>;
  table = await startBusyTable(cloudEnv.DYNAMODB_ENDPOINT ?? "");
  server = await startWebServer("the web server behind the busy table", {
    DYNAMODB_ENDPOINT: table.url,
    DEPENDENCY_DEADLINES: "aws",
    PAYMENTS: "test",
  });
  shop = server.url;
});

test.afterAll(async () => {
  await table?.close();
  await server?.stop();
});

test.afterEach(() => table?.clear());

const visitor = () => ({
  ...originHeaders(),
  "cloudfront-viewer-address": `198.51.100.${seq++}:${Date.now() % 60_000}`,
});

// Each test's page is a visitor of the server (its origin secret, an address of its own), from
// its start: the `customer` fixture signs in on that server.
test.use(signInAt(() => shop));
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(visitor());
});

test("with the table throttled, a storefront page is the 503 busy page, never a 500, and the cart stays", async ({
  page,
}) => {
  test.setTimeout(90_000);
  for (const path of PAGES) {
    expect((await fetch(`${shop}${path}`, { headers: visitor() })).status, path).toBe(200);
  }
  await page.goto(`${shop}/product`);
  const cart = [{ productId: "p-busy", size: "M", quantity: 2 }];
  await page.evaluate((stored) => localStorage.setItem("cart", JSON.stringify(stored)), cart);
  const cookies = await page.context().cookies();

  table?.refuse({ answer: "ProvisionedThroughputExceeded" });
  for (const path of PAGES) {
    const res = await fetch(`${shop}${path}`, { headers: visitor() });
    const body = await res.text();
    expect(res.status, path).toBe(503);
    expect(res.headers.get("retry-after"), path).toBe("5");
    expect(body, path).toContain("We&#39;re very busy right now");
    expect(body, path).toContain("your cart is kept");
  }
  expect(table?.refused.ProvisionedThroughputExceeded).toBeGreaterThan(PAGES.length);

  const answer = await page.goto(`${shop}/product`);
  expect(answer?.status()).toBe(503);
  await expect(page.getByRole("heading", { name: "We're very busy right now" })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cart"))) ?? "[]")).toEqual(
    cart,
  );
  expect(await page.context().cookies()).toEqual(cookies);

  table?.clear();
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("We're very busy right now");
});

test("with the order's transaction throttled, Confirm order answers 503 busy with the input and cart kept; afterwards one order", async ({
  page,
  customer: { user },
}) => {
  test.setTimeout(120_000);
  const cart = await openCheckout(page, shop);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("textbox", { name: "Company" }).fill("Busy Ltd");

  table?.refuse({ answer: "Throttling", operation: "TransactWriteItems" });
  const confirm = page.getByRole("button", { name: "Confirm order" });
  const placing = page.waitForResponse(
    (res) => res.request().method() === "POST" && res.url().includes("/cart/checkout"),
  );
  await confirm.click();
  expect((await placing).status()).toBe(503);
  await expect(page.getByText(ORDER_BUSY)).toBeVisible();
  expect(table?.refused.Throttling).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(page.getByRole("textbox", { name: "Company" })).toHaveValue("Busy Ltd");
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cart"))) ?? "[]")).toEqual(
    cart,
  );
  expect((await listOrdersForUser(shopContext(), user.id)).orders).toEqual([]);

  table?.clear();
  await confirm.click();
  await expect(page).toHaveURL(/\/order\/confirm-order\?id=/);
  const { orders } = await listOrdersForUser(shopContext(), user.id);
  expect(orders.map((o) => o.payment)).toEqual(["paid"]);
});

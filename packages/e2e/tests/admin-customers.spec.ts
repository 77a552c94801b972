// Admin · Customers and the order export (docs/product.md §10 "Customers", "Orders"): the seeded
// admin finds a new customer by e-mail and reads their page (their paid order, what they spent,
// no axe violation that is serious or critical); "Export CSV" downloads the orders placed in a
// date range, which parse back into the same orders (number, e-mail, total) after a UTF-8 BOM,
// from S3 through the link the site redirects to; a bad range is a 400 naming the field; a visitor and a customer are refused on both routes.
// A customer whose address bounced hard says so, and what the shop still sends them.
import { EXPORT_RANGE_REVERSED } from "@shop/core/insights";
import { formatPrice } from "@shop/core/pricing";
import { createUser, type User } from "@shop/core/server/accounts";
import type { Order } from "@shop/core/server/orders";
import { handleMailEvent } from "@shop/core/server/reactions";
import { parseCsv } from "../support/csv";
import { expect, test } from "../support/fixtures";
import { orderOf, seededLine } from "../support/orders";
import { serious, waitForHydration } from "../support/pages";
import { shopContext } from "../support/shop";

let seq = 0;
const unique = (project: string) =>
  `${Date.now()}-${seq++}-${project}-${Math.random().toString(36).slice(2, 6)}`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "cloudfront-viewer-address": `203.0.113.${unique("ip")}` });
});

async function newCustomer(project: string, lastName = "Núñez"): Promise<User> {
  return createUser(shopContext(), {
    firstName: "Renée",
    lastName,
    email: `admin-customers+${unique(project)}@example.com`,
    password: "secret1",
  });
}

/** A paid order of `quantity` of a seeded product, placed and paid through core. */
const paidOrder = async (user: User, quantity = 1): Promise<Order> =>
  orderOf(user, [await seededLine(undefined, quantity)]);

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("a customer found by e-mail shows their paid order, what they spent and their details", async ({
  adminPage: page,
}, info) => {
  test.slow(); // sign-in, two pages, two axe scans on a shared machine
  const customer = await newCustomer(info.project.name);
  const order = await paidOrder(customer, 2);

  await page.goto("/admin/customers");
  await expect(page.getByRole("heading", { name: "Customers", level: 2 })).toBeVisible();
  expect(await serious(page)).toEqual([]);
  const search = page.getByRole("search", { name: "Customers" });
  // Part of the address finds them (accent- and case-insensitive search by name works alike).
  await search.getByLabel("Search customers").fill(customer.email.split("@")[0] ?? "");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/admin\/customers\?q=admin-customers/);
  const row = page.getByTestId("admin-customer-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customer.email);
  await row.getByRole("link", { name: "Renée Núñez" }).click();

  await expect(page.getByRole("heading", { name: "Renée Núñez" })).toBeVisible();
  await expect(page.getByTestId("customer-email")).toContainText(customer.email);
  await expect(page.getByTestId("customer-newsletter")).toHaveText("Not subscribed");
  await expect(page.getByTestId("customer-review-count")).toHaveText("0");
  await expect(page.getByTestId("customer-order-count")).toHaveText("1");
  await expect(page.getByTestId("customer-total-spent")).toHaveText(formatPrice(order.totalCents));
  const orderRow = page.getByTestId("admin-order-row");
  await expect(orderRow).toHaveCount(1);
  await expect(orderRow).toContainText(formatPrice(order.totalCents));
  await expect(orderRow).toContainText("Paid");
  expect(await serious(page)).toEqual([]);

  await orderRow.getByRole("link", { name: order.number }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
  await expect(page.getByRole("heading", { name: `Order ${order.number}` })).toBeVisible();
});

test("a customer whose address bounced hard shows it, with what is still sent", async ({
  adminPage: page,
}, info) => {
  const customer = await newCustomer(info.project.name, "Bounced");
  await page.goto(`/admin/customers/${customer.id}`);
  await expect(page.getByTestId("customer-mail-state")).toHaveText("Delivered normally");
  // SES's event, as the mail-events function hands it to core (docs/decisions/037-mail-reputation.md).
  await handleMailEvent(shopContext(), {
    eventType: "Bounce",
    bounce: {
      bounceType: "Permanent",
      bouncedRecipients: [{ emailAddress: customer.email }],
      timestamp: "2026-11-28T09:30:00.000Z",
    },
    mail: { messageId: `e2e-${unique(info.project.name)}` },
  });
  await page.reload();
  await expect(page.getByTestId("customer-mail-state")).toHaveText(
    "Hard bounce on 2026-11-28: mail suppressed (password resets and e-mail changes still sent)",
  );
});

test("the admin nav leads to Customers, newest first", async ({ adminPage: page }, info) => {
  const newest = await newCustomer(info.project.name, "Newest");
  await page.goto("/admin/orders");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Customers" })
    .click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  // Other tests sign up too: the newest account is among the first rows, never below older ones.
  const emails = await page
    .getByTestId("admin-customer-row")
    .locator("td:nth-child(2)")
    .allTextContents();
  expect(emails.slice(0, 10)).toContain(newest.email);
});

test("Export CSV downloads the range's orders, with a BOM, parsing back into the same orders", async ({
  adminPage: page,
}, info) => {
  test.slow();
  const customer = await newCustomer(info.project.name);
  const orders = [await paidOrder(customer, 1), await paidOrder(customer, 3)];
  await page.goto("/admin/orders");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Export CSV" });

  // A reversed range is refused in the page, on its field, and nothing downloads.
  await form.getByLabel("From").fill(day(1));
  await form.getByLabel("To").fill(day(-1));
  await form.getByRole("button", { name: "Export CSV" }).click();
  await expect(form.getByText(EXPORT_RANGE_REVERSED)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/orders$/);

  await form.getByLabel("From").fill(day(-1));
  await form.getByLabel("To").fill(day(1));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    form.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`orders-${day(-1)}-${day(1)}.csv`);
  // Downloaded from S3 itself, through the link the site redirected to.
  expect(new URL(download.url()).pathname).toMatch(/\/exports\/[0-9a-f-]+\.csv$/);
  const path = await download.path();
  const bytes = await import("node:fs/promises").then((fs) => fs.readFile(path));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(bytes.subarray(3).toString("utf8"));
  expect(header).toEqual([
    "Number",
    "Date",
    "Customer e-mail",
    "State",
    "Payment",
    "Subtotal",
    "Shipping",
    "Tax",
    "Discount",
    "Total",
    "Lines",
    "Refunded",
    "Promotions",
  ]);
  for (const order of orders) {
    const row = rows.find((r) => r[0] === order.number);
    expect(row, order.number).toBeDefined();
    expect(row?.[2]).toBe(customer.email);
    expect(row?.[9]).toBe((order.totalCents / 100).toFixed(2));
    expect(row?.[10]).toMatch(new RegExp(`^${order.lines[0]?.quantity}× `));
  }
  // Oldest first.
  const numbers = rows.map((r) => r[0]);
  expect(numbers.indexOf(orders[0]?.number ?? "")).toBeLessThan(
    numbers.indexOf(orders[1]?.number ?? ""),
  );
});

test("a bad range is a 400 naming the field, never a 500", async ({ adminPage: page }) => {
  const cases: Array<[string, string]> = [
    ["", "from: From is required"],
    ["?from=2026-02-30&to=2026-03-01", "from: Enter a valid date (YYYY-MM-DD)"],
    ["?from=2026-03-02&to=2026-03-01", `to: ${EXPORT_RANGE_REVERSED}`],
    ["?from=2026-03-01&from=2026-03-02&to=2026-03-03", "from:"],
  ];
  for (const [query, message] of cases) {
    const res = await page.request.get(`/admin/orders/export${query}`, { maxRedirects: 0 });
    expect(res.status(), query).toBe(400);
    expect(await res.text(), query).toContain(message);
  }
  // A good range: a redirect, never cached, to a signed link to the file in S3
  // (docs/decisions/030-exports-past-lambda-limits.md), which downloads it.
  const path = `/admin/orders/export?from=${day(0)}&to=${day(0)}`;
  const redirect = await page.request.get(path, { maxRedirects: 0 });
  expect(redirect.status()).toBe(303);
  expect(redirect.headers()["cache-control"]).toBe("private, no-store");
  const link = new URL(redirect.headers().location ?? "");
  expect(link.origin).not.toBe(new URL(redirect.url()).origin);
  expect(link.pathname).toMatch(/\/exports\/[0-9a-f-]+\.csv$/);
  expect(link.searchParams.get("X-Amz-Signature")).toBeTruthy();
  const ok = await page.request.get(path);
  // (Another export, so another key, in the same bucket.)
  expect(new URL(ok.url()).origin).toBe(link.origin);
  expect(new URL(ok.url()).pathname).toMatch(/\/exports\/[0-9a-f-]+\.csv$/);
  expect(ok.status()).toBe(200);
  expect(ok.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(ok.headers()["content-disposition"]).toBe(
    `attachment; filename="orders-${day(0)}-${day(0)}.csv"`,
  );
});

test("a visitor and a customer are refused the customers pages and the export", async ({
  playwright,
  customerRequest: customer,
  baseURL,
}, info) => {
  const someone = await newCustomer(info.project.name);
  const paths = [
    "/admin/customers",
    `/admin/customers/${someone.id}`,
    `/admin/orders/export?from=${day(-1)}&to=${day(1)}`,
  ];
  const visitor = await playwright.request.newContext({ baseURL });
  const refusals = [
    [visitor, "Your session has expired, please sign-in again"],
    [customer, "re not allowed to access this page"], // (the apostrophe is escaped in HTML)
  ] as const;
  for (const [request, message] of refusals) {
    for (const path of paths) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location, path).toMatch(/^\/auth\/sign-in\?/);
      expect(await res.text(), path).not.toContain(someone.email);
      const landed = await request.get(path);
      expect(landed.url(), path).toMatch(/\/auth\/sign-in/);
      expect(await landed.text(), path).toContain(message);
    }
  }
  await visitor.dispose();
});

test("the CSV reader reads RFC 4180", () => {
  expect(parseCsv('a,"b,""c""\r\nd",\r\n"",x\r\n')).toEqual([
    ["a", 'b,"c"\r\nd', ""],
    ["", "x"],
  ]);
});

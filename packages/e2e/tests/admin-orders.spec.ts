// Admin · Orders as the seeded admin: find an order (by number, by the customer's e-mail, by
// state), move a paid order PENDING → SHIPPED → DELIVERED (the customer is mailed when it ships),
// see why a change is refused, cancel with a refund, delete behind a confirmation; and every
// loader and action of these routes refuses a visitor and a customer, changing nothing.
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { formatPrice } from "@shop/core/pricing";
import { createUser, type User } from "@shop/core/server/accounts";
import { orderKey } from "@shop/core/server/db";
import { changeOrderState, getOrder, type Order } from "@shop/core/server/orders";
import { expect, test } from "../support/fixtures";
import { orderOf, seededLine } from "../support/orders";
import { signIn } from "../support/pages";
import { mailbox, shopContext, waitForMail } from "../support/shop";

let seq = 0;
const unique = (project: string) =>
  `${Date.now()}-${seq++}-${project}-${Math.random().toString(36).slice(2, 6)}`;
const clientAddress = () => `203.0.113.${unique("ip")}`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "cloudfront-viewer-address": clientAddress() });
});

async function newCustomer(project: string): Promise<User> {
  return createUser(shopContext(), {
    firstName: "Carla",
    lastName: "Customer",
    email: `admin-orders+${unique(project)}@example.com`,
    password: "secret1",
  });
}

/** An order of two of a seeded product, delivered EXPRESS; paid with 4242… unless `paid` is false. */
const order = async (
  user: User,
  { paid = true, slug = "organic-cotton-crew-t-shirt" } = {},
): Promise<Order> =>
  orderOf(user, [await seededLine(slug, 2)], { deliveryMethod: "EXPRESS", paid });

/** The orders list's own search form (the header has a product search too). */
const search = (page: Page) => page.getByRole("search", { name: "Orders" });

const stateOf = async (id: string) => (await getOrder(shopContext(), id))?.state;

test("a paid order found by number goes PENDING → SHIPPED → DELIVERED; the customer is mailed when it ships", async ({
  adminPage: page,
}, info) => {
  test.slow(); // a whole journey, an axe scan and the mail delivery on a shared machine
  const customer = await newCustomer(info.project.name);
  const paid = await order(customer);

  await page.goto("/admin/orders");
  await search(page).getByLabel("Search orders").fill(paid.number.toLowerCase());
  await search(page).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?q=tl-/);
  const row = page.getByTestId("admin-order-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(paid.number);
  await expect(row).toContainText(customer.email);
  await expect(row).toContainText(formatPrice(paid.totalCents));
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("Paid");
  await row.getByRole("link", { name: paid.number }).click();

  await expect(page.getByRole("heading", { name: `Order ${paid.number}` })).toBeVisible();
  await expect(page.getByTestId("order-customer")).toHaveText(customer.email);
  await expect(page.getByTestId("order-line")).toContainText("Quantity 2");
  await expect(page.getByTestId("order-delivery")).toHaveText("EXPRESS");
  await expect(page.getByTestId("order-address")).toContainText("8 Calle Mayor");
  await expect(page.getByTestId("order-total")).toHaveText(formatPrice(paid.totalCents));
  // Only the allowed next states are offered.
  const buttons = page.getByRole("main").getByRole("button");
  await expect(page.getByRole("button", { name: "Mark as delivered" })).toHaveCount(0);
  await expect(buttons.filter({ hasText: /^Mark as|^Cancel order$/ })).toHaveText([
    "Mark as shipped",
    "Cancel order",
  ]);
  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
    ["serious", "critical"].includes(v.impact ?? ""),
  );
  expect(violations).toEqual([]);

  await page.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(page.getByText(`Order ${paid.number} is now shipped`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark as shipped" })).toHaveCount(0);
  expect(await stateOf(paid.id)).toBe("SHIPPED");

  // The shipping e-mail: order.shipped → stream → mailer → the local mailbox.
  const mail = await waitForMail(customer.email, /has shipped/, 20_000);
  expect(mail.subject).toBe(`Your order ${paid.number} has shipped`);
  expect(mail.body.text).toContain("8 Calle Mayor");

  await page.getByRole("button", { name: "Mark as delivered" }).click();
  await expect(page.getByText(`Order ${paid.number} is now delivered`)).toBeVisible();
  await expect(page.getByText("This order is final")).toBeVisible();
  expect(await stateOf(paid.id)).toBe("DELIVERED");
  // One shipping e-mail, not one per change.
  const shippedMails = (await mailbox()).filter(
    (m) => m.destination.to.includes(customer.email) && /has shipped/.test(m.subject),
  );
  expect(shippedMails).toHaveLength(1);

  // The invoice downloads for the admin through the customer's invoice route.
  await expect(async () => {
    expect((await getOrder(shopContext(), paid.id))?.invoiceKey).toBeTruthy();
  }).toPass();
  await page.reload();
  const href = await page.getByRole("link", { name: /Download invoice/ }).getAttribute("href");
  expect(href).toBe(`/order/invoice/${paid.id}`);
  const pdf = await page.request.get(href ?? "");
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("a refused change is explained: not paid yet, changed meanwhile, or a crafted request", async ({
  adminPage: page,
}, info) => {
  const customer = await newCustomer(info.project.name);
  const unpaid = await order(customer, { paid: false });
  const paid = await order(customer);

  // Not paid: shipping is offered disabled, with the reason.
  await page.goto(`/admin/orders/${unpaid.id}`);
  await expect(page.getByRole("button", { name: "Mark as shipped" })).toBeDisabled();
  await expect(page.getByText("An order cannot be shipped before it is paid")).toBeVisible();

  // Another admin cancels while this page is open: the click is refused with the server's why.
  await page.goto(`/admin/orders/${paid.id}`);
  await changeOrderState(shopContext(), paid.id, "CANCELED");
  await page.getByRole("button", { name: "Mark as shipped" }).click();
  const notice = page.getByTestId("order-state-error");
  await expect(notice).toContainText("An order that is CANCELED cannot become SHIPPED");
  expect(await stateOf(paid.id)).toBe("CANCELED");

  // A crafted request for DELIVERED → PENDING: 409 with the reason; nothing changes.
  const delivered = await order(customer);
  await changeOrderState(shopContext(), delivered.id, "SHIPPED");
  await changeOrderState(shopContext(), delivered.id, "DELIVERED");
  // (The invoice reaction may still add its key meanwhile: compare what a change would touch.)
  const touched = async () => {
    const o = await getOrder(shopContext(), delivered.id);
    return [o?.state, o?.updatedAt, o?.shippedAt, o?.deliveredAt, o?.canceledAt, o?.refundDue];
  };
  const before = await touched();
  const crafted = await page.request.post(`/admin/orders/${delivered.id}`, {
    form: { intent: "state", state: "PENDING" },
    maxRedirects: 0,
  });
  expect(crafted.status()).toBe(409);
  expect(await crafted.text()).toContain("An order that is DELIVERED cannot become PENDING");
  for (const state of ["LOST", ""]) {
    const bad = await page.request.post(`/admin/orders/${delivered.id}`, {
      form: { intent: "state", state },
      maxRedirects: 0,
    });
    expect(bad.status()).toBe(400);
  }
  expect(await touched()).toEqual(before);
});

test("cancelling a paid order asks first, then refunds it", async ({ adminPage: page }, info) => {
  const customer = await newCustomer(info.project.name);
  const paid = await order(customer);
  await page.goto(`/admin/orders/${paid.id}`);
  await page.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel order ${paid.number}?` });
  await expect(dialog).toContainText(formatPrice(paid.totalCents));
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(await stateOf(paid.id)).toBe("PENDING");

  await page.getByRole("button", { name: "Cancel order" }).click();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(
    page.getByText(
      `Order ${paid.number} is now canceled; ${formatPrice(paid.totalCents)} refunded`,
    ),
  ).toBeVisible();
  await expect(page.getByTestId("order-refund")).toContainText("Refunded on");
  const after = await getOrder(shopContext(), paid.id);
  expect(after).toMatchObject({ state: "CANCELED", refundDue: false });
  expect(after?.refundId).toBeTruthy();

  // Had the gateway failed, the refund stays due, and the admin can issue it again.
  await shopContext().db.send(
    new UpdateCommand({
      TableName: shopContext().tableName,
      Key: orderKey(paid.id),
      UpdateExpression: "SET refundDue = :true REMOVE refundId, refundedAt",
      ExpressionAttributeValues: { ":true": true },
    }),
  );
  await page.reload();
  await expect(page.getByTestId("order-refund")).toContainText("A refund is due");
  await page.getByRole("button", { name: "Issue refund" }).click();
  await expect(
    page.getByText(`${formatPrice(paid.totalCents)} refunded for order ${paid.number}`),
  ).toBeVisible();
  await expect(page.getByTestId("order-refund")).toContainText("Refunded on");
  await expect(page.getByRole("button", { name: "Issue refund" })).toHaveCount(0);
});

async function customerPage(browser: Browser, user: User) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "cloudfront-viewer-address": clientAddress() },
  });
  const page = await context.newPage();
  await signIn(page, user.email, "secret1");
  return page;
}

test("deleting an order asks first; it is gone from the list and the customer's history", async ({
  adminPage: page,
  browser,
}, info) => {
  // Two browsers (the admin's and the customer's) and an order placed first: over 30 s on a busy
  // two-core machine.
  test.slow();
  const customer = await newCustomer(info.project.name);
  const doomed = await order(customer);
  const kept = await order(customer, { slug: "lambswool-crew-sweater" });
  const shopper = await customerPage(browser, customer);
  await shopper.goto("/order/order-history");
  await expect(shopper.getByTestId("order-row")).toHaveCount(2);

  await page.goto(`/admin/orders/${doomed.id}`);
  await page.getByRole("button", { name: "Delete order" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete order ${doomed.number}?` });
  await dialog.getByRole("button", { name: "Delete order" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByText(`Order ${doomed.number} deleted`)).toBeVisible();
  expect(await getOrder(shopContext(), doomed.id)).toBeNull();

  await page.goto(`/admin/orders?q=${encodeURIComponent(doomed.number)}`);
  await expect(page.getByTestId("admin-orders-empty")).toHaveText("No orders match.");
  const gone = await page.goto(`/admin/orders/${doomed.id}`);
  expect(gone?.status()).toBe(404);

  await shopper.reload();
  await expect(shopper.getByTestId("order-row")).toHaveCount(1);
  await expect(shopper.getByTestId("order-row")).toContainText(kept.number);
  await expect(shopper.getByText(doomed.number)).toHaveCount(0);
  await shopper.context().close();
});

test("the list searches by e-mail and filters by state, all in the URL, at 375 px", async ({
  adminPage: page,
}, info) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const customer = await newCustomer(info.project.name);
  const first = await order(customer);
  const second = await order(customer, { paid: false });
  await changeOrderState(shopContext(), first.id, "SHIPPED");

  await page.goto("/admin/orders");
  await search(page).getByLabel("Search orders").fill(customer.email.toUpperCase());
  await search(page).getByRole("button", { name: "Search" }).click();
  const rows = page.getByTestId("admin-order-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(second.number);
  await expect(rows.nth(0)).toContainText("Awaiting payment");
  await expect(rows.nth(1)).toContainText(first.number);
  await expect(rows.nth(1)).toContainText("Shipped");

  await search(page).getByLabel("State").selectOption("SHIPPED");
  await search(page).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/state=SHIPPED/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(first.number);
  // Nothing sticks out sideways on a 375 px screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // The URL alone reproduces the view (reload, bookmark).
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(search(page).getByLabel("State")).toHaveValue("SHIPPED");

  const bad = await page.goto("/admin/orders?q=shirt");
  expect(bad?.status()).toBe(400);
  await expect(page.getByText("Enter an order number (TL-XXXXXXXX)")).toBeVisible();
  expect((await page.goto("/admin/orders?state=LOST"))?.status()).toBe(400);
  expect((await page.goto("/admin/orders?cursor=bm9wZQ"))?.status()).toBe(400);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form and the state buttons work", async ({ adminPage: page }, info) => {
    const customer = await newCustomer(info.project.name);
    const paid = await order(customer);
    await page.goto("/admin/orders");
    await search(page).getByLabel("Search orders").fill(paid.number);
    await search(page).getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("admin-order-row")).toHaveCount(1);
    await page.getByRole("link", { name: paid.number }).click();
    await page.getByRole("button", { name: "Mark as shipped" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${paid.id}$`));
    await expect(page.getByText(`Order ${paid.number} is now shipped`)).toBeVisible();
    expect(await stateOf(paid.id)).toBe("SHIPPED");
  });
});

test("a visitor and a customer are refused by every loader and action, changing nothing", async ({
  page,
  adminState,
}, info) => {
  const owner = await newCustomer(info.project.name);
  const paid = await order(owner);
  const paths = ["/admin/orders", "/admin/orders?q=x@example.com", `/admin/orders/${paid.id}`];
  const writes: Array<Record<string, string>> = [
    { intent: "state", state: "SHIPPED" },
    { intent: "state", state: "CANCELED" },
    { intent: "delete" },
  ];
  const expectRefused = async (who: "expired" | "forbidden") => {
    for (const path of paths) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect([302, 303], `${who} GET ${path}`).toContain(res.status());
      expect(res.headers().location).toMatch(/^\/auth\/sign-in/);
    }
    for (const form of writes) {
      for (const path of [
        `/admin/orders/${paid.id}`,
        `/admin/orders/${paid.id}?_data=routes%2Fadmin.orders.%24id`,
      ]) {
        const res = await page.request.post(path, { form, maxRedirects: 0 });
        // A data request (?_data) gets Remix's redirect: 204 with X-Remix-Redirect.
        const to = res.headers()["x-remix-redirect"] ?? res.headers().location ?? "";
        expect([204, 302, 303, 403], `${who} POST ${path} ${form.intent}`).toContain(res.status());
        if (res.status() !== 403) expect(to).toMatch(/^\/auth\/sign-in/);
      }
    }
    const now = await getOrder(shopContext(), paid.id);
    expect(now).toMatchObject({ state: "PENDING", payment: "paid" });
    expect(now?.refundDue).toBeUndefined();
  };

  await expectRefused("expired");
  const customer = await newCustomer(`${info.project.name}-c`);
  await signIn(page, customer.email, "secret1");
  await expectRefused("forbidden");
  // The owner of the order is a customer too: no admin powers over their own order.
  await page.context().clearCookies();
  await signIn(page, owner.email, "secret1");
  await expectRefused("forbidden");

  // An admin's session from another site (CSRF) is refused too.
  await page.context().clearCookies();
  await page.context().addCookies(adminState.cookies);
  const csrf = await page.request.post(`/admin/orders/${paid.id}`, {
    form: { intent: "delete" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(csrf.status()).toBe(403);
  expect(await stateOf(paid.id)).toBe("PENDING");
});

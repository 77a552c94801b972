// Orders after checkout: the history lists the customer's orders (number, state, date, total)
// with the invoice download; another user gets a 404 for the confirmation page and the invoice.
import AxeBuilder from "@axe-core/playwright";
import { formatPrice } from "@shop/core/pricing";
import { createUser, type User } from "@shop/core/server/accounts";
import { getOrder } from "@shop/core/server/orders";
import { expect, test } from "../support/fixtures";
import { orderOf, seededLine } from "../support/orders";
import { shopContext } from "../support/shop";

let seq = 0;
const uniqueEmail = (project: string) =>
  `orders+${Date.now()}-${seq++}-${project}-${Math.random().toString(36).slice(2, 6)}@example.com`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    "cloudfront-viewer-address": `198.51.100.${Date.now()}-${seq++}`,
  });
});

async function newUser(project: string) {
  const email = uniqueEmail(project);
  const user = await createUser(shopContext(), {
    firstName: "Olga",
    lastName: "Orders",
    email,
    password: "secret1",
  });
  return { user, email };
}

// The `customer` fixture: a new customer, signed in on `page`.
test.use({ customerProfile: { firstName: "Olga", lastName: "Orders", address: null } });

/** An order of a seeded product placed and paid with `cardNumber` through core (4242…: paid). */
const paidOrder = async (user: User, slug?: string, cardNumber?: string) =>
  orderOf(user, [await seededLine(slug)], { cardNumber });

test("the order history lists the orders newest first, and each invoice downloads as a PDF", async ({
  page,
  customer: { user },
}) => {
  const older = await paidOrder(user);
  const newer = await paidOrder(user, "lambswool-crew-sweater");

  // The invoices are built from the payment event; the list says so until they are stored.
  await expect(async () => {
    const [a, b] = await Promise.all([
      getOrder(shopContext(), older.id),
      getOrder(shopContext(), newer.id),
    ]);
    expect(a?.invoiceKey && b?.invoiceKey).toBeTruthy();
  }).toPass();
  await page.goto("/order/order-history");
  const rows = page.getByTestId("order-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(newer.number);
  await expect(rows.nth(0)).toContainText(formatPrice(newer.totalCents));
  await expect(rows.nth(0)).toContainText("Paid · preparing");
  const iso = newer.createdAt;
  await expect(rows.nth(0)).toContainText(
    `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
  );
  await expect(rows.nth(1)).toContainText(older.number);

  const link = rows.nth(0).getByRole("link", { name: /Download invoice/ });
  const href = await link.getAttribute("href");
  expect(href).toBe(`/order/invoice/${newer.id}`);
  const res = await page.request.get(href ?? "");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");

  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
    ["serious", "critical"].includes(v.impact ?? ""),
  );
  expect(violations).toEqual([]);
});

test("a declined payment shows as failed in the history, with no invoice", async ({
  page,
  customer: { user },
}) => {
  await expect(paidOrder(user, undefined, "4000000000000002")).rejects.toThrow(
    "Your card was declined.",
  );
  await page.goto("/order/order-history");
  const row = page.getByTestId("order-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Payment failed");
  await expect(row).toContainText("No invoice until paid");
});

test("another user cannot read an order's confirmation page or its invoice", async ({
  page,
  customer: _other,
}, testInfo) => {
  const owner = await newUser(`${testInfo.project.name}-owner`);
  const order = await paidOrder(owner.user);

  const confirmation = await page.goto(`/order/confirm-order?id=${order.id}`);
  expect(confirmation?.status()).toBe(404);
  await expect(page.getByText(order.number)).toHaveCount(0);
  const invoice = await page.request.get(`/order/invoice/${order.id}`);
  expect(invoice.status()).toBe(404);
  expect(invoice.headers()["content-type"]).not.toBe("application/pdf");
  const unknown = await page.request.get("/order/invoice/no-such-order");
  expect(unknown.status()).toBe(404);
});

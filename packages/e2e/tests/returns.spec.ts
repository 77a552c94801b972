// Returns and exchanges end to end: a customer returns one of two items of a delivered order from
// the order history; the admin approves, receives and refunds it; the customer gets the refund
// e-mail with the credit note PDF, the stock is one higher and the order shows "Refunded". An
// exchange for another size takes the new size's unit at the request and, once received, appears
// as a replacement order. axe finds no serious violation on the new pages.
import type { Browser, Page } from "@playwright/test";
import { createUser, type User } from "@shop/core/server/accounts";
import { createProduct, deleteProduct } from "@shop/core/server/catalog";
import { getStock } from "@shop/core/server/inventory";
import { drawnTexts } from "@shop/core/server/invoices";
import { changeOrderState, getOrder } from "@shop/core/server/orders";
import { getReturn } from "@shop/core/server/returns";
import { expect, type StorageState, test } from "../support/fixtures";
import { orderOf } from "../support/orders";
import { expectFitsPhone, serious, signIn } from "../support/pages";
import { shopContext, waitForMail } from "../support/shop";

let seq = 0;
const unique = (project: string) =>
  `${Date.now()}-${seq++}-${project}-${Math.random().toString(36).slice(2, 6)}`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "cloudfront-viewer-address": `203.0.113.${unique("ip")}` });
});

/** A product of its own (other tests change the seeded stock at any moment). */
/** A navy product in the sizes of `stock`, with those units of each (stock per variant). */
async function product(project: string, name: string, stock: Record<string, number>) {
  const token = unique(project);
  return createProduct(shopContext(), {
    slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${token}`.slice(0, 90),
    name: `${name} ${token.slice(-4)}`,
    category: "Men",
    priceCents: 2000,
    description: "For a return.",
    sizes: Object.keys(stock) as never,
    colours: ["navy"],
    stock: Object.fromEntries(Object.entries(stock).map(([size, n]) => [`navy/${size}`, n])),
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: name, colour: "navy" }],
  });
}

/** A paid order of `lines`, shipped and delivered through core, as the admin does. */
async function deliveredOrder(user: User, lines: Array<{ productId: string; size: string }>) {
  const ctx = shopContext();
  const placed = await orderOf(
    user,
    lines.map((l) => ({ ...l, quantity: 1 })),
  );
  await changeOrderState(ctx, placed.id, "SHIPPED");
  return changeOrderState(ctx, placed.id, "DELIVERED");
}

// The `customer` fixture (no saved address) signs in on `page`; the test without JavaScript
// signs its customers in through the form in contexts of its own.
test.use({ customerProfile: { firstName: "Rita", lastName: "Returns", address: null } });

async function customer(project: string) {
  return createUser(shopContext(), {
    firstName: "Rita",
    lastName: "Returns",
    email: `returns+${unique(project)}@example.com`,
    password: "secret1",
  });
}

/** The admin, in a browser context of its own, on a return's page. */
async function adminOn(browser: Browser, adminState: StorageState, rma: string): Promise<Page> {
  const context = await browser.newContext({ storageState: adminState });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "cloudfront-viewer-address": `203.0.113.${unique("admin")}` });
  await page.goto(`/admin/returns/${rma}`);
  return page;
}

/** The customer asks for the return on the form, from the order history. */
async function requestFromHistory(
  page: Page,
  orderNumber: string,
  choose: (form: Page) => Promise<void>,
): Promise<string> {
  await page.goto("/order/order-history");
  await page.getByRole("link", { name: `Return or exchange items of ${orderNumber}` }).click();
  await expect(page.getByRole("heading", { name: "Return or exchange items" })).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await expectFitsPhone(page);
  await choose(page);
  await page.getByRole("button", { name: "Request return" }).click();
  await expect(page).toHaveURL(/\/order\/returns\/RMA-[0-9A-Z]{8}$/);
  const rma = (await page.getByTestId("rma").textContent()) ?? "";
  expect(rma).toMatch(/^RMA-/);
  expect(await serious(page)).toEqual([]);
  await expectFitsPhone(page);
  return rma;
}

test("a customer returns one of two items; the admin approves, receives and refunds it", async ({
  page,
  browser,
  adminState,
  customer: { user },
}, info) => {
  test.slow();
  const shirt = await product(info.project.name, "Return shirt", { M: 5 });
  const socks = await product(info.project.name, "Return socks", { M: 5 });
  try {
    const order = await deliveredOrder(user, [
      { productId: shirt.id, size: "M" },
      { productId: socks.id, size: "M" },
    ]);
    expect((await getStock(shopContext(), shirt.id))["navy/M"]).toBe(4);

    const rma = await requestFromHistory(page, order.number, async (form) => {
      await form.getByLabel(`Quantity to return of ${shirt.name}`).selectOption("1");
      await form.getByLabel("Reason").selectOption({ label: "Too large" });
    });
    await expect(page.getByText("Requested", { exact: true })).toBeVisible();
    const registered = await waitForMail(user.email, new RegExp(`Your return ${rma}`));
    expect(registered.body.text).toContain(`/order/returns/${rma}/slip`);
    const slip = await page.request.get(`/order/returns/${rma}/slip`);
    expect(slip.headers()["content-type"]).toBe("application/pdf");
    expect(drawnTexts(await slip.body())).toContain(`Return number: ${rma}`);

    const admin = await adminOn(browser, adminState, rma);
    expect(await serious(admin)).toEqual([]);
    await admin.getByRole("button", { name: "Approve" }).click();
    await expect(admin.getByText("Approved", { exact: true }).first()).toBeVisible();
    await admin.getByRole("button", { name: "Mark as received" }).click();
    await expect(admin.getByRole("button", { name: /^Refund / })).toBeVisible();
    expect((await getStock(shopContext(), shirt.id))["navy/M"]).toBe(5);
    await admin.getByRole("button", { name: /^Refund / }).click();
    await expect(admin.getByText("Refunded", { exact: true }).first()).toBeVisible();
    // The Returns list, filtered by state.
    await admin.goto("/admin/returns");
    await admin.getByLabel("State").selectOption({ label: "Refunded" });
    await admin.getByRole("button", { name: "Filter" }).click();
    await expect(admin).toHaveURL(/\/admin\/returns\?state=refunded$/);
    await expect(admin.getByRole("link", { name: rma })).toBeVisible();
    expect(await serious(admin)).toEqual([]);
    await admin.goto("/admin/returns?state=requested");
    await expect(admin.getByRole("link", { name: rma })).toHaveCount(0);
    await admin.context().close();

    // One item of two: its price as paid, tax included (20 € + 25 %), no delivery.
    const refundMail = await waitForMail(user.email, new RegExp(`Your refund for return ${rma}`));
    expect(refundMail.body.text).toContain("25.00 €");
    const attachment = refundMail.attachments.find((a) => a.filename.startsWith("credit-note-"));
    expect(attachment?.filename).toBe(`credit-note-CN-${rma.slice(4)}.pdf`);
    const texts = drawnTexts(Buffer.from(attachment?.content ?? "", "base64"));
    expect(texts).toContain(`Credit note CN-${rma.slice(4)}`);
    expect(texts).toContain("25.00 €");

    // Restocked once; the order shows the return refunded.
    expect((await getStock(shopContext(), shirt.id))["navy/M"]).toBe(5);
    await page.goto(`/order/confirm-order?id=${order.id}`);
    const row = page.getByTestId("return-row").filter({ hasText: rma });
    await expect(row.getByText("Refunded")).toBeVisible();
    expect(await serious(page)).toEqual([]);
  } finally {
    await deleteProduct(shopContext(), shirt.id);
    await deleteProduct(shopContext(), socks.id);
  }
});

test("an exchange for another size takes the unit at once and ships it as a replacement order", async ({
  page,
  browser,
  adminState,
  customer: { user },
}, info) => {
  test.slow();
  const trousers = await product(info.project.name, "Exchange trousers", { M: 3, L: 2 });
  try {
    const order = await deliveredOrder(user, [{ productId: trousers.id, size: "M" }]);
    const rma = await requestFromHistory(page, order.number, async (form) => {
      await form.getByLabel(`Quantity to return of ${trousers.name}`).selectOption("1");
      await form
        .getByLabel(`Exchange ${trousers.name} for colour and size`)
        .selectOption({ label: "Navy, Large" });
      await form.getByLabel("Reason").selectOption({ label: "Too small" });
    });
    expect((await getStock(shopContext(), trousers.id))["navy/L"]).toBe(1);

    const admin = await adminOn(browser, adminState, rma);
    await admin.getByRole("button", { name: "Approve" }).click();
    await expect(admin.getByRole("button", { name: "Mark as received" })).toBeVisible();
    await admin.getByRole("button", { name: "Mark as received" }).click();
    await expect(admin.getByText("Exchanged", { exact: true }).first()).toBeVisible();
    await expect(admin.getByTestId("replacement-order")).toBeVisible();
    expect(await serious(admin)).toEqual([]);
    await admin.context().close();

    const exchanged = await getReturn(shopContext(), rma);
    const replacement = await getOrder(shopContext(), exchanged?.replacementOrderId ?? "");
    expect(replacement).toMatchObject({
      userId: user.id,
      totalCents: 0,
      exchangeOf: rma,
      lines: [{ productId: trousers.id, colour: "navy", size: "L", quantity: 1 }],
    });
    // The returned M is back; the reserved L is the replacement order's.
    expect(await getStock(shopContext(), trousers.id)).toMatchObject({
      "navy/M": 3,
      "navy/L": 1,
    });
    await page.goto("/order/order-history");
    await page.getByRole("link", { name: replacement?.number ?? "none" }).click();
    await expect(page.getByRole("heading", { name: "Your replacement order" })).toBeVisible();
    await page.getByRole("link", { name: rma }).click();
    await expect(page.getByTestId("replacement-order")).toContainText(replacement?.number ?? "-");
    await expect(page.getByText("Exchanged", { exact: true })).toBeVisible();
  } finally {
    await deleteProduct(shopContext(), trousers.id);
  }
});

test("without JavaScript the form answers on its fields; bad input is a 4xx, never a 5xx", async ({
  browser,
}, info) => {
  test.skip(info.project.name === "mobile", "the same server answers at any width");
  test.slow();
  const coat = await product(info.project.name, "Return coat", { M: 5, L: 0 });
  try {
    const user = await customer(info.project.name);
    const other = await customer(info.project.name);
    const order = await deliveredOrder(user, [{ productId: coat.id, size: "M" }]);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.setExtraHTTPHeaders({ "cloudfront-viewer-address": `203.0.113.${unique("nojs")}` });
    await signIn(page, user.email, "secret1");
    const form = `/order/returns/new?order=${order.id}`;
    await page.goto(form);
    // L is sold out: only the sizes in stock are offered.
    const sizes = page.getByLabel(`Exchange ${coat.name} for colour and size`).locator("option");
    await expect(sizes).toHaveText(["No exchange: refund me"]);
    await page.getByRole("button", { name: "Request return" }).click();
    await expect(page.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("p", { hasText: /^Choose a reason$/ })).toBeVisible();
    // The reason chosen is kept; nothing to return is said on the first quantity.
    await page.getByLabel("Reason").selectOption({ label: "Faulty" });
    await page.getByRole("button", { name: "Request return" }).click();
    await expect(page.getByText("Choose at least one item to return")).toBeVisible();
    await expect(page.getByLabel("Reason")).toHaveValue("faulty");
    await page.getByLabel(`Quantity to return of ${coat.name}`).selectOption("1");
    await page.getByRole("button", { name: "Request return" }).click();
    await expect(page).toHaveURL(/\/order\/returns\/RMA-[0-9A-Z]{8}$/);

    // Crafted requests: each refused with a 4xx and its message, nothing stored.
    const post = (url: string, fields: Record<string, string>) =>
      page.request.post(url, { form: fields, maxRedirects: 0 });
    const again = await post(form, { "quantity-0": "1", reason: "faulty" });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("An open return already covers this item");
    const more = await post(form, { "quantity-0": "2", reason: "faulty" });
    expect(more.status()).toBe(400);
    expect(await more.text()).toContain("You bought 1 of this item: you cannot return more");
    const size = await post(form, { "quantity-0": "1", "size-0": "XXL", reason: "faulty" });
    expect(size.status()).toBeGreaterThanOrEqual(400);
    expect(size.status()).toBeLessThan(500);
    await context.close();

    // Another customer's order is not found, and so is its return form.
    const intruder = await browser.newContext();
    const stranger = await intruder.newPage();
    await stranger.setExtraHTTPHeaders({
      "cloudfront-viewer-address": `203.0.113.${unique("other")}`,
    });
    await signIn(stranger, other.email, "secret1");
    expect((await stranger.goto(form))?.status()).toBe(404);
    const theirs = await stranger.request.post(form, {
      form: { "quantity-0": "1", reason: "faulty" },
      maxRedirects: 0,
    });
    expect(theirs.status()).toBe(404);
    await intruder.close();
  } finally {
    await deleteProduct(shopContext(), coat.id);
  }
});

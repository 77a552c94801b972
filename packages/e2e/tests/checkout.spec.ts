// The checkout (docs/product.md §2 "/cart/checkout", §4 "Checkout flow", docs/architecture.md §4): a signed-in customer
// with a saved address checks out two products with EXPRESS and WELCOME10, pays with the local
// test gateway's card and gets the confirmation, an empty cart and the e-mail with the invoice.
// Also the decline card, the guards, a bad promotion code and crafted POSTs.
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { formatPrice, type PriceBreakdown, quote } from "@shop/core/pricing";
import { createAddress, createUser } from "@shop/core/server/accounts";
import { getProductBySlug } from "@shop/core/server/catalog";
import { drawnTexts } from "@shop/core/server/invoices";
import { listOrdersForUser } from "@shop/core/server/orders";
import { expect, test } from "../support/fixtures";
import { shopContext, waitForMail } from "../support/shop";

const TEE = "organic-cotton-crew-t-shirt"; // 25.00 €
const SWEATER = "lambswool-crew-sweater"; // 99.99 €

let seq = 0;
const uniqueEmail = (project: string) =>
  `checkout+${Date.now()}-${seq++}-${project}-${Math.random().toString(36).slice(2, 6)}@example.com`;
const clientAddress = () => ({ "cloudfront-viewer-address": `198.51.100.${Date.now()}-${seq++}` });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(clientAddress());
});

const ADDRESS = {
  company: "Acme",
  address: "12 Calle Mayor",
  apartment: "3B",
  country: "Spain",
  city: "Madrid",
  zipCode: "28013",
  phone: "+34 600 000 000",
};

async function product(slug: string) {
  const found = await getProductBySlug(shopContext(), slug);
  if (!found) throw new Error(`seeded product ${slug} is missing`);
  return found;
}

// The `customer` fixture: a new customer with this saved address, signed in on `page`.
test.use({ customerProfile: { firstName: "Carla", lastName: "Checkout", address: ADDRESS } });

/** Puts a tee and a sweater in the stored cart and opens the checkout. */
async function checkoutWithTwoProducts(page: Page) {
  const tee = await product(TEE);
  const sweater = await product(SWEATER);
  const lines = [
    { productId: tee.id, size: tee.sizes[0], quantity: 1 },
    { productId: sweater.id, size: sweater.sizes[0], quantity: 1 },
  ];
  await page.evaluate((stored) => localStorage.setItem("cart", JSON.stringify(stored)), lines);
  await page.goto("/cart/checkout");
  await expect(page.getByTestId("checkout-line")).toHaveCount(2);
  return [
    { unitPriceCents: tee.priceCents, quantity: 1 },
    { unitPriceCents: sweater.priceCents, quantity: 1 },
  ];
}

async function expectTotals(page: Page, b: PriceBreakdown) {
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary.getByTestId("summary-subtotal")).toHaveText(formatPrice(b.subtotalCents));
  await expect(summary.getByTestId("summary-shipping")).toHaveText(
    b.freeShipping ? "Free" : formatPrice(b.shippingCents),
  );
  await expect(summary.getByTestId("summary-tax")).toHaveText(formatPrice(b.taxCents));
  await expect(summary.getByTestId("summary-total")).toHaveText(formatPrice(b.totalCents));
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel("Promotion code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
    ["serious", "critical"].includes(v.impact ?? ""),
  );

/** dd/MM/yyyy of today (UTC), as the invoice prints it. */
function today(): string {
  const iso = new Date().toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

// FIXME: passes up to the confirmation page; the e-mail never arrived in the last run while the
// event delivery (core/src/events, uncommitted work of another engineer) was being changed.
test("a customer checks out with a saved address, EXPRESS and WELCOME10, and gets the invoice by e-mail", async ({
  page,
  customer: { email },
}) => {
  const lines = await checkoutWithTwoProducts(page);

  // The saved address is there to pick; picking it fills the shipping form.
  await page.getByRole("radio", { name: /12 Calle Mayor/ }).check();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue(ADDRESS.address);
  await expect(page.getByLabel("Zip code")).toHaveValue(ADDRESS.zipCode);

  // STANDARD is the default; EXPRESS changes the totals by the rule, on the server.
  await expect(page.getByRole("radio", { name: /STANDARD/ })).toBeChecked();
  await expectTotals(page, quote(lines, "STANDARD"));
  await page.getByText("EXPRESS").click();
  await expect(page.getByTestId("delivery-EXPRESS")).toHaveAttribute("data-selected", "true");
  await expectTotals(page, quote(lines, "EXPRESS"));

  await applyCode(page, "  WELCOME10 ");
  await expect(page.getByTestId("promotion-applied")).toContainText("Promotion code applied");
  const expected = quote(lines, "EXPRESS", { amountCents: 1000 });
  await expectTotals(page, expected);
  await expect(page.getByTestId("summary-discount")).toHaveText(`−${formatPrice(1000)}`);

  expect(await serious(page)).toEqual([]);

  const confirm = page.getByRole("button", { name: "Confirm order" });
  await expect(confirm).toBeDisabled();
  await fillCard(page, "4242 4242 4242 4242");
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(page).toHaveURL(/\/order\/confirm-order\?id=/);
  await expect(page.getByText("Email sent")).toBeVisible();
  await expect(
    page.getByText("An email has been sent to confirm your order.").first(),
  ).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText(formatPrice(expected.totalCents));
  await expect(page.getByTestId("order-subtotal")).toHaveText(formatPrice(expected.subtotalCents));
  await expect(page.getByTestId("order-shipping")).toHaveText(formatPrice(expected.shippingCents));
  await expect(page.getByTestId("order-tax")).toHaveText(formatPrice(expected.taxCents));
  await expect(page.getByTestId("order-line")).toHaveCount(2);
  await expect(page.getByTestId("order-delivery")).toHaveText("EXPRESS");
  await expect(page.getByTestId("order-address")).toContainText(ADDRESS.address);
  const number = (await page.getByTestId("order-number").textContent()) ?? "";
  expect(number).toMatch(/^TL-/);
  expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();
  await expect(page.getByRole("link", { name: /^Cart, 0 items$/ }).first()).toBeAttached();
  expect(await serious(page)).toEqual([]);

  // The confirmation e-mail carries the invoice PDF with the order's facts.
  const mail = await waitForMail(email, new RegExp(number));
  const pdfs = mail.attachments.filter((a) => a.filename.endsWith(".pdf"));
  expect(pdfs).toHaveLength(1);
  const texts = drawnTexts(Buffer.from(pdfs[0]?.content ?? "", "base64"));
  expect(texts).toContain(`Order number: ${number}`);
  expect(texts).toContain(`Date: ${today()}`);
  expect(texts).toContain(ADDRESS.address);
  expect(texts).toContain(`${ADDRESS.zipCode} ${ADDRESS.city}`);
  expect(texts).toContain((await product(TEE)).name);
  expect(texts).toContain((await product(SWEATER)).name);
  for (const cents of [
    expected.subtotalCents,
    expected.shippingCents,
    expected.taxCents,
    expected.totalCents,
  ]) {
    expect(texts).toContain(formatPrice(cents));
  }
});

test("a declined card shows its message on the card form, places no paid order and keeps the cart", async ({
  page,
  customer: { user },
}) => {
  await checkoutWithTwoProducts(page);
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Confirm order" }).click();
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  const { orders } = await listOrdersForUser(shopContext(), user.id);
  expect(orders.filter((order) => order.payment === "paid")).toEqual([]);
  await expect(page.getByTestId("checkout-line")).toHaveCount(2);
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("cart"))) ?? "[]");
  expect(stored).toHaveLength(2);
});

test("the checkout needs a cart and a session, and comes back after sign-in", async ({
  page,
}, testInfo) => {
  // Signed out: the session message on the sign-in screen, then back to the checkout.
  const email = uniqueEmail(testInfo.project.name);
  await createUser(shopContext(), {
    firstName: "Gus",
    lastName: "Guard",
    email,
    password: "secret1",
  });
  await page.goto("/cart/checkout");
  await expect(page).toHaveURL(/\/auth\/sign-in\?/);
  await expect(page.getByText("Your session has expired, please sign-in again")).toBeVisible();
  const main = page.getByRole("main");
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Password").fill("secret1");
  await main.getByRole("button", { name: "Sign in" }).click();
  // Signed in with an empty cart: the checkout sends the customer to the cart.
  await expect(page).toHaveURL(/\/cart\/view-cart$/);
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  // With a cart, the same way in ends on the checkout.
  const tee = await product(TEE);
  await page.evaluate(
    (id) =>
      localStorage.setItem("cart", JSON.stringify([{ productId: id, size: "M", quantity: 1 }])),
    tee.id,
  );
  await page.goto("/cart/checkout");
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);
});

test("an unknown promotion code shows the server's message and clears the promotion", async ({
  page,
  customer: _,
}) => {
  const lines = await checkoutWithTwoProducts(page);
  await applyCode(page, "WELCOME10");
  await expect(page.getByTestId("promotion-applied")).toBeVisible();
  await expectTotals(page, quote(lines, "STANDARD", { amountCents: 1000 }));

  await applyCode(page, "NO-SUCH-CODE");
  await expect(page.getByText("Promotion code not found")).toBeVisible();
  await expect(page.getByTestId("promotion-applied")).toHaveCount(0);
  await expectTotals(page, quote(lines, "STANDARD"));
});

// HTTP-level: no layout involved, so desktop only.
async function signInRequest(request: APIRequestContext, project: string) {
  const email = uniqueEmail(project);
  const user = await createUser(shopContext(), {
    firstName: "Hal",
    lastName: "Http",
    email,
    password: "secret1",
  });
  const res = await request.post("/auth/sign-in", {
    form: { intent: "sign-in", email, password: "secret1" },
    headers: clientAddress(),
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  return user;
}

test("a crafted POST cannot set the price, the amount or use someone else's address", async ({
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "HTTP only: no layout");
  const victim = await createUser(shopContext(), {
    firstName: "Vic",
    lastName: "Tim",
    email: uniqueEmail(`${testInfo.project.name}-victim`),
    password: "secret1",
  });
  const victimAddress = await createAddress(shopContext(), victim.id, {
    ...ADDRESS,
    address: "1 Victim Road",
  });
  const user = await signInRequest(request, testInfo.project.name);
  const tee = await product(TEE);
  const form = {
    intent: "place",
    lines: JSON.stringify([
      { productId: tee.id, size: tee.sizes[0], quantity: 2, unitPriceCents: 1, priceCents: 1 },
    ]),
    amount: "1",
    totalCents: "1",
    addressId: victimAddress.id,
    ...ADDRESS,
    deliveryMethod: "STANDARD",
    code: "",
    cardNumber: "4242424242424242",
    expiry: "12/34",
    cvc: "123",
  };

  // A quantity out of range is refused with a field and a message, and nothing is stored.
  const refused = await request.post("/cart/checkout", {
    form: {
      ...form,
      lines: JSON.stringify([{ productId: tee.id, size: tee.sizes[0], quantity: 50 }]),
    },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  expect((await listOrdersForUser(shopContext(), user.id)).orders).toEqual([]);

  const res = await request.post("/cart/checkout", { form, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toMatch(/^\/order\/confirm-order\?id=/);
  const { orders } = await listOrdersForUser(shopContext(), user.id);
  expect(orders).toHaveLength(1);
  const order = orders[0];
  const expected = quote([{ unitPriceCents: tee.priceCents, quantity: 2 }], "STANDARD");
  expect(order?.totalCents).toBe(expected.totalCents);
  expect(order?.lines[0]?.unitPriceCents).toBe(tee.priceCents);
  expect(order?.address.address).toBe(ADDRESS.address);
  expect(order?.payment).toBe("paid");
});

// Admin promotions (docs/product.md §10 "Promotions", §4 "Promotion", §8; docs/architecture.md §5): an admin creates a code, a customer uses it
// at checkout (the order shows the discount, the admin list then shows it used once); editing,
// the server's refusal as the banner titled "error" and on the field, delete behind a
// confirmation; and the guards: signed out or a customer, the loader and the action refuse and
// nothing changes.
import type { Page } from "@playwright/test";
import { formatPrice, quote } from "@shop/core/pricing";
import { createAddress, createUser } from "@shop/core/server/accounts";
import { getProductBySlug } from "@shop/core/server/catalog";
import { createPromotion, getPromotion } from "@shop/core/server/promotions";
import { expect, test } from "../support/fixtures";
import { expectFitsPhone, serious, signIn } from "../support/pages";
import { shopContext } from "../support/shop";

const TEE = "organic-cotton-crew-t-shirt"; // 25.00 €

let seq = 0;
const tag = () => `${Date.now().toString(36)}${seq++}${Math.random().toString(36).slice(2, 6)}`;
/** A unique code per test and project (tests run in parallel against one shop). */
const uniqueCode = (project: string) => `E2E-${project.slice(0, 1).toUpperCase()}${tag()}`;
const clientAddress = () => ({ "cloudfront-viewer-address": `198.51.100.${Date.now()}-${seq++}` });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(clientAddress());
});

async function newCustomer(project: string) {
  const email = `promo+${project}-${tag()}@example.com`;
  const user = await createUser(shopContext(), {
    firstName: "Pia",
    lastName: "Promo",
    email,
    password: "secret1",
  });
  await createAddress(shopContext(), user.id, {
    company: undefined,
    apartment: undefined,
    address: "7 Rue Promo",
    country: "France",
    city: "Lyon",
    zipCode: "69001",
    phone: "+33 600 000 000",
  });
  return { user, email, password: "secret1" };
}

const row = (page: Page, code: string) =>
  page.getByTestId("promotion-row").filter({ has: page.getByRole("heading", { name: code }) });

test("an admin creates a promotion; a customer's order gets its discount; its usage shows 1", async ({
  adminPage: page,
  adminState,
}, info) => {
  // The admin's pages, a customer's sign-in, a checkout and a payment on a shared two-core machine.
  test.setTimeout(120_000);
  const code = uniqueCode(info.project.name);
  await page.goto("/admin/promotions");
  const form = page.getByRole("form", { name: "New promotion" });
  await form.getByLabel("Code").fill(`  ${code} `);
  await form.getByLabel("Label").fill("Seven fifty off");
  await form.getByLabel("Amount (€)").fill("7.50");
  await form.getByLabel("Usage limit").fill("5");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText(`Promotion ${code} created`)).toBeVisible();
  const created = row(page, code);
  await expect(created.getByTestId("promotion-amount")).toHaveText("7.50 €");
  await expect(created.getByTestId("promotion-usage")).toHaveText("0 / 5");
  await expect(created.getByTestId("promotion-expiry")).toHaveText("Never");
  await expect(created.getByTestId("promotion-state")).toHaveText("active");
  expect(await getPromotion(shopContext(), code)).toMatchObject({
    code,
    label: "Seven fifty off",
    amountCents: 750,
    usageLimit: 5,
    usedCount: 0,
  });
  expect(await serious(page)).toEqual([]);
  await expectFitsPhone(page);

  // A customer applies it at checkout and pays.
  await page.context().clearCookies();
  const customer = await newCustomer(info.project.name);
  await signIn(page, customer.email, customer.password);
  const tee = await getProductBySlug(shopContext(), TEE);
  if (!tee) throw new Error("seeded product missing");
  const lines = [{ productId: tee.id, size: tee.sizes[0], quantity: 2 }];
  await page.evaluate((stored) => localStorage.setItem("cart", JSON.stringify(stored)), lines);
  await page.goto("/cart/checkout");
  await page.getByRole("radio", { name: /7 Rue Promo/ }).check();
  await page.getByLabel("Promotion code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("promotion-applied")).toContainText("Promotion code applied");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Confirm order" }).click();
  await expect(page).toHaveURL(/\/order\/confirm-order\?id=/);
  const expected = quote([{ unitPriceCents: tee.priceCents, quantity: 2 }], "STANDARD", {
    amountCents: 750,
  });
  await expect(page.getByTestId("order-discount")).toContainText(formatPrice(750));
  await expect(page.getByTestId("order-total")).toHaveText(formatPrice(expected.totalCents));

  // Back in the admin: used once.
  await page.context().clearCookies();
  await page.context().addCookies(adminState.cookies);
  await page.goto("/admin/promotions");
  await expect(row(page, code).getByTestId("promotion-usage")).toHaveText("1 / 5");
});

test("an admin edits a promotion, sees a refused code as the banner and on the field, and deletes with confirmation", async ({
  adminPage: page,
}, info) => {
  test.setTimeout(90_000);
  const code = uniqueCode(info.project.name);
  await createPromotion(shopContext(), { code, label: "Before", amountCents: 300 });
  await page.goto("/admin/promotions");

  // The browser checks the form with the schema: nothing is sent.
  const form = page.getByRole("form", { name: "New promotion" });
  await form.getByLabel("Amount (€)").fill("ten");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(form.getByText("Code is required")).toBeVisible();
  await expect(form.getByText("Amount must be in euros, e.g. 10 or 7.50")).toBeVisible();

  // The server refuses a code that exists: the banner titled "error", and the Code field.
  await form.getByLabel("Code").fill(code);
  await form.getByLabel("Label").fill("Duplicate");
  await form.getByLabel("Amount (€)").fill("1");
  await form.getByRole("button", { name: "Create" }).click();
  const banner = page
    .getByRole("alert")
    .filter({ has: page.getByRole("heading", { name: "error" }) });
  await expect(banner).toContainText("A promotion with this code already exists");
  await expect(banner).toBeInViewport();
  await expect(form.getByText("A promotion with this code already exists")).toBeVisible();
  await expect(form.getByLabel("Label")).toHaveValue("Duplicate");
  expect(await getPromotion(shopContext(), code)).toMatchObject({ label: "Before" });

  // Edit: label, amount, expiry and limit.
  await row(page, code)
    .getByRole("link", { name: `Edit ${code}` })
    .click();
  const edit = page.getByRole("form", { name: `Edit ${code}` });
  await expect(edit.getByLabel("Amount (€)")).toHaveValue("3.00");
  await edit.getByLabel("Label").fill("After");
  await edit.getByLabel("Amount (€)").fill("12");
  await edit.getByLabel("Expiry date").fill("2020-01-31");
  await edit.getByLabel("Usage limit").fill("2");
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText(`Promotion ${code} updated`)).toBeVisible();
  const edited = row(page, code);
  await expect(edited.getByText("After")).toBeVisible();
  await expect(edited.getByTestId("promotion-amount")).toHaveText("12.00 €");
  await expect(edited.getByTestId("promotion-expiry")).toHaveText("2020-01-31");
  await expect(edited.getByTestId("promotion-usage")).toHaveText("0 / 2");
  await expect(edited.getByTestId("promotion-state")).toHaveText("expired");

  // Delete asks first; Cancel keeps it.
  await edited.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete the promotion ${code}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, code)).toHaveCount(1);
  await row(page, code).getByRole("button", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`Promotion ${code} deleted`)).toBeVisible();
  await expect(row(page, code)).toHaveCount(0);
  expect(await getPromotion(shopContext(), code)).toBeNull();
});

test("without JavaScript, Delete asks in place and then deletes", async ({
  browser,
  adminState,
}, info) => {
  const code = uniqueCode(info.project.name);
  await createPromotion(shopContext(), { code, label: "No script", amountCents: 100 });
  const context = await browser.newContext({
    ...(info.project.use as object),
    javaScriptEnabled: false,
    extraHTTPHeaders: clientAddress(),
    storageState: adminState,
  });
  const page = await context.newPage();
  await page.goto("/admin/promotions");
  const question = row(page, code).getByText(`Delete the promotion ${code}?`);
  await expect(question).toBeHidden();
  await row(page, code).locator("summary", { hasText: "Delete" }).click(); // opens the question
  await expect(question).toBeVisible();
  await row(page, code).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`Promotion ${code} deleted`)).toBeVisible();
  await expect(row(page, code)).toHaveCount(0);
  expect(await getPromotion(shopContext(), code)).toBeNull();
  await context.close();
});

test("signed out or as a customer, the promotions loader and action refuse and change nothing", async ({
  playwright,
  customerRequest: request,
}, info) => {
  const code = uniqueCode(info.project.name);
  await createPromotion(shopContext(), { code, label: "Guarded", amountCents: 100 });
  const signedOut = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const posts: Record<string, string>[] = [
    { intent: "delete", code },
    { intent: "update", code, label: "Hacked", amount: "99" },
    { intent: "create", code: `${code}X`, label: "Hacked", amount: "99" },
  ];
  for (const [who, client, reason] of [
    ["signed out", signedOut, "expired"],
    ["customer", request, "forbidden"],
  ] as const) {
    const page = await client.get("/admin/promotions", { maxRedirects: 0 });
    expect(page.status(), who).toBe(302);
    expect(page.headers().location, who).toMatch(
      new RegExp(`^/auth/sign-in\\?redirectTo=%2Fadmin%2Fpromotions&reason=${reason}$`),
    );
    for (const form of posts) {
      const res = await client.post("/admin/promotions", { form, maxRedirects: 0 });
      expect(res.status(), `${who} ${form.intent}`).toBe(302);
      expect(res.headers().location).toMatch(/^\/auth\/sign-in\?/);
    }
  }
  expect(await getPromotion(shopContext(), code)).toMatchObject({
    label: "Guarded",
    amountCents: 100,
  });
  expect(await getPromotion(shopContext(), `${code}X`)).toBeNull();
  await signedOut.dispose();
});

test("an admin's malformed or hostile requests get a 4xx with a message and change nothing", async ({
  adminRequest: request,
}, info) => {
  const code = uniqueCode(info.project.name);
  await createPromotion(shopContext(), { code, label: "Kept", amountCents: 500, usageLimit: 3 });
  const answers = [
    await request.post("/admin/promotions", {
      data: { intent: "delete", code },
      maxRedirects: 0,
    }),
    await request.post("/admin/promotions", {
      form: { intent: "update", code, label: "x".repeat(500), amount: "-3", usageLimit: "0" },
      maxRedirects: 0,
    }),
    await request.post("/admin/promotions", {
      form: { intent: "drop-table", code },
      maxRedirects: 0,
    }),
    await request.post("/admin/promotions", {
      form: { intent: "delete", code: `${code}-missing` },
      maxRedirects: 0,
    }),
    await request.post("/admin/promotions", {
      headers: { Origin: "https://evil.example" },
      form: { intent: "delete", code },
      maxRedirects: 0,
    }),
  ];
  // JSON is not a form: 415 (web/app/lib/form.server.ts).
  expect(answers.map((a) => a.status())).toEqual([415, 400, 400, 404, 403]);
  expect(await getPromotion(shopContext(), code)).toMatchObject({
    label: "Kept",
    amountCents: 500,
    usageLimit: 3,
  });
});

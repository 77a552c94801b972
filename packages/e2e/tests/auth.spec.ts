// Sign-up, sign-in, logout and the e-mailed password reset, as a shopper does them.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { createUser } from "@shop/core/server/accounts";
import { openMobileMenu } from "../support/pages";
import { shopContext, waitForMail } from "../support/shop";

let seq = 0;
const uniqueEmail = (project: string) =>
  `ana+${Date.now()}-${seq++}-${project}-${Math.random().toString(36).slice(2, 6)}@example.com`;

// Each test comes from its own client address, so abuse limits never couple tests.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    "cloudfront-viewer-address": `198.51.100.${Math.floor(Math.random() * 250)}-${Date.now()}-${seq++}`,
  });
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth/sign-in");
  const main = page.getByRole("main");
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Password").fill(password);
  await main.getByRole("button", { name: "Sign in" }).click();
}

test("sign-up signs the new customer in, with their name in the menu", async ({ page }, info) => {
  await page.goto("/auth/sign-up");
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.filter((v) => ["serious", "critical"].includes(v.impact ?? "")),
  ).toEqual([]);
  const main = page.getByRole("main");
  await main.getByLabel("First name").fill("Ana");
  await main.getByLabel("Last name").fill("Signup");
  await main.getByLabel("E-mail").fill(uniqueEmail(info.project.name));
  await main.getByLabel("Password", { exact: true }).fill("secret1");
  await main.getByLabel("Confirm password").fill("secret1");
  await main.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/product$/);
  await openMobileMenu(page);
  await expect(page.getByText("Ana Signup")).toBeVisible();
  await expect(page.getByRole("link", { name: "My profile" })).toBeVisible();
});

test("sign-up with an e-mail in use shows the error on the E-mail field", async ({
  page,
}, info) => {
  const email = uniqueEmail(info.project.name);
  await createUser(shopContext(), {
    firstName: "Ana",
    lastName: "First",
    email,
    password: "secret1",
  });
  await page.goto("/auth/sign-up");
  const main = page.getByRole("main");
  await main.getByLabel("First name").fill("Ana");
  await main.getByLabel("Last name").fill("Second");
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Password", { exact: true }).fill("secret1");
  await main.getByLabel("Confirm password").fill("secret1");
  await main.getByRole("button", { name: "Sign up" }).click();
  await expect(main.getByLabel("E-mail")).toHaveAccessibleDescription(
    "An account with this e-mail already exists",
  );
  await expect(page).toHaveURL(/\/auth\/sign-up/);
});

test("sign-up with different passwords says so and sends nothing", async ({ page }) => {
  await page.goto("/auth/sign-up");
  const main = page.getByRole("main");
  await main.getByLabel("First name").fill("Ana");
  await main.getByLabel("Last name").fill("Mismatch");
  await main.getByLabel("E-mail").fill("mismatch@example.com");
  await main.getByLabel("Password", { exact: true }).fill("secret1");
  await main.getByLabel("Confirm password").fill("secret2");
  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST") posted = true;
  });
  await main.getByRole("button", { name: "Sign up" }).click();
  await expect(main.getByLabel("Confirm password")).toHaveAccessibleDescription(
    "Passwords do not match",
  );
  expect(posted).toBe(false);
});

test("a wrong password shows the message under E-mail; Logout signs out", async ({
  page,
}, info) => {
  const email = uniqueEmail(info.project.name);
  await createUser(shopContext(), {
    firstName: "Ana",
    lastName: "Login",
    email,
    password: "secret1",
  });
  await signIn(page, email, "wrong-password");
  const main = page.getByRole("main");
  await expect(main.getByLabel("E-mail")).toHaveAccessibleDescription("Invalid e-mail or password");

  await main.getByLabel("Password").fill("secret1");
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/product$/);
  await openMobileMenu(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/product$/);
  // Signed out when the menu shows "Sign in" again (the URL was /product before the logout too;
  // on a phone the navigation closes the menu, which is then opened again).
  if (info.project.name === "mobile") {
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  }
  await openMobileMenu(page);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/user/profile");
  await expect(page).toHaveURL(/\/auth\/sign-in/);
});

test("forgot password: the e-mailed link sets a new password once", async ({ page }, info) => {
  const email = uniqueEmail(info.project.name);
  await createUser(shopContext(), {
    firstName: "Ana",
    lastName: "Reset",
    email,
    password: "secret1",
  });
  await page.goto("/auth/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Forgot your password?" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Send me a reset link" }).click();
  await expect(
    page.getByText("An email has been sent with instructions to reset your password"),
  ).toBeVisible();

  const mail = await waitForMail(email, /reset/i);
  const link = /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/.exec(mail.body.text ?? "")?.[0];
  expect(link).toBeTruthy();
  const path = new URL(link ?? "").pathname + new URL(link ?? "").search;
  await page.goto(path);
  const main = page.getByRole("main");
  await main.getByLabel("New password").fill("brandnew1");
  await main.getByLabel("Confirm password").fill("brandnew1");
  await main.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/product$/);
  await openMobileMenu(page);
  await expect(page.getByText("Ana Reset")).toBeVisible();

  // The old password no longer works, and the link is spent.
  await page.context().clearCookies();
  await signIn(page, email, "secret1");
  await expect(page.getByRole("main").getByLabel("E-mail")).toHaveAccessibleDescription(
    "Invalid e-mail or password",
  );
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect(page.getByText("Invalid token")).toBeVisible();
});

test("the forgot-password notice is the same for an unknown e-mail; Cancel closes", async ({
  page,
}) => {
  await page.goto("/auth/sign-in?forgot");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await page.getByRole("dialog").getByLabel("E-mail").fill(`nobody-${Date.now()}@example.com`);
  await page.getByRole("dialog").getByRole("button", { name: "Send me a reset link" }).click();
  await expect(
    page.getByText("An email has been sent with instructions to reset your password"),
  ).toBeVisible();
});

test("a forged reset token shows 'Invalid token' and goes to sign-in", async ({ page }) => {
  await page.goto("/auth/reset-password?token=forged-token-123");
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect(page.getByText("Invalid token")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-up: the server's check shows each field's error and keeps what was typed, but the passwords", async ({
    page,
  }, info) => {
    test.skip(info.project.name === "mobile", "one width is enough for the no-JavaScript path");
    const email = uniqueEmail(info.project.name);
    await page.goto("/auth/sign-up");
    const main = page.getByRole("main");
    await main.getByLabel("First name").fill("Nojs");
    await main.getByLabel("E-mail").fill(email);
    await main.getByLabel("Password", { exact: true }).fill("secret1");
    await main.getByLabel("Confirm password").fill("secret2");
    const answer = page.waitForResponse((res) => res.request().method() === "POST");
    await main.getByRole("button", { name: "Sign up" }).click();
    expect((await answer).status()).toBe(400);
    await expect(main.getByLabel("Last name")).toHaveAccessibleDescription("Last name is required");
    await expect(main.getByLabel("First name")).toHaveValue("Nojs");
    await expect(main.getByLabel("E-mail")).toHaveValue(email);
    await expect(main.getByLabel("Password", { exact: true })).toHaveValue("");

    // The passwords are typed again; the pair is checked once the other fields pass.
    await main.getByLabel("Last name").fill("Script");
    await main.getByLabel("Password", { exact: true }).fill("secret1");
    await main.getByLabel("Confirm password").fill("secret2");
    await main.getByRole("button", { name: "Sign up" }).click();
    await expect(main.getByLabel("Confirm password")).toHaveAccessibleDescription(
      "Passwords do not match",
    );
    await main.getByLabel("Password", { exact: true }).fill("secret1");
    await main.getByLabel("Confirm password").fill("secret1");
    await main.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/product$/);
  });
});

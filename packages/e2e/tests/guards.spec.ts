// Who may open which area: user/* and order/* need a session, admin/* an admin; after signing
// in the user returns where they were going.
import { expect, type Page, test } from "@playwright/test";
import { createUser } from "@shop/core/server/accounts";
import { shopContext } from "../support/shop";

let seq = 0;
const uniqueEmail = (project: string) =>
  `guard+${Date.now()}-${seq++}-${project}-${Math.random().toString(36).slice(2, 6)}@example.com`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "cloudfront-viewer-address": `192.0.2.${Date.now()}-${seq++}` });
});

async function signInHere(page: Page, email: string, password: string) {
  const main = page.getByRole("main");
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Password").fill(password);
  await main.getByRole("button", { name: "Sign in" }).click();
}

for (const path of ["/user/profile", "/user/address", "/order/order-history"]) {
  test(`${path} needs a session and comes back after sign-in`, async ({ page }, info) => {
    const email = uniqueEmail(info.project.name);
    await createUser(shopContext(), {
      firstName: "Gus",
      lastName: "Guard",
      email,
      password: "secret1",
    });
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirectTo=/);
    await signInHere(page, email, "secret1");
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  });
}

test("unknown user paths go to the profile", async ({ page }, info) => {
  const email = uniqueEmail(info.project.name);
  await createUser(shopContext(), {
    firstName: "Gus",
    lastName: "Guard",
    email,
    password: "secret1",
  });
  await page.goto("/auth/sign-in");
  await signInHere(page, email, "secret1");
  await expect(page).toHaveURL(/\/product$/);
  for (const path of ["/user", "/user/nothing-here"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/user\/profile$/);
  }
  await page.goto("/auth/whatever");
  await expect(page).toHaveURL(/\/product$/); // signed in: sign-in sends them on
});

test("admin without a session: the session message on the sign-in screen", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect(
    page.getByRole("main").getByText("Your session has expired, please sign-in again"),
  ).toBeVisible();
});

test("a customer does not reach /admin; an admin does", async ({ page }, info) => {
  const email = uniqueEmail(info.project.name);
  await createUser(shopContext(), {
    firstName: "Cus",
    lastName: "Tomer",
    email,
    password: "secret1",
  });
  await page.goto("/admin/list-products");
  await signInHere(page, email, "secret1");
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect(
    page.getByRole("main").getByText("You're not allowed to access this page"),
  ).toBeVisible();

  await page.context().clearCookies();
  await page.goto("/admin");
  await signInHere(page, "admin@example.com", process.env.SEED_ADMIN_PASSWORD || "admin1234");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});

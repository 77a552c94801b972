// The user area: profile, currency, security (password change, account deletion), addresses. The
// address list's paging under 640 px is in phone-pages.spec.ts.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { signIn } from "../support/pages";
import { waitForMail } from "../support/shop";

let seq = 0;
const uniqueEmail = (project: string) =>
  `user+${Date.now()}-${seq++}-${project}-${Math.random().toString(36).slice(2, 6)}@example.com`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    "cloudfront-viewer-address": `203.0.113.${Date.now()}-${seq++}`,
  });
});

// The `customer` fixture: a new customer (no saved address), signed in on `page`.
test.use({ customerProfile: { firstName: "Uma", lastName: "User", address: null } });

const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
    ["serious", "critical"].includes(v.impact ?? ""),
  );

test("profile: Save is dimmed while a name is too short; a save is kept", async ({
  page,
  customer: _,
}) => {
  await page.goto("/user/profile");
  expect(await serious(page)).toEqual([]);
  const main = page.getByRole("main");
  const save = main.getByRole("button", { name: "Save" });
  await main.getByLabel("First name").fill("U");
  await expect(main.getByLabel("First name")).toHaveAccessibleDescription(
    "First name must be at least 2 characters",
  );
  await expect(save).toBeDisabled();
  await main.getByLabel("First name").fill("Umberta");
  await main.getByLabel("Last name").fill("Renamed");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  await page.reload();
  await expect(main.getByLabel("First name")).toHaveValue("Umberta");
  await expect(main.getByLabel("Last name")).toHaveValue("Renamed");
});

test("profile: a new e-mail needs the current password and takes effect from the link sent to it", async ({
  page,
  customer: { email },
}, info) => {
  const next = uniqueEmail(`${info.project.name}-new`);
  await page.goto("/user/profile");
  const main = page.getByRole("main");
  await expect(main.getByLabel("Current password")).toHaveCount(0);
  await main.getByLabel("E-mail").fill(next);
  await main.getByLabel("Current password").fill("not-mine");
  await main.getByRole("button", { name: "Save" }).click();
  await expect(main.getByLabel("Current password")).toHaveAccessibleDescription(
    "The current password is incorrect",
  );
  await main.getByLabel("Current password").fill("secret1");
  await main.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByText(`We sent a link to ${next}: your e-mail changes when you open it`),
  ).toBeVisible();
  // Nothing moved yet; the old address is told.
  await expect(main.getByLabel("E-mail")).toHaveValue(email);
  await expect(main.getByTestId("pending-email")).toContainText(next);
  const notice = await waitForMail(email, /is being changed/);
  expect(notice.body.text).toContain(next);

  const mail = await waitForMail(next, /Confirm your new e-mail/);
  const link = new URL(
    /https?:\/\/\S+\/auth\/confirm-email\?token=[\w-]+/.exec(mail.body.text ?? "")?.[0] ?? "",
  );
  await page.goto(link.pathname + link.search);
  const card = page.getByRole("main");
  await expect(card.getByText(`Make ${next} the e-mail address of your account?`)).toBeVisible();
  await card.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByText(`Your account's e-mail address is ${next}`)).toBeVisible();
  await expect(main.getByLabel("E-mail")).toHaveValue(next);
  await expect(main.getByTestId("pending-email")).toHaveCount(0);
  // The link is spent.
  await page.goto(link.pathname + link.search);
  await expect(page.getByText("This link is invalid or has expired")).toBeVisible();
});

test("profile: the newsletter switch waits until the address is confirmed from its link", async ({
  page,
  customer: { email },
}) => {
  await page.goto("/user/profile");
  const main = page.getByRole("main");
  await expect(main.getByRole("switch", { name: "Newsletter" })).toHaveCount(0);
  expect(await serious(page)).toEqual([]);
  await main.getByRole("button", { name: "Send me a confirmation link" }).click();
  await expect(page.getByText(`We sent a link to ${email} to confirm it`)).toBeVisible();
  const mail = await waitForMail(email, /Confirm your e-mail address/);
  const link = new URL(
    /https?:\/\/\S+\/auth\/confirm-email\?token=[\w-]+/.exec(mail.body.text ?? "")?.[0] ?? "",
  );
  await page.goto(link.pathname + link.search);
  await page.getByRole("main").getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(main.getByRole("switch", { name: "Newsletter" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
});

test("profile: the currency switch applies and is stored at once", async ({
  page,
  customer: _,
}) => {
  await page.goto("/user/profile");
  const main = page.getByRole("main");
  const currency = main.getByRole("switch", { name: "Currency" });
  await expect(currency).toHaveAttribute("aria-checked", "false");
  await currency.click();
  await expect(currency).toHaveAttribute("aria-checked", "true");
  await expect(main.getByText("USD", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("currency"))).toBe("USD");
  await page.reload();
  await expect(main.getByRole("switch", { name: "Currency" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
});

test("security: a new password signs out the other browser", async ({
  page,
  browser,
  customer: { email },
}) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, "secret1");
  await otherPage.goto("/user/profile");
  await expect(otherPage).toHaveURL(/\/user\/profile$/);

  await page.goto("/user/security");
  expect(await serious(page)).toEqual([]);
  const main = page.getByRole("main");
  // A session alone is not enough: the current password is asked, and a wrong one changes nothing.
  await main.getByLabel("Current password").fill("not-mine");
  await main.getByLabel("New password").fill("changed1");
  await main.getByLabel("Confirm password").fill("changed1");
  await main.getByRole("button", { name: "Save" }).click();
  await expect(main.getByLabel("Current password")).toHaveAccessibleDescription(
    "The current password is incorrect",
  );
  await main.getByLabel("Current password").fill("secret1");
  await main.getByLabel("New password").fill("changed1");
  await main.getByLabel("Confirm password").fill("changed1");
  await main.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Password updated successfully")).toBeVisible();
  // This browser stays signed in; the other one is signed out.
  await page.goto("/user/profile");
  await expect(page).toHaveURL(/\/user\/profile$/);
  await otherPage.goto("/user/profile");
  await expect(otherPage).toHaveURL(/\/auth\/sign-in/);
  await other.close();
});

test("security: deleting the account signs out and the sign-in then fails", async ({
  page,
  customer: { email },
}) => {
  await page.goto("/user/security");
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Delete account" }).click();
  const confirm = main.getByRole("form", { name: "Are you sure? This cannot be undone." });
  await confirm.getByLabel("Current password").fill("not-mine");
  await confirm.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(confirm.getByLabel("Current password")).toHaveAccessibleDescription(
    "The current password is incorrect",
  );
  await confirm.getByLabel("Current password").fill("secret1");
  await confirm.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(page).toHaveURL(/\/product$/);
  await page.goto("/auth/sign-in");
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Password").fill("secret1");
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(main.getByLabel("E-mail")).toHaveAccessibleDescription("Invalid e-mail or password");
});

test("addresses: create, select, update and delete", async ({ page, customer: _ }) => {
  await page.goto("/user/address");
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: "Create" })).toBeVisible();
  await main.getByLabel("Company").fill("  Acme  ");
  await main.getByLabel("Address", { exact: true }).fill(" 1 Main Street ");
  await main.getByLabel("Apartment/suite").fill("Apt 4");
  await main.getByLabel("Country").fill("France");
  await main.getByLabel("City").fill("Paris");
  await main.getByLabel("Zip code").fill("75001");
  await main.getByLabel("Phone").fill("+33 1 23 45 67 89");
  await main.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Address created successfully")).toBeVisible();
  const list = main.getByRole("list", { name: "Saved addresses" });
  await expect(list.getByText("1 Main Street, Apt 4", { exact: true })).toBeVisible();
  await expect(list.getByText("Acme", { exact: true })).toBeVisible();
  expect(await serious(page)).toEqual([]);

  // Loading the page selects the first address: the form is in Update mode.
  await page.goto("/user/address");
  await expect(main.getByLabel("City")).toHaveValue("Paris");
  await main.getByLabel("City").fill("Lyon");
  await main.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Address updated successfully")).toBeVisible();
  await expect(list.getByText("Lyon 75001", { exact: true })).toBeVisible();

  // "Add a new address" clears the form.
  await page.goto("/user/address");
  await main.getByRole("link", { name: "Add a new address" }).click();
  await expect(main.getByLabel("City")).toHaveValue("");
  await expect(main.getByRole("button", { name: "Create" })).toBeDisabled();

  await list.getByRole("button", { name: /Delete address/ }).click();
  await expect(page.getByText("Address deleted successfully")).toBeVisible();
  await expect(list.getByText("Lyon 75001", { exact: true })).toHaveCount(0);
});

test("addresses: a server error shows under the named field", async ({ page, customer: _ }) => {
  await page.goto("/user/address?new");
  const main = page.getByRole("main");
  await main.getByLabel("Address", { exact: true }).fill("1 Main Street");
  await main.getByLabel("Country").fill("France");
  await main.getByLabel("City").fill("Paris");
  await main.getByLabel("Zip code").fill("75001");
  await main.getByLabel("Phone").fill("call me maybe");
  // The phone check is the server's too; submit through the form the way a script-less browser would.
  await main.getByLabel("Phone").evaluate((input) => input.closest("form")?.requestSubmit());
  await expect(main.getByLabel("Phone")).toHaveAccessibleDescription("Enter a valid phone number");
});

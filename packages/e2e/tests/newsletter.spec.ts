// Newsletter: the footer sign-up (message, duplicates, validation, the server's message), the
// profile switch both ways, and the unsubscribe link read from a real newsletter e-mail (opening
// it only asks; its button unsubscribes).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { isSubscribed, requestNewsletterSend, setSubscription } from "@shop/core/server/newsletter";
import { expect, test } from "../support/fixtures";
import { holdScripts } from "../support/pages";
import { shopContext, waitForMail } from "../support/shop";

let seq = 0;
const tag = (project: string) =>
  `${project}-${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 6)}`;
const uniqueEmail = (project: string) => `news+${tag(project)}@example.com`;
const address = () => `203.0.113.${Date.now()}-${seq++}-${Math.random()}`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "cloudfront-viewer-address": address() });
});

const footerForm = (page: Page) =>
  page.getByRole("contentinfo").getByRole("region", { name: "Newsletter" });

const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
    ["serious", "critical"].includes(v.impact ?? ""),
  );

test("footer: what is typed before the form's own code arrives is kept once it hydrates", async ({
  page,
}) => {
  // The form hydrates from a chunk of its own, after the page's code: hold that chunk back.
  const release = await holdScripts(page, /\/assets\/lazy-NewsletterForm-[^/]+\.js$/);
  await page.goto("/product");
  const form = footerForm(page);
  const field = form.getByLabel("E-mail");
  await field.fill("early@example.com");
  await expect(form.locator('input[name="js"]')).toHaveCount(0);
  release();
  await expect(form.locator('input[name="js"]')).toHaveCount(1);
  await expect(field).toHaveValue("early@example.com");
});

test("footer: subscribe, subscribe again harmlessly, and an invalid e-mail is refused", async ({
  page,
}, info) => {
  const email = uniqueEmail(info.project.name);
  await page.goto("/product");
  const form = footerForm(page);
  const field = form.getByLabel("E-mail");

  await field.fill("news@");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("alert")).toHaveText("Enter a valid e-mail address");
  await expect(field).toHaveValue("news@");
  expect(await isSubscribed(shopContext(), "news@")).toBe(false);

  await field.fill(email);
  await expect(form.getByRole("alert")).toHaveCount(0);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("You have been subscribed to our newsletter")).toBeVisible();
  await expect(field).toHaveValue("");
  expect(await isSubscribed(shopContext(), email)).toBe(true);

  // Twice: the same answer, still one subscription.
  await field.fill(email.toUpperCase());
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("You have been subscribed to our newsletter")).toHaveCount(2);
  await expect(form.getByRole("alert")).toHaveCount(0);
  expect(await isSubscribed(shopContext(), email)).toBe(true);
  expect(await serious(page)).toEqual([]);
});

test("footer: the server's message shows under the form and the e-mail stays", async ({
  page,
}, info) => {
  const from = address();
  await page.setExtraHTTPHeaders({ "cloudfront-viewer-address": from });
  await page.goto("/product");
  // Use up this address's sign-ups for the hour.
  for (let i = 0; i < 20; i++) {
    const res = await page.request.post("/newsletter", {
      form: { intent: "subscribe", email: uniqueEmail(info.project.name), js: "1" },
      headers: { "cloudfront-viewer-address": from },
    });
    expect(res.status()).toBe(200);
  }
  const email = uniqueEmail(info.project.name);
  const form = footerForm(page);
  await form.getByLabel("E-mail").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("alert")).toContainText("Too many sign-ups from your network.");
  await expect(form.getByLabel("E-mail")).toHaveValue(email);
  expect(await isSubscribed(shopContext(), email)).toBe(false);
});

// The `customer` fixture: a verified address (an unverified one gets no switch:
// security-accounts.spec.ts).
test.use({
  customerProfile: { firstName: "Nora", lastName: "News", address: null, emailVerified: true },
});

test("profile: the newsletter switch shows the stored state and saves each toggle", async ({
  page,
  customer: { email },
}) => {
  await page.goto("/user/profile");
  const toggle = page.getByRole("switch", { name: "Newsletter" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(page.getByText("Subscription updated")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect.poll(() => isSubscribed(shopContext(), email)).toBe(true);
  // Shown for 2 seconds, then gone.
  await expect(page.getByText("Subscription updated")).toBeHidden();

  await page.reload();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.press("Space");
  await expect(page.getByText("Subscription updated")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect.poll(() => isSubscribed(shopContext(), email)).toBe(false);
  await page.reload();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
});

test("the unsubscribe link in a newsletter e-mail asks, then unsubscribes signed out; a tampered one unsubscribes nobody", async ({
  page,
}, info) => {
  const email = uniqueEmail(info.project.name);
  await setSubscription(shopContext(), email, true);
  const subject = `Winter coats ${tag(info.project.name)}`;
  await requestNewsletterSend(shopContext(), { subject, body: "Our warmest coats are here." });
  const mail = await waitForMail(email, new RegExp(subject), 30_000);
  const link = mail.body.text?.match(/https?:\/\/\S+\/user\/unsubscribe-newsletter\?\S+/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link ?? "");
  const path = `${url.pathname}${url.search}`;

  const tampered = new URL(url);
  const token = tampered.searchParams.get("token") ?? "";
  tampered.searchParams.set("token", `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`);
  const refused = await page.goto(`${tampered.pathname}${tampered.search}`);
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("This unsubscribe link is not valid");
  // Another address with this token: refused too.
  const other = new URL(url);
  other.searchParams.set("email", "someone.else@example.com");
  await page.goto(`${other.pathname}${other.search}`);
  await expect(page.getByRole("alert")).toHaveText("This unsubscribe link is not valid");
  expect(await isSubscribed(shopContext(), email)).toBe(true);

  // Opening the link (as a mail scanner does) only asks: the address and a button.
  await page.goto(path);
  await expect(page).toHaveURL(/\/user\/unsubscribe-newsletter/);
  await expect(page.getByRole("main")).toContainText(`Stop sending the newsletter to ${email}?`);
  expect(await isSubscribed(shopContext(), email)).toBe(true);
  expect(await serious(page)).toEqual([]);

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page).toHaveURL(/\/user\/unsubscribe-newsletter/);
  await expect(page.getByRole("main")).toContainText(
    `${email} has been unsubscribed from the newsletter.`,
  );
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  expect(await isSubscribed(shopContext(), email)).toBe(false);
  expect(await serious(page)).toEqual([]);
});

// Contact: a message is stored and e-mailed to support with a success toast; invalid input shows
// the field errors and stores nothing (with and without JavaScript).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { listContactMessages } from "@shop/core/server/contact";
import { shopContext, waitForMail } from "../support/shop";

let seq = 0;
const tag = (project: string) =>
  `${project}-${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 6)}`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    "cloudfront-viewer-address": `203.0.113.${Date.now()}-${seq++}`,
  });
});

const storedSubjects = async () =>
  (await listContactMessages(shopContext(), 100)).map((message) => message.subject);

async function fill(page: Page, subject: string) {
  const main = page.getByRole("main");
  await main.getByLabel("First name").fill("Ana");
  await main.getByLabel("Last name").fill("Garcia");
  await main.getByLabel("E-mail").fill("ana.contact@example.com");
  await main.getByLabel("Phone").fill("0123456789");
  await main.getByLabel("Subject").fill(subject);
  await main
    .getByLabel("Message", { exact: true })
    .fill("My parcel has not arrived.\nOrder TL-12345678");
}

test("a contact message is stored, mailed to support and confirmed", async ({ page }, info) => {
  const subject = `Where is my parcel ${tag(info.project.name)}`;
  await page.goto("/customer-service/contact");
  const main = page.getByRole("main");
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
      ["serious", "critical"].includes(v.impact ?? ""),
    ),
  ).toEqual([]);
  await fill(page, subject);
  await main.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Your message has been sent.")).toBeVisible();
  await expect(main.getByLabel("Subject")).toHaveValue("");

  expect(await storedSubjects()).toContain(subject);
  const mail = await waitForMail("support@example.com", new RegExp(subject), 20_000);
  expect(mail.body.text).toContain("Ana Garcia <ana.contact@example.com>");
  expect(mail.body.text).toContain("My parcel has not arrived.");
});

test("invalid input shows the field errors and stores nothing", async ({ page }, info) => {
  await page.goto("/customer-service/contact");
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Send message" }).click();
  await expect(main.getByLabel("First name")).toHaveAccessibleDescription("First name is required");
  await expect(main.getByLabel("Message", { exact: true })).toHaveAccessibleDescription(
    "Message is required",
  );

  const subject = `Invalid ${tag(info.project.name)}`;
  await fill(page, subject);
  await main.getByLabel("E-mail").fill("ana@");
  await main.getByRole("button", { name: "Send message" }).click();
  await expect(main.getByLabel("E-mail")).toHaveAccessibleDescription(
    "Enter a valid e-mail address",
  );
  await expect(main.getByLabel("First name")).not.toHaveAttribute("aria-invalid", "true");

  // The server checks too: a request past the browser's checks is refused with the field.
  const res = await page.request.post("/customer-service/contact", {
    form: { firstName: "A", lastName: "G", email: "ana@", phone: "x", subject, message: "" },
  });
  expect(res.status()).toBe(400);
  expect(await storedSubjects()).not.toContain(subject);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server shows the field errors and keeps what was typed", async ({ page }, info) => {
    const subject = `No JS ${tag(info.project.name)}`;
    await page.goto("/customer-service/contact");
    const main = page.getByRole("main");
    await fill(page, subject);
    await main.getByLabel("Phone").fill("");
    await main.getByRole("button", { name: "Send message" }).click();
    await expect(main.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
    await expect(main.getByLabel("Subject")).toHaveValue(subject);
    expect(await storedSubjects()).not.toContain(subject);
  });
});

// Admin newsletter (docs/product.md §10 "Newsletter", §8; docs/architecture.md §8 "how many of how many were
// queued and sent"): the live preview shows the text as subscribers will see it (escaped), the
// subscriber count, Send behind a confirmation, "Newsletter sent successfully!", the progress,
// and the e-mail in a subscriber's mailbox. And the guards: signed out or a customer, the loader
// and the action refuse and nothing is sent.
import { getSubscriberCount, setSubscription } from "@shop/core/server/newsletter";
import { expect, test } from "../support/fixtures";
import { expectFitsPhone, serious } from "../support/pages";
import { mailbox, shopContext, waitForMail } from "../support/shop";

let seq = 0;
const tag = (project: string) =>
  `${project}-${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 6)}`;
const clientAddress = () => ({ "cloudfront-viewer-address": `192.0.2.${Date.now()}-${seq++}` });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(clientAddress());
});

test("an admin previews and sends a newsletter; a subscriber finds it in the mailbox", async ({
  adminPage: page,
}, info) => {
  test.setTimeout(90_000);
  const t = tag(info.project.name);
  const subscriber = `reader+${t}@example.com`;
  await setSubscription(shopContext(), subscriber, true);
  await page.goto("/admin/newsletter");

  // The count is the counter's (at least the subscriber just added).
  const count = Number(await page.getByTestId("subscriber-count").textContent());
  expect(count).toBeGreaterThanOrEqual(1);
  expect(count).toBeLessThanOrEqual(await getSubscriberCount(shopContext()));

  // An empty send is refused on the fields.
  await page.getByRole("button", { name: "Send" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Subject is required")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();

  const subject = `Autumn news ${t}`;
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page
    .getByRole("textbox", { name: "Message" })
    .fill("Hello <b>friends</b>,\nnew coats are in.\n\n<script>alert(1)</script> See you!");
  const preview = page.getByTestId("newsletter-preview");
  await expect(page.getByTestId("newsletter-preview-subject")).toHaveText(subject);
  await expect(preview.locator("p").filter({ hasText: "friends" })).toHaveText(
    "Hello <b>friends</b>,new coats are in.",
  );
  await expect(preview.getByText("<script>alert(1)</script> See you!")).toBeVisible();
  await expect(preview.locator("b, script")).toHaveCount(0);
  expect(await serious(page)).toEqual([]);
  await expectFitsPhone(page);

  // Send asks first; Cancel sends nothing.
  await page.getByRole("button", { name: "Send" }).click();
  const dialog = page.getByRole("dialog", {
    name: new RegExp(`^Send “${subject}” to \\d+ subscribers?\\?$`),
  });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Send" }).click();
  await dialog.getByRole("button", { name: "Send" }).click();

  await expect(page.getByText("Newsletter sent successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/newsletter\?send=/);
  // The progress refreshes itself until everything is sent.
  await expect(page.getByTestId("newsletter-progress-status")).toHaveText(
    /^Done: all \d+ sent\.$/,
    {
      timeout: 30_000,
    },
  );
  const sent = (await page.getByTestId("newsletter-sent").textContent()) ?? "";
  expect(sent).toMatch(/^(\d+) of \1$/);
  expect(Number(sent.split(" ")[0])).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId("newsletter-queued")).toHaveText(sent);

  const mail = await waitForMail(subscriber, new RegExp(subject), 30_000);
  expect(mail.body.html).toContain("Hello &lt;b&gt;friends&lt;/b&gt;,<br/>new coats are in.");
  expect(mail.body.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; See you!");
  expect(mail.body.html).not.toContain("<script>");
  expect(mail.body.text).toContain("/user/unsubscribe-newsletter?");
});

test("signed out or as a customer, the newsletter loader and action refuse and send nothing", async ({
  playwright,
  customerRequest: request,
}, info) => {
  const t = tag(info.project.name);
  const subscriber = `guarded+${t}@example.com`;
  await setSubscription(shopContext(), subscriber, true);
  const signedOut = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const subject = `Forged newsletter ${t}`;
  for (const [who, client, reason] of [
    ["signed out", signedOut, "expired"],
    ["customer", request, "forbidden"],
  ] as const) {
    const page = await client.get("/admin/newsletter", { maxRedirects: 0 });
    expect(page.status(), who).toBe(302);
    expect(page.headers().location, who).toMatch(
      new RegExp(`^/auth/sign-in\\?redirectTo=%2Fadmin%2Fnewsletter&reason=${reason}$`),
    );
    for (const intent of ["send", "confirm"]) {
      const res = await client.post("/admin/newsletter", {
        form: { intent, subject, body: "Not from the shop." },
        maxRedirects: 0,
      });
      expect(res.status(), `${who} ${intent}`).toBe(302);
      expect(res.headers().location).toMatch(/^\/auth\/sign-in\?/);
    }
  }
  // Give a (wrongly) started fan-out time to deliver, then look: nothing was sent.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect((await mailbox()).filter((m) => m.subject === subject)).toEqual([]);
  await signedOut.dispose();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Send asks for confirmation on the page, Cancel keeps the text, and Send sends", async ({
    adminPage: page,
  }, info) => {
    test.setTimeout(90_000);
    const t = tag(info.project.name);
    const subscriber = `nojs+${t}@example.com`;
    await setSubscription(shopContext(), subscriber, true);
    await page.goto("/admin/newsletter");
    const subject = `Plain news ${t}`;
    await page.getByRole("textbox", { name: "Subject" }).fill(subject);
    await page.getByRole("textbox", { name: "Message" }).fill("Sent without scripts.");
    await page.getByRole("button", { name: "Send" }).click();

    const question = page.getByRole("form", { name: new RegExp(`^Send “${subject}” to \\d+`) });
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(question).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Subject" })).toHaveValue(subject);
    await expect(page.getByTestId("newsletter-preview")).toContainText("Sent without scripts.");

    await page.getByRole("button", { name: "Send" }).click();
    await question.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/admin\/newsletter\?send=/);
    await expect(page.getByText("Newsletter sent successfully!")).toBeVisible();
    await waitForMail(subscriber, new RegExp(subject), 30_000);
  });
});

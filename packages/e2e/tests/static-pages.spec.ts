// The static pages: each renders its heading and real content in the section layout; unknown
// pages of the sections (and any other path) go to the catalogue.
import { expect, test } from "@playwright/test";

const PAGES = [
  { path: "/company/who-we-are", heading: "Who we are", text: /Lifetime Guarantee/ },
  { path: "/company/terms-and-conditions", heading: "Terms and conditions", text: /30 days/ },
  { path: "/company/privacy", heading: "Privacy", text: /Stripe/ },
  { path: "/customer-service/contact", heading: "Contact", text: /support@example\.com/ },
  {
    path: "/customer-service/shipping",
    heading: "Shipping",
    text: /EXPRESS\s*1-2 days\s*16\.00 €/,
  },
  { path: "/customer-service/returns", heading: "Returns", text: /within 30 days/ },
  { path: "/customer-service/warranty", heading: "Lifetime Guarantee", text: /What is covered/ },
  { path: "/customer-service/secure-payment", heading: "Secure payment", text: /charged in euro/ },
  { path: "/customer-service/faq", heading: "FAQ", text: /How do I find my size\?/ },
  { path: "/customer-service/find-a-store", heading: "Find a store", text: /Lisbon/ },
];

for (const { path, heading, text } of PAGES) {
  test(`${path} renders its heading and content`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("main")).toContainText(text);
    await expect(page).toHaveTitle(/\| Threadline$/);
    const section = path.startsWith("/company") ? "Company" : "Customer Service";
    await expect(
      page.getByRole("navigation", { name: section }).locator('[aria-current="page"]'),
    ).toHaveAttribute("href", path);
  });
}

test("the shipping page states the free delivery rule and the tax", async ({ page }) => {
  await page.goto("/customer-service/shipping");
  const main = page.getByRole("main");
  await expect(main).toContainText("STANDARD");
  await expect(main).toContainText("3-5 days");
  await expect(main).toContainText("5.00 €");
  await expect(main).toContainText("100.00 €");
  await expect(main).toContainText("25%");
});

test("unknown section pages and unknown paths redirect to the catalogue", async ({ page }) => {
  for (const path of ["/company/nope", "/customer-service/nope/deeper", "/somewhere-else", "/"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/product$/);
  }
});

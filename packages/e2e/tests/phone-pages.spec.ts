import { createAddress, type User } from "@shop/core/server/accounts";
import { expect, test } from "../support/fixtures";
import { expectFitsPhone, serious } from "../support/pages";
import { shopContext } from "../support/shop";

const STATIC_PAGES = [
  ["/company/who-we-are", "Who we are"],
  ["/company/terms-and-conditions", "Terms and conditions"],
  ["/company/privacy", "Privacy"],
  ["/customer-service/contact", "Contact"],
  ["/customer-service/shipping", "Shipping"],
  ["/customer-service/returns", "Returns"],
  ["/customer-service/warranty", "Lifetime Guarantee"],
  ["/customer-service/secure-payment", "Secure payment"],
  ["/customer-service/faq", "FAQ"],
  ["/customer-service/find-a-store", "Find a store"],
] as const;

// The `customer` fixture signs a new customer in; the tests that need them save three addresses.
test.use({ customerProfile: { firstName: "Pia", lastName: "Phone", address: null } });

/** Three saved addresses of `user` (2 per page on a phone). */
async function threeAddresses(user: User) {
  for (const city of ["Alpha", "Bravo", "Charlie"]) {
    await createAddress(shopContext(), user.id, {
      address: `1 ${city} Street`,
      country: "France",
      city,
      zipCode: "75001",
      phone: "+33 1 23 45 67 89",
      company: undefined,
      apartment: undefined,
    });
  }
}

test("the company and customer service pages render and fit a phone", async ({ page }) => {
  test.slow();
  for (const [path, heading] of STATIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expectFitsPhone(page);
  }
});

test("a signed-in customer's profile, security, addresses and orders fit a phone, with no serious axe finding", async ({
  page,
  customer: { user },
}) => {
  test.slow();
  await threeAddresses(user);
  for (const [path, heading] of [
    ["/user/profile", "Profile"],
    ["/user/security", "Security"],
    ["/user/address", "Addresses"],
    ["/order/order-history", "Order History"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
    await expectFitsPhone(page);
    expect(await serious(page), path).toEqual([]);
  }
});

test("addresses: 2 per page with Previous and Next under 640 px", async ({
  page,
  customer: { user },
}) => {
  await threeAddresses(user);
  await page.goto("/user/address");
  const list = page.getByRole("list", { name: "Saved addresses" });
  await expect(list.getByText("1 Alpha Street", { exact: true })).toBeVisible();
  await expect(list.getByText("1 Bravo Street", { exact: true })).toBeVisible();
  await expect(list.getByText("1 Charlie Street", { exact: true })).toBeHidden();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(list.getByText("1 Charlie Street", { exact: true })).toBeVisible();
  await expect(list.getByText("1 Alpha Street", { exact: true })).toBeHidden();
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(list.getByText("1 Alpha Street", { exact: true })).toBeVisible();
});

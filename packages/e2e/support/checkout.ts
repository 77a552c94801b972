// A customer at the checkout of a second web server (support/web-server.ts): created through
// core with a saved address, signed in through the form, the seeded tee in the cart.
import { expect, type Page } from "@playwright/test";
import { createAddress, createUser } from "@shop/core/server/accounts";
import { getProductBySlug } from "@shop/core/server/catalog";
import { signIn } from "./pages";
import { shopContext } from "./shop";

let seq = 0;

/** A new customer with a saved address, signed in through the form (nothing in the cart). */
export async function signedInCustomer(page: Page, shopUrl: string, label: string) {
  const email = `${label}+${Date.now()}-${seq++}@example.com`;
  const user = await createUser(shopContext(), {
    firstName: "Sofia",
    lastName: "Checkout",
    email,
    password: "secret1",
  });
  await createAddress(shopContext(), user.id, {
    company: undefined,
    apartment: undefined,
    address: "9 Via Roma",
    country: "Italy",
    city: "Roma",
    zipCode: "00100",
    phone: "+39 300 000 0000",
  });
  await signIn(page, email, "secret1", shopUrl);
  return user;
}

export async function customerAtCheckout(page: Page, shopUrl: string, label: string) {
  const user = await signedInCustomer(page, shopUrl, label);
  const tee = await getProductBySlug(shopContext(), "organic-cotton-crew-t-shirt");
  if (!tee) throw new Error("the seeded tee is missing");
  const cart = [{ productId: tee.id, size: tee.sizes[0], quantity: 1 }];
  await page.evaluate((stored) => localStorage.setItem("cart", JSON.stringify(stored)), cart);
  await page.goto(`${shopUrl}/cart/checkout`);
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);
  return { user, cart };
}

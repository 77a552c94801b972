// Customers for the journeys: created through core, with a saved address (the `customer` fixture
// of support/fixtures.ts signs one in), and the checkout opened with the seeded tee in the cart,
// on the shop under test or on a second web server (support/web-server.ts).
import { expect, type Page } from "@playwright/test";
import type { Address } from "@shop/core/accounts";
import {
  createAddress,
  createUser,
  type SavedAddress,
  type User,
} from "@shop/core/server/accounts";
import { getProductBySlug } from "@shop/core/server/catalog";
import { shopContext } from "./shop";

/** Who a new customer is: names, the saved address (null: none), a verified e-mail. */
export interface CustomerProfile {
  firstName: string;
  lastName: string;
  address: Address | null;
  emailVerified?: boolean;
}

export interface Customer {
  user: User;
  email: string;
  password: string;
  /** The address saved at creation, if the profile has one. */
  address: SavedAddress | null;
}

/** The customer the checkout journeys use. */
export const CHECKOUT_CUSTOMER: CustomerProfile = {
  firstName: "Sofia",
  lastName: "Checkout",
  address: {
    address: "9 Via Roma",
    country: "Italy",
    city: "Roma",
    zipCode: "00100",
    phone: "+39 300 000 0000",
  },
};

let seq = 0;

/** A new customer (through core, not signed in), e-mail `label+…@example.com`. */
export async function newCustomer(
  label: string,
  profile: CustomerProfile = CHECKOUT_CUSTOMER,
): Promise<Customer> {
  const email = `${label}+${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = "secret1";
  const user = await createUser(
    shopContext(),
    { firstName: profile.firstName, lastName: profile.lastName, email, password },
    { emailVerified: profile.emailVerified },
  );
  const address = profile.address
    ? await createAddress(shopContext(), user.id, profile.address)
    : null;
  return { user, email, password, address };
}

/**
 * Puts the seeded tee in the stored cart of `page` (on a page of the shop at `shopUrl`, as the
 * `customer` fixture leaves it) and opens the checkout.
 */
export async function openCheckout(page: Page, shopUrl = "") {
  const tee = await getProductBySlug(shopContext(), "organic-cotton-crew-t-shirt");
  if (!tee) throw new Error("the seeded tee is missing");
  const cart = [{ productId: tee.id, size: tee.sizes[0], quantity: 1 }];
  await page.evaluate((stored) => localStorage.setItem("cart", JSON.stringify(stored)), cart);
  await page.goto(`${shopUrl}/cart/checkout`);
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);
  return cart;
}

// What the integration tests of ordering (placing, paying, mailing) share: a product to order,
// a shipping address, a test card the local gateway accepts, an order placed by one customer,
// and the domain error a refusal throws.
import { expect } from "vitest";
import { createProduct } from "../catalog/products.server.ts";
import type { SizeTag } from "../catalog/sizes.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import { placeOrder } from "./placing.server.ts";

export const TEST_ADDRESS = {
  address: "1 Main Street",
  country: "Spain",
  city: "Madrid",
  zipCode: "28001",
  phone: "600000000",
};

export const VISA = { cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };

/** A 20 € shirt in one size, with `units` of it in stock. */
export function createShirt(ctx: Context, size: SizeTag = "M", units = 50) {
  return createProduct(ctx, {
    slug: "shirt",
    name: "Shirt",
    category: "Men",
    priceCents: 2000,
    description: "A shirt",
    sizes: [size],
    stock: unitsOfEach([size], units),
    images: [{ key: "shirt.svg", alt: "shirt" }],
  });
}

/** Places an order of `lines` for customer u1 (ana@example.com), by standard delivery. */
export const placeAsAna = (
  ctx: Context,
  lines: unknown,
  extra: Record<string, unknown> = {},
  address: object = TEST_ADDRESS,
) =>
  placeOrder(ctx, {
    userId: "u1",
    email: "ana@example.com",
    lines,
    address,
    deliveryMethod: "STANDARD",
    ...extra,
  });

/** The DomainError `promise` rejects with; fails the test if it resolves or throws another. */
export async function domainError(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

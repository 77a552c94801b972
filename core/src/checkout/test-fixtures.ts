// What the integration tests of ordering (placing, paying, mailing) share: a product to order,
// a shipping address, a test card the local gateway accepts, an order placed by one customer,
// and the domain error a refusal throws.
import { expect } from "vitest";
import { createProduct } from "../catalog/products.server.ts";
import type { SizeTag } from "../catalog/sizes.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import type { Order } from "../orders/orders.server.ts";
import { markOrderPaid } from "./payment-state.server.ts";
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

/** A line of a test order: a variant of a product in sizes M or L. */
export interface TestLine {
  productId: string;
  colour?: string;
  size: "M" | "L";
  quantity: number;
}

/**
 * Places orders for one new customer each (u0, u1, …) by standard delivery, at `at`, and pays
 * each at `paidAt` when given (the payment webhook's way). Answers the order as it is then.
 */
export function orderPlacer(ctx: Context) {
  let n = 0;
  return async (lines: TestLine[], at: Date, paidAt?: Date): Promise<Order> => {
    const { order: placed } = await placeOrder(
      ctx,
      {
        userId: `u${n++}`,
        email: `buyer${n}@example.com`,
        lines,
        address: TEST_ADDRESS,
        deliveryMethod: "STANDARD",
      },
      at,
    );
    if (!paidAt) return placed;
    const result = await markOrderPaid(ctx, placed.paymentId as string, paidAt);
    if (result.status !== "paid") throw new Error(`not paid: ${result.status}`);
    return result.order;
  };
}

/** The DomainError `promise` rejects with; fails the test if it resolves or throws another. */
export async function domainError(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

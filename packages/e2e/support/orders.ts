// Orders the specs arrange through core, as the checkout places and pays them: a customer's paid
// (or unpaid) order of some lines, without walking the checkout each time (checkout.spec.ts and
// stripe-front-end.spec.ts walk it).
import { getProductBySlug } from "@shop/core/server/catalog";
import { confirmCardPayment, placeOrder } from "@shop/core/server/checkout";
import type { Order } from "@shop/core/server/orders";
import { shopContext } from "./shop";

/** Where the arranged orders go (admin-orders.spec.ts reads it on the order and in its mail). */
export const ORDER_ADDRESS = {
  address: "8 Calle Mayor",
  country: "Spain",
  city: "Madrid",
  zipCode: "28013",
  phone: "+34 600 000 000",
};

export interface OrderLine {
  productId: string;
  colour?: string;
  size: string;
  quantity: number;
}

/**
 * An order of `lines` placed through core as the checkout does, then paid with `cardNumber`
 * (4242…, paid; 4000 0000 0000 0002 is declined and throws) unless `paid` is false.
 */
export async function orderOf(
  user: { id: string; email: string },
  lines: OrderLine[],
  {
    deliveryMethod = "STANDARD",
    cardNumber = "4242 4242 4242 4242",
    paid = true,
  }: { deliveryMethod?: "STANDARD" | "EXPRESS"; cardNumber?: string; paid?: boolean } = {},
): Promise<Order> {
  const ctx = shopContext();
  const placed = await placeOrder(ctx, {
    userId: user.id,
    email: user.email,
    lines,
    address: ORDER_ADDRESS,
    deliveryMethod,
  });
  if (!paid) return placed.order;
  return confirmCardPayment(ctx, {
    userId: user.id,
    orderId: placed.order.id,
    card: { cardNumber, expiry: "12/34", cvc: "123" },
  });
}

/** A line of `quantity` of the seeded product `slug`, in its first size. */
export async function seededLine(
  slug = "organic-cotton-crew-t-shirt",
  quantity = 1,
): Promise<OrderLine> {
  const product = await getProductBySlug(shopContext(), slug);
  if (!product) throw new Error(`the seeded product ${slug} is missing`);
  return { productId: product.id, size: product.sizes[0] as string, quantity };
}

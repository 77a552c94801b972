// What the integration tests of ordering (placing, paying, mailing) share: a product to order,
// a shipping address and a test card the local gateway accepts.
import { createProduct } from "../catalog/products.server.ts";
import type { SizeTag } from "../catalog/sizes.ts";
import type { Context } from "../context/index.server.ts";
import { unitsOfEach } from "../inventory/stock.ts";

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

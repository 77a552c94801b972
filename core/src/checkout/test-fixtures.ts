// What the integration tests of ordering (placing, paying, mailing) share: the shop they set up
// (a table of their own with products and promotions), a product to order, a shipping address, a
// test card the local gateway accepts, an order placed by one customer, and the domain error a
// refusal throws.
import { expect } from "vitest";
import { createProduct } from "../catalog/product-saves.server.ts";
import type { Product } from "../catalog/products.server.ts";
import type { SizeTag } from "../catalog/sizes.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import type { Order } from "../orders/orders.server.ts";
import { TEST_CARDS } from "../payments/cards.ts";
import { createLocalGateway } from "../payments/local-gateway.server.ts";
import { createPromotion } from "../promotions/promotion-admin.server.ts";
import { markOrderPaid } from "./payment-state.server.ts";
import { placeOrder } from "./placing.server.ts";

type ProductInput = Parameters<typeof createProduct>[1];
type PromotionInput = Parameters<typeof createPromotion>[1];

/** A promotion a test's shop may offer: 5 € off, usable once. */
export const ONCE5: PromotionInput = {
  code: "ONCE5",
  label: "5 € off, single use",
  amountCents: 500,
  usageLimit: 1,
};
/** A promotion a test's shop may offer: 10 € off, without limit. */
export const WELCOME10: PromotionInput = {
  code: "WELCOME10",
  label: "10 € off",
  amountCents: 1000,
};

/**
 * A product for a test: named, described and pictured after its slug, a 20 € men's product in
 * size M, 50 of each variant in stock, unless `input` says otherwise.
 */
export function productInput(slug: string, input: Partial<ProductInput> = {}): ProductInput {
  const sizes = input.sizes ?? ["M"];
  return {
    slug,
    name: slug.charAt(0).toUpperCase() + slug.slice(1),
    category: "Men",
    priceCents: 2000,
    description: `A ${slug}`,
    sizes,
    stock: input.colours
      ? Object.fromEntries(
          input.colours.flatMap((colour) => sizes.map((size) => [`${colour}/${size}`, 50])),
        )
      : unitsOfEach(sizes, 50),
    images: input.colours
      ? input.colours.map((colour) => ({
          key: `${slug}-${colour}.svg`,
          alt: `${colour} ${slug}`,
          colour,
        }))
      : [{ key: `${slug}.svg`, alt: slug }],
    ...input,
  };
}

/**
 * The shop an integration test runs against: `test`, a table of its own (the local cloud's
 * createTestContext), its days in `timeZone` when given, with `products` created (answered under
 * the same names) and `promotions` offered.
 */
export async function testShop<
  T extends { ctx: Context },
  P extends Record<string, ProductInput> = Record<never, never>,
>(
  test: T,
  setup: { products?: P; promotions?: PromotionInput[]; timeZone?: string } = {},
): Promise<T & { ctx: Context; products: { [K in keyof P]: Product } }> {
  const ctx: Context = setup.timeZone
    ? { ...test.ctx, config: { ...test.ctx.config, timeZone: setup.timeZone } }
    : test.ctx;
  const products: Record<string, Product> = {};
  for (const [name, input] of Object.entries(setup.products ?? {})) {
    products[name] = await createProduct(ctx, input);
  }
  for (const promotion of setup.promotions ?? []) await createPromotion(ctx, promotion);
  return { ...test, ctx, products: products as { [K in keyof P]: Product } };
}

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
  return createProduct(ctx, shirtInput(size, units));
}

/** createShirt's product, for testShop. */
export const shirtInput = (size: SizeTag = "M", units = 50) =>
  productInput("shirt", { sizes: [size], stock: unitsOfEach([size], units) });

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

/**
 * Places orders of one `size` of `product`, by standard delivery to TEST_ADDRESS: the customer
 * `userId` (`userId`@example.com), `quantity` 1, now, unless told otherwise. Answers the order.
 */
export function orderingOf(ctx: Context, product: { id: string }, size: SizeTag) {
  return (
    userId: string,
    {
      quantity = 1,
      at = new Date(),
      ...extra
    }: { quantity?: number; at?: Date; promotionCode?: string } = {},
  ) =>
    placeOrder(
      ctx,
      {
        userId,
        email: `${userId}@example.com`,
        lines: [{ productId: product.id, size, quantity }],
        address: TEST_ADDRESS,
        deliveryMethod: "STANDARD",
        ...extra,
      },
      at,
    ).then((placed) => placed.order);
}

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

/**
 * The local test gateway's answer to paying `order` with the test card `cardNumber` (one it
 * accepts unless told otherwise): the signed webhook event the shop then receives, as Stripe's.
 */
export function chargeTestCard(
  ctx: Context,
  order: Pick<Order, "id" | "paymentId" | "totalCents">,
  cardNumber: string = TEST_CARDS.success,
) {
  return createLocalGateway({ webhookSecret: ctx.config.stripeWebhookSecret }).chargeCard({
    paymentId: order.paymentId ?? "",
    orderId: order.id,
    amountCents: order.totalCents,
    card: { number: cardNumber, expMonth: 12, expYear: 2030, cvc: "123" },
  });
}

/**
 * `work` for each of `items`, `concurrency` at a time, the results in the items' order: for a
 * test's orders that need not be placed one after another (each its own customer). Orders taking
 * the same variant at once conflict on its stock item and are tried again after a backoff, so a
 * test that wants speed gives the `concurrency` orders running together different variants.
 */
export async function inParallel<T, R>(
  items: T[],
  work: (item: T, index: number) => Promise<R>,
  concurrency = 4,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += concurrency) {
    const chunk = items.slice(i, i + concurrency);
    results.push(...(await Promise.all(chunk.map((item, j) => work(item, i + j)))));
  }
  return results;
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

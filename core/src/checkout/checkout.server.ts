// The checkout as one use case (docs/product.md §4 "Checkout flow", docs/architecture.md §4): price the
// cart for the page, and "Confirm order": place the order with server totals, then either charge
// the card typed into the shop's own form (the local test gateway: the order comes back paid) or
// hand the PaymentIntent's client secret to the browser (Stripe's Payment Element confirms it).
// The route only reads the request and renders what this returns.

import type { AbuseLimits } from "../accounts/limits.ts";
import { lineKey } from "../cart/cart.ts";
import { MAX_CART_LINES } from "../cart/line.ts";
import { lineVariant } from "../cart/names.ts";
import { variantKey } from "../catalog/variants.ts";
import type { Address } from "../common/address.ts";
import { DomainError } from "../common/errors.ts";
import { shopNow } from "../context/clock.server.ts";
import type { Context } from "../context/index.server.ts";
import { getStocks } from "../inventory/stock.server.ts";
import { lineStock, type StockCounts } from "../inventory/stock.ts";
import { parseCard } from "../payments/cards.ts";
import { cardCharger } from "../payments/gateway.server.ts";
import type { DeliveryMethodName } from "../pricing/delivery.ts";
import { confirmCardPayment } from "./card-payment.server.ts";
import type { CheckoutOutcome, CheckoutQuote } from "./checkout.ts";
import { placeForShopper, quoteForShopper, type Shopper } from "./checkout-limits.server.ts";
import { CART_LINE_INVALID, type PricedCart } from "./priced-cart.server.ts";

/** The longest lines field a cart of 50 lines can need. */
const MAX_LINES_TEXT = 20_000;

export interface CheckoutInput {
  /** From the session, never from the request. */
  userId: string;
  email: string;
  /** Untrusted, as sent: the cart's lines as JSON text ([{ productId, colour, size, quantity }]). */
  lines: unknown;
  /**
   * The shipping address and delivery method as the page's action checked them (CheckoutSchema,
   * with Conform): the route hands over the checked values, not the form.
   */
  address: Address;
  deliveryMethod: DeliveryMethodName;
  promotionCode: string | null;
  /** Untrusted: the key of this attempt (placement.ts). */
  placementKey?: unknown;
  /**
   * The card typed into the local test gateway's form, as the action checked it (cardSchema);
   * ignored with Stripe. The gateway's own check still guards the charge.
   */
  card?: unknown;
}

/**
 * "Confirm order". Throws a DomainError (field and message) when the input is refused — then
 * nothing is stored and no card is charged — and DependencyUnavailable when a service did not
 * answer. A declined card leaves the order unpaid and throws the card's message on "cardNumber".
 */
export async function checkout(
  ctx: Context,
  who: Shopper,
  limits: AbuseLimits,
  input: CheckoutInput,
  now = shopNow(ctx),
): Promise<CheckoutOutcome> {
  const lines = sentLines(input.lines);
  const charge = cardCharger(ctx.config);
  // A card that cannot be valid is refused before any order is written.
  if (charge) refuseInvalidCard(input.card, now);
  const placed = await placeForShopper(
    ctx,
    who,
    limits,
    {
      userId: input.userId,
      email: input.email,
      lines,
      address: input.address,
      deliveryMethod: input.deliveryMethod,
      promotionCode: input.promotionCode,
      placementKey: input.placementKey,
    },
    now,
  );
  const orderId = placed.order.id;
  if (!charge) return { status: "confirm", orderId, clientSecret: placed.clientSecret };
  await confirmCardPayment(ctx, { userId: input.userId, orderId, card: input.card }, now);
  return { status: "paid", orderId };
}

/** The page's prices; a code that cannot be used is reported on "code", the cart priced without. */
export async function quoteAtCheckout(
  ctx: Context,
  who: Shopper,
  limits: AbuseLimits,
  input: { lines: unknown; deliveryMethod: unknown; code: string },
  now = shopNow(ctx),
): Promise<{ quote: CheckoutQuote; codeError?: DomainError }> {
  const lines = sentLines(input.lines);
  const [{ priced, codeError }, stocks] = await Promise.all([
    quoteForShopper(ctx, who, limits, { ...input, lines }, now),
    getStocks(ctx, productIdsOf(lines)),
  ]);
  const quote = checkoutQuote(priced, stocks, ctx.config.lowStockThreshold);
  return { quote, ...(codeError ? { codeError } : {}) };
}

/** The product ids of lines as sent (pricing checks them strictly; here they are only read). */
function productIdsOf(lines: unknown): string[] {
  if (!Array.isArray(lines)) return [];
  return lines
    .slice(0, MAX_CART_LINES)
    .map((line) => (line as { productId?: unknown } | null)?.productId)
    .filter((id): id is string => typeof id === "string" && id.length > 0 && id.length <= 200);
}

function refuseInvalidCard(card: unknown, now: Date): void {
  const checked = parseCard(card, now);
  if (checked.success) return;
  const [field, message] = Object.entries(checked.fieldErrors)[0] ?? ["cardNumber", "Invalid card"];
  throw new DomainError(message, field);
}

/** The lines field as sent (JSON text); pricing then checks each line's shape strictly. */
function sentLines(text: unknown): unknown {
  if (typeof text !== "string" || text.length > MAX_LINES_TEXT) {
    throw new DomainError(CART_LINE_INVALID, "cart");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError(CART_LINE_INVALID, "cart");
  }
}

function checkoutQuote(
  priced: PricedCart,
  stocks: ReadonlyMap<string, StockCounts>,
  threshold: number,
): CheckoutQuote {
  return {
    lines: priced.lines.map((line) => ({
      key: lineKey(line),
      productId: line.productId,
      colour: line.colour ?? null,
      size: line.size,
      quantity: line.quantity,
      name: line.name,
      slug: line.slug,
      unitPriceCents: line.unitPriceCents,
      compareAtCents: line.compareAtCents ?? null,
      discountCents: line.discountCents ?? 0,
      stock: lineStock(
        {
          quantity: line.quantity,
          productName: line.name,
          variant: lineVariant(line.colour, line.size),
        },
        line.colour ? (stocks.get(line.productId)?.[variantKey(line.colour, line.size)] ?? 0) : 0,
        threshold,
      ),
    })),
    deliveryMethod: priced.deliveryMethod,
    promotion: priced.promotion ?? null,
    promotions: priced.promotions.map(({ id, label, code, totalCents, shippingCents }) => ({
      id,
      label,
      ...(code ? { code } : {}),
      totalCents,
      shippingCents,
    })),
    breakdown: priced.breakdown,
  };
}

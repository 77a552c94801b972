// The cart priced on the server from stored products, for the checkout's quote and the order's
// lines (docs/architecture.md §5, docs/product.md §4 "Checkout flow"): the browser sends
// product ids, colours, sizes and quantities only (a line is a variant, docs/product.md §9);
// names and unit prices come from the table, the breakdown and each line's discount from
// quoteWithOffers (quote() and the promotions' rules, docs/product.md §9 "Promotions").
// Round trips: one in parallel (a BatchGetItem for the products, a Query of the automatic offers
// and, with a code, a GetItem); a second (the customer's claims and order count) only when a
// promotion in play is once per customer or for a first order.
import * as v from "valibot";
import { lineKey } from "../cart/cart.ts";
import {
  CART_LINE_INVALID,
  type CartLine,
  CartLineSchema,
  MAX_CART_LINES,
  MAX_QUANTITY,
  QUANTITY_RANGE,
} from "../cart/line.ts";
import type { Category } from "../catalog/categories.ts";
import { getProductsByIds } from "../catalog/product-lookups.server.ts";
import { sizeName } from "../catalog/sizes.ts";
import { colourOf, variantKey } from "../catalog/variants.ts";
import { DomainError, isDomainError } from "../common/errors.ts";
import { shopNow } from "../context/clock.server.ts";
import type { Context } from "../context/index.server.ts";
import { FIRST_ORDER_CLAIM } from "../db/keys.ts";
import type { OrderLine, OrderPromotion, OrderRedemptions } from "../orders/orders.server.ts";
import { type DeliveryMethodName, isDeliveryMethodName } from "../pricing/delivery.ts";
import { shownPrice } from "../pricing/markdown.ts";
import { formatPrice } from "../pricing/money.ts";
import type { PriceBreakdown } from "../pricing/quote.ts";
import {
  type AppliedPromotion,
  findCode,
  PROMOTION_EXPIRED,
  PROMOTION_USED_UP,
} from "../promotions/codes.server.ts";
import { customerHistory } from "../promotions/customer-history.server.ts";
import { quoteWithOffers } from "../promotions/offer-quote.ts";
import type { Offer, OfferRefusal } from "../promotions/offers.ts";
import { automaticOffers } from "../promotions/promotions.server.ts";
import { FIRST_ORDER_ONLY, USED_BY_CUSTOMER } from "../promotions/redemptions.server.ts";

// The cart's limits and its line's schema are the cart's own (cart/line.ts): one set for the
// cart, the quote and the order.
export { CART_LINE_INVALID, QUANTITY_RANGE };

export const CART_EMPTY = "Your cart is empty";
export const CART_TOO_LONG = `An order can hold at most ${MAX_CART_LINES} different items`;
export const PRODUCT_UNAVAILABLE = "A product in your cart is no longer available";

/** A line as the shopper asked for it (CartLineSchema). */
export type RequestedLine = CartLine;

export interface PricedCart {
  lines: OrderLine[];
  deliveryMethod: DeliveryMethodName;
  /** The code's promotion, when it gives something (amountCents: all it takes). */
  promotion?: AppliedPromotion;
  /** Every promotion applied, automatic offers and the code, in the order applied. */
  promotions: OrderPromotion[];
  /** What the order's transaction must redeem (see OrderRedemptions). */
  redemptions: OrderRedemptions;
  breakdown: PriceBreakdown;
}

/** Who is pricing: the signed-in customer (for "once per customer" and "first order"). */
export interface PricingFor {
  userId?: string;
}

/**
 * Prices `lines` (untrusted: any shape) with `method`, the automatic offers and an optional
 * promotion code. Throws a DomainError naming the problem: empty cart, malformed line, unknown
 * product, colour or size not offered, quantity outside 1–9, unknown method, or a code that
 * gives nothing (field "code").
 */
export async function priceCart(
  ctx: Context,
  lines: unknown,
  method: unknown,
  promotionCode?: string | null,
  now = shopNow(ctx),
  who: PricingFor = {},
): Promise<PricedCart> {
  return (await pricing(ctx, lines, method, promotionCode, now, "strict", who)).priced;
}

export interface QuotedCart {
  priced: PricedCart;
  /** Why the code cannot be used (field "code"); the cart is then priced without it. */
  codeError?: DomainError;
}

/**
 * The checkout's price quote: like priceCart, but a code that cannot be used (unknown,
 * expired, used up, its conditions unmet) does not fail it: the cart is priced without it and
 * the code's error comes back beside the prices. Same round trips as priceCart.
 */
export async function quoteCheckout(
  ctx: Context,
  lines: unknown,
  method: unknown,
  promotionCode?: string | null,
  now = shopNow(ctx),
  who: PricingFor = {},
): Promise<QuotedCart> {
  return pricing(ctx, lines, method, promotionCode, now, "quote", who);
}

/** What a code that gives nothing says, by why (offers.ts OfferRefusal). */
const REFUSALS: Record<OfferRefusal, (offer: Offer) => DomainError> = {
  "not-started": () => new DomainError("This promotion code is not valid yet", "code"),
  ended: () => new DomainError(PROMOTION_EXPIRED, "code"),
  "used-up": () => new DomainError(PROMOTION_USED_UP, "code", 409),
  "min-subtotal": (offer) =>
    new DomainError(
      `This code needs a subtotal of at least ${formatPrice(offer.conditions.minSubtotalCents ?? 0)}`,
      "code",
    ),
  "used-by-customer": () => new DomainError(USED_BY_CUSTOMER, "code", 409),
  "first-order-only": () => new DomainError(FIRST_ORDER_ONLY, "code", 409),
  "sign-in-needed": () => new DomainError("Sign in to use this promotion code", "code"),
  "nothing-eligible": (offer) =>
    new DomainError(
      offer.effect.kind === "free-delivery"
        ? "This promotion code gives free standard delivery only"
        : "This promotion code does not apply to the items in your cart",
      "code",
    ),
};

const needsCustomer = (offer: Offer) =>
  Boolean(offer.conditions.oncePerCustomer || offer.conditions.firstOrderOnly);

async function pricing(
  ctx: Context,
  lines: unknown,
  method: unknown,
  promotionCode: string | null | undefined,
  now: Date,
  mode: "strict" | "quote",
  who: PricingFor,
): Promise<QuotedCart> {
  const requested = parseRequestedLines(lines);
  if (!isDeliveryMethodName(method)) {
    throw new DomainError("Choose a delivery method", "deliveryMethod");
  }
  const typed = typeof promotionCode === "string" ? promotionCode.trim() : "";
  // One round trip in parallel: the products, the automatic offers and the code.
  const [found, automatic, codeOrError] = await Promise.all([
    getProductsByIds(
      ctx,
      requested.map((line) => line.productId),
    ),
    automaticOffers(ctx),
    typed === ""
      ? Promise.resolve(undefined)
      : findCode(ctx, typed).catch((error: unknown) => {
          if (mode === "quote" && isDomainError(error) && error.field === "code") return error;
          throw error;
        }),
  ]);
  let codeError = codeOrError instanceof DomainError ? codeOrError : undefined;
  const code = codeOrError instanceof DomainError ? undefined : codeOrError;
  const products = new Map(found.map((product) => [product.id, product]));

  // Each line is one variant: a line without a colour (a cart saved before colourways) is the
  // product's first colourway, and then adds up with a line naming that colour.
  const byVariant = new Map<string, OrderLine & { category: Category; productType?: string }>();
  for (const line of requested) {
    const product = products.get(line.productId);
    if (!product) throw new DomainError(PRODUCT_UNAVAILABLE, "cart", 409);
    const colour = line.colour ?? product.colourways[0]?.colour.id;
    if (!colour || !product.colourways.some((way) => way.colour.id === colour)) {
      throw new DomainError(
        `${product.name} is not available in ${colourOf(colour)?.name ?? "that colour"}`,
        "cart",
        409,
      );
    }
    if (!product.sizes.includes(line.size)) {
      throw new DomainError(
        `${product.name} is not available in size ${sizeName(line.size)}`,
        "cart",
        409,
      );
    }
    // The price it sells at now: its sale price while on sale (docs/product.md §9 "Markdowns").
    const price = shownPrice(product, now, ctx.config.timeZone);
    const key = `${product.id}:${variantKey(colour, line.size)}`;
    const quantity = (byVariant.get(key)?.quantity ?? 0) + line.quantity;
    if (quantity > MAX_QUANTITY) throw new DomainError(QUANTITY_RANGE, "cart");
    byVariant.set(key, {
      productId: product.id,
      colour,
      size: line.size,
      quantity,
      name: product.name,
      slug: product.slug,
      unitPriceCents: price.priceCents,
      ...(price.compareAtCents ? { compareAtCents: price.compareAtCents } : {}),
      category: product.category,
      ...(product.productType ? { productType: product.productType } : {}),
    });
  }
  const priced = [...byVariant.values()];

  // A customer condition in play: the customer's history (a second round trip, only then).
  const inPlay = code ? [...automatic, code] : automatic;
  const customer =
    who.userId && inPlay.some(needsCustomer) ? await customerHistory(ctx, who.userId) : undefined;
  const { breakdown, outcome } = quoteWithOffers(priced, method, automatic, code, {
    now,
    timeZone: ctx.config.timeZone,
    ...(customer ? { customer } : {}),
  });
  if (code && outcome.codeRefused) {
    const refusal = REFUSALS[outcome.codeRefused](code);
    if (mode === "strict") throw refusal;
    codeError = refusal;
  }
  const promotions: OrderPromotion[] = outcome.applied;
  const applied = outcome.applied.find((promotion) => promotion.code !== undefined);
  const byId = new Map(inPlay.map((offer) => [offer.id, offer]));
  const used = outcome.applied.flatMap((promotion) => byId.get(promotion.id) ?? []);
  const redemptions: OrderRedemptions = {
    counted: used.filter((offer) => offer.conditions.usageLimit !== undefined).map((o) => o.id),
    claims: [
      ...used.filter((offer) => offer.conditions.oncePerCustomer).map((offer) => offer.id),
      ...(used.some((offer) => offer.conditions.firstOrderOnly) ? [FIRST_ORDER_CLAIM] : []),
    ],
  };

  return {
    priced: {
      lines: priced.map(({ category: _, productType: _type, ...line }, i) => ({
        ...line,
        ...(outcome.lineDiscountCents[i] ? { discountCents: outcome.lineDiscountCents[i] } : {}),
      })),
      deliveryMethod: method,
      ...(applied?.code
        ? {
            promotion: {
              code: applied.code,
              label: applied.label,
              amountCents: applied.totalCents,
            },
          }
        : {}),
      promotions,
      redemptions,
      breakdown,
    },
    ...(codeError ? { codeError } : {}),
  };
}

/** Strict reading of the requested lines: nothing is clamped or dropped silently. */
export function parseRequestedLines(lines: unknown): RequestedLine[] {
  if (!Array.isArray(lines) || lines.length === 0) throw new DomainError(CART_EMPTY, "cart");
  if (lines.length > MAX_CART_LINES) throw new DomainError(CART_TOO_LONG, "cart");
  const byKey = new Map<string, RequestedLine>();
  for (const raw of lines) {
    const line = v.safeParse(CartLineSchema, raw);
    // The first problem of the line, in the schema's order: its product, size, then quantity.
    if (!line.success) throw new DomainError(line.issues[0].message, "cart");
    const { productId, colour, size, quantity } = line.output;
    const key = lineKey(line.output);
    const total = (byKey.get(key)?.quantity ?? 0) + quantity;
    if (total > MAX_QUANTITY) throw new DomainError(QUANTITY_RANGE, "cart");
    byKey.set(key, { productId, ...(colour ? { colour } : {}), size, quantity: total });
  }
  return [...byKey.values()];
}

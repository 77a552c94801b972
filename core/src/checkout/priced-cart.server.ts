// The cart priced on the server from stored products, for the checkout's quote and the order's
// lines (docs/architecture.md §5, docs/product.md §4 "Checkout flow"): the browser sends
// product ids, colours, sizes and quantities only (a line is a variant, docs/product.md §9); names and unit prices come from the table, the
// breakdown from quote() (the pricing rules, ../pricing/quote.ts) and the promotion from its
// stored amount.
// Round trips: one BatchGetItem for the products and, with a code, one GetItem, in parallel.
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
import { getProductsByIds } from "../catalog/product-lookups.server.ts";
import { sizeName } from "../catalog/sizes.ts";
import { colourOf, variantKey } from "../catalog/variants.ts";
import { DomainError, isDomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import type { OrderLine } from "../orders/orders.server.ts";
import { type DeliveryMethodName, isDeliveryMethodName } from "../pricing/delivery.ts";
import { type PriceBreakdown, quote } from "../pricing/quote.ts";
import { type AppliedPromotion, checkPromotion } from "../promotions/promotions.server.ts";

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
  promotion?: AppliedPromotion;
  /** The promotion has a usage limit: the order's transaction redeems it (CheckedPromotion). */
  redeemsPromotion?: boolean;
  breakdown: PriceBreakdown;
}

/**
 * Prices `lines` (untrusted: any shape) with `method` and an optional promotion code.
 * Throws a DomainError naming the problem: empty cart, malformed line, unknown product, colour
 * or size not offered, quantity outside 1–9, unknown method, or the promotion's own errors (field "code").
 */
export async function priceCart(
  ctx: Context,
  lines: unknown,
  method: unknown,
  promotionCode?: string | null,
  now = new Date(),
): Promise<PricedCart> {
  return (await pricing(ctx, lines, method, promotionCode, now, "strict")).priced;
}

export interface QuotedCart {
  priced: PricedCart;
  /** Why the code cannot be used (field "code"); the cart is then priced without it. */
  codeError?: DomainError;
}

/**
 * The checkout's price quote: like priceCart, but a code that cannot be used (unknown,
 * expired, used up) does not fail it: the cart is priced once, without the promotion, and the
 * code's error comes back beside the prices. Same round trips as priceCart.
 */
export async function quoteCheckout(
  ctx: Context,
  lines: unknown,
  method: unknown,
  promotionCode?: string | null,
  now = new Date(),
): Promise<QuotedCart> {
  return pricing(ctx, lines, method, promotionCode, now, "quote");
}

async function pricing(
  ctx: Context,
  lines: unknown,
  method: unknown,
  promotionCode: string | null | undefined,
  now: Date,
  mode: "strict" | "quote",
): Promise<QuotedCart> {
  const requested = parseRequestedLines(lines);
  if (!isDeliveryMethodName(method)) {
    throw new DomainError("Choose a delivery method", "deliveryMethod");
  }
  const code = typeof promotionCode === "string" ? promotionCode.trim() : "";
  const [found, promotion] = await Promise.all([
    getProductsByIds(
      ctx,
      requested.map((line) => line.productId),
    ),
    code === ""
      ? Promise.resolve(undefined)
      : checkPromotion(ctx, code, now).catch((error: unknown) => {
          if (mode === "quote" && isDomainError(error) && error.field === "code") return error;
          throw error;
        }),
  ]);
  const codeError = promotion instanceof DomainError ? promotion : undefined;
  const checked = promotion instanceof DomainError ? undefined : promotion;
  const applied: AppliedPromotion | undefined = checked && {
    code: checked.code,
    label: checked.label,
    amountCents: checked.amountCents,
  };
  const products = new Map(found.map((product) => [product.id, product]));

  // Each line is one variant: a line without a colour (a cart saved before colourways) is the
  // product's first colourway, and then adds up with a line naming that colour.
  const byVariant = new Map<string, OrderLine>();
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
      unitPriceCents: product.priceCents,
    });
  }
  const priced = [...byVariant.values()];

  return {
    priced: {
      lines: priced,
      deliveryMethod: method,
      ...(applied ? { promotion: applied, redeemsPromotion: checked?.limited === true } : {}),
      breakdown: quote(priced, method, applied),
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

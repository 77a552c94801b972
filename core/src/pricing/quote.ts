// The price of a cart (docs/product.md §9 "Tax", "Shipping" and "Total", §4 "Checkout flow"): one pure
// function from priced lines, a delivery method and a promotion to a breakdown in EUR cents.
import { type DeliveryMethodName, deliveryMethod } from "./delivery.ts";

/** Tax is 25% of the subtotal. */
export const TAX_RATE = 0.25;
/** STANDARD shipping is free when subtotal + tax reaches 100 € (docs/product.md §9 "Shipping"). */
export const FREE_SHIPPING_THRESHOLD_CENTS = 10_000;

export interface PricedLine {
  /** Price of one item in EUR cents (from the stored product, never from the browser). */
  unitPriceCents: number;
  quantity: number;
}

export interface PriceBreakdown {
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  /** True exactly when shipping is offered for free; the UI shows the shipping line green then. */
  freeShipping: boolean;
}

export interface PromotionAmount {
  amountCents: number;
}

/**
 * Prices a cart.
 * - tax = 25% of the subtotal, rounded to the cent (half a cent rounds up);
 * - shipping = the method's price, except STANDARD is free when subtotal + tax ≥ 100 €
 *   (EXPRESS is never free);
 * - discount = the promotion's amount, but never more than subtotal + tax + shipping,
 *   so the total never goes below 0;
 * - an empty cart costs nothing: shipping 0 (there is nothing to ship), no discount, total 0,
 *   and `freeShipping` false (no free-shipping offer was earned).
 *
 * Throws a RangeError for a line whose price or quantity is not a non-negative integer:
 * silently pricing bad data would charge the wrong amount.
 */
export function quote(
  lines: readonly PricedLine[],
  method: DeliveryMethodName = "STANDARD",
  promotion?: PromotionAmount | null,
): PriceBreakdown {
  let subtotalCents = 0;
  let itemCount = 0;
  for (const line of lines) {
    assertCount(line.unitPriceCents, "unitPriceCents");
    assertCount(line.quantity, "quantity");
    subtotalCents += line.unitPriceCents * line.quantity;
    itemCount += line.quantity;
  }
  if (itemCount === 0) {
    return {
      subtotalCents: 0,
      taxCents: 0,
      shippingCents: 0,
      discountCents: 0,
      totalCents: 0,
      freeShipping: false,
    };
  }

  const taxCents = Math.round(subtotalCents * TAX_RATE);
  const freeShipping =
    method === "STANDARD" && subtotalCents + taxCents >= FREE_SHIPPING_THRESHOLD_CENTS;
  const shippingCents = freeShipping ? 0 : deliveryMethod(method).priceCents;
  const beforeDiscount = subtotalCents + taxCents + shippingCents;
  const discountCents = Math.min(promotionCents(promotion), beforeDiscount);

  return {
    subtotalCents,
    taxCents,
    shippingCents,
    discountCents,
    totalCents: beforeDiscount - discountCents,
    freeShipping,
  };
}

/** A promotion's amount as whole, non-negative cents (a broken promotion gives no discount). */
function promotionCents(promotion: PromotionAmount | null | undefined): number {
  const amount = promotion?.amountCents;
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount <= 0) return 0;
  return Math.round(amount);
}

function assertCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}

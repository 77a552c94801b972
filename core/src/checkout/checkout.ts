// What the checkout page and the server say to each other (browser-safe): the server's prices for
// the cart, and the answers of "Confirm order". The rules are in checkout.server.ts.
import type { SizeTag } from "../catalog/sizes.ts";
import type { LineStock } from "../inventory/stock.ts";
import type { DeliveryMethodName } from "../pricing/delivery.ts";
import type { PriceBreakdown } from "../pricing/quote.ts";

/** The server's prices for the cart as it is now (never computed in the browser). */
export interface CheckoutQuote {
  lines: Array<{
    key: string;
    productId: string;
    /** The palette id of its colourway (priced lines always have one). */
    colour: string | null;
    size: SizeTag;
    quantity: number;
    name: string;
    slug: string;
    unitPriceCents: number;
    /** Its regular price, struck through, while it sells at a sale price; null: not on sale. */
    compareAtCents: number | null;
    /** What its promotions take off it, tax included (0: none). */
    discountCents: number;
    /** What is left of its variant against its quantity (a line over it cannot be ordered). */
    stock: LineStock;
  }>;
  deliveryMethod: DeliveryMethodName;
  /** The code's promotion, when it gives something (amountCents: all it takes). */
  promotion: { code: string; label: string; amountCents: number } | null;
  /**
   * Every promotion applied, automatic offers first ("Winter sale: 20% off coats"), then the
   * code; each with all it takes, items and delivery.
   */
  promotions: Array<{
    id: string;
    label: string;
    code?: string;
    /** All it takes: off the items and off the delivery. */
    totalCents: number;
    /** Of which off the delivery. */
    shippingCents: number;
  }>;
  breakdown: PriceBreakdown;
}

/** Whether every line of the quote can be had (none asks for more than is left). */
export const quoteInStock = (quote: CheckoutQuote) =>
  quote.lines.every((line) => line.stock.tone !== "over");

/** What "Confirm order" ends in: the order paid, or a payment for the browser to confirm. */
export type CheckoutOutcome =
  /** The local test gateway charged the card typed into the shop's own form. */
  | { status: "paid"; orderId: string }
  /** Stripe: the order is placed; the browser confirms its PaymentIntent with this secret. */
  | { status: "confirm"; orderId: string; clientSecret: string };

// The order events (docs/architecture.md §11), written in the same transaction as the change
// they describe. Those that move money or units carry the order's sale facts, so a reaction
// (the aggregates of core/src/insights) needs no read of an order that may have changed or been
// deleted since.
import type { OrderState, PaymentStatus } from "./state.ts";

export const ORDER_PLACED = "order.placed";
export const ORDER_PAID = "order.paid";
export const ORDER_SHIPPED = "order.shipped";
export const ORDER_DELIVERED = "order.delivered";
export const ORDER_CANCELED = "order.canceled";
export const ORDER_DELETED = "order.deleted";

/** Every order event's type. */
export const ORDER_EVENT_TYPES = [
  ORDER_PLACED,
  ORDER_PAID,
  ORDER_SHIPPED,
  ORDER_DELIVERED,
  ORDER_CANCELED,
  ORDER_DELETED,
] as const;

/** What an order sold: its total, when it was paid, and the units of each product. */
export interface OrderSaleFacts {
  /** The state it was in before the change the event describes. */
  state: OrderState;
  payment: PaymentStatus;
  totalCents: number;
  paidAt?: string;
  /** Units per product (an order may hold one product in several sizes). */
  units: Record<string, number>;
  /**
   * Units per product and colour (palette id), of the lines that name a colour: none on lines
   * of orders placed before colourways, nor in events written before the colours were added.
   */
  colours?: Record<string, Record<string, number>>;
  /**
   * What each promotion applied took off it (tax and delivery included), by promotion id, with
   * its label and code as the order recorded them: none on orders placed before the kinds, nor
   * in events written before the promotions' figures were added.
   */
  promotions?: Record<string, PromotionGiven>;
}

/** One promotion's part in an order: what it took off, as the order named it. */
export interface PromotionGiven {
  label: string;
  code?: string;
  discountCents: number;
}

interface FactsSource {
  state: OrderState;
  payment: PaymentStatus;
  totalCents: number;
  paidAt?: string;
  lines: ReadonlyArray<{ productId: string; colour?: string; quantity: number }>;
  promotions?: ReadonlyArray<{ id: string; label: string; code?: string; totalCents: number }>;
}

export function orderSaleFacts(order: FactsSource, paidAt = order.paidAt): OrderSaleFacts {
  const units: Record<string, number> = {};
  const colours: Record<string, Record<string, number>> = {};
  for (const line of order.lines) {
    units[line.productId] = (units[line.productId] ?? 0) + line.quantity;
    if (!line.colour) continue;
    const own = colours[line.productId] ?? {};
    colours[line.productId] = own;
    own[line.colour] = (own[line.colour] ?? 0) + line.quantity;
  }
  const promotions: Record<string, PromotionGiven> = {};
  for (const p of order.promotions ?? []) {
    const given = promotions[p.id] ?? {
      label: p.label,
      ...(p.code ? { code: p.code } : {}),
      discountCents: 0,
    };
    given.discountCents += p.totalCents;
    promotions[p.id] = given;
  }
  return {
    state: order.state,
    payment: order.payment,
    totalCents: order.totalCents,
    ...(paidAt ? { paidAt } : {}),
    units,
    ...(Object.keys(colours).length > 0 ? { colours } : {}),
    ...(Object.keys(promotions).length > 0 ? { promotions } : {}),
  };
}

/** The payload of every order event: who, and (for paid, canceled, deleted) the sale facts. */
export interface OrderEventPayload {
  orderId: string;
  number: string;
  userId: string;
  facts?: OrderSaleFacts;
}

// Order states and their allowed changes (docs/product.md §4 "Order state"):
// PENDING → SHIPPED → DELIVERED and PENDING → CANCELED; anything else is refused.
// Also the payment's states, which the rules read beside the order's. The bottom of the orders'
// modules: it imports none of them.
import { choiceField } from "../common/fields.ts";

export const ORDER_STATES = ["PENDING", "SHIPPED", "DELIVERED", "CANCELED"] as const;

export type OrderState = (typeof ORDER_STATES)[number];

/** A state as a form sends it (the admin's state change, a list's filter). */
export const OrderStateSchema = choiceField(ORDER_STATES, "Choose a valid order state");

/** Where an order's payment is (status.ts says it to a person). */
export type PaymentStatus = "awaiting" | "paid" | "failed" | "canceled";

/** New orders are created as PENDING. */
export const INITIAL_ORDER_STATE: OrderState = "PENDING";

const NEXT: Readonly<Record<OrderState, readonly OrderState[]>> = {
  PENDING: ["SHIPPED", "CANCELED"],
  SHIPPED: ["DELIVERED"],
  DELIVERED: [],
  CANCELED: [],
};

export function isOrderState(value: unknown): value is OrderState {
  return ORDER_STATES.some((state) => state === value);
}

/** The states an order in `from` may move to (none once DELIVERED or CANCELED). */
export function nextOrderStates(from: OrderState): readonly OrderState[] {
  return NEXT[from] ?? [];
}

export function canTransition(from: OrderState, to: OrderState): boolean {
  return nextOrderStates(from).includes(to);
}

/** Why an order cannot move from `from` to `to`, or null when it can. */
export function transitionError(from: OrderState, to: OrderState): string | null {
  if (canTransition(from, to)) return null;
  if (from === to) return `The order is already ${to}`;
  return `An order that is ${from} cannot become ${to}`;
}

/**
 * Why an anonymised order cannot be shipped: there is nobody and nowhere to ship it to (its
 * customer deleted their account: core/src/accounts/order-anonymisation.ts).
 */
export const ORDER_ANONYMISED_FOR_SHIPPING =
  "The customer deleted their account, so this order has no delivery address: cancel it to refund the payment";

/** Shipping needs the money: an order awaiting (or failed) payment cannot leave the warehouse. */
export const ORDER_NOT_PAID_FOR_SHIPPING = "An order cannot be shipped before it is paid";

/** What the state and payment rules need of an order. */
export interface OrderTransitionInput {
  state: OrderState;
  payment: PaymentStatus;
  /** Set once the customer deleted their account: the order has no delivery address left. */
  anonymisedAt?: string;
}

/**
 * Why this order cannot move to `to`, or null when it can: the state rule first (docs/product.md §4 "Order state"),
 * then the payment rule (SHIPPED needs a paid order), then the address rule (an anonymised order
 * has nowhere to go: docs/decisions/008-account-deletion.md). The admin's buttons and
 * changeOrderState both ask this, so the screen never offers what the server refuses.
 */
export function orderTransitionError(order: OrderTransitionInput, to: OrderState): string | null {
  const refused = transitionError(order.state, to);
  if (refused) return refused;
  if (to === "SHIPPED" && order.payment !== "paid") return ORDER_NOT_PAID_FOR_SHIPPING;
  if (to === "SHIPPED" && order.anonymisedAt) return ORDER_ANONYMISED_FOR_SHIPPING;
  return null;
}

export interface OrderStateAction {
  to: OrderState;
  /** Why the move is refused now (e.g. not paid yet), or null when it is allowed. */
  refusal: string | null;
}

/** The states this order may move to next, in order, each with its refusal (if any). */
export function orderStateActions(order: OrderTransitionInput): OrderStateAction[] {
  return nextOrderStates(order.state).map((to) => ({
    to,
    refusal: orderTransitionError(order, to),
  }));
}

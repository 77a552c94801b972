// Order states and their allowed changes (SPEC §4 "Order state", DESIGN decision 11):
// PENDING → SHIPPED → DELIVERED and PENDING → CANCELED; anything else is refused.
export const ORDER_STATES = ["PENDING", "SHIPPED", "DELIVERED", "CANCELED"] as const;

export type OrderState = (typeof ORDER_STATES)[number];

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

// What a customer or an admin is told about an order: its state and its payment in one phrase.
// An order waiting for its payment, or whose payment failed, is still PENDING in the state
// machine (state.ts), but "Pending" alone would hide the failure.
import type { OrderState, PaymentStatus } from "./state.ts";

export type StatusTone = "neutral" | "progress" | "success" | "warning" | "danger";

export interface OrderStatusInput {
  state: OrderState;
  payment: PaymentStatus;
  refundDue?: boolean;
  refundedAt?: string;
}

export interface OrderStatus {
  label: string;
  tone: StatusTone;
}

const STATE_LABELS: Record<OrderState, string> = {
  PENDING: "Pending",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
  CANCELED: "Canceled",
};

export function orderStatus(order: OrderStatusInput): OrderStatus {
  if (order.state === "CANCELED") {
    if (order.refundDue) return { label: "Canceled · refund due", tone: "warning" };
    if (order.refundedAt) return { label: "Canceled · refunded", tone: "neutral" };
    return { label: STATE_LABELS.CANCELED, tone: "neutral" };
  }
  if (order.state === "PENDING") {
    if (order.payment === "failed") return { label: "Payment failed", tone: "danger" };
    if (order.payment !== "paid") return { label: "Awaiting payment", tone: "warning" };
    return { label: "Paid · preparing", tone: "progress" };
  }
  return {
    label: STATE_LABELS[order.state],
    tone: order.state === "DELIVERED" ? "success" : "progress",
  };
}

const STATE_TONES: Record<OrderState, StatusTone> = {
  PENDING: "warning",
  SHIPPED: "progress",
  DELIVERED: "success",
  CANCELED: "neutral",
};

/** The state alone (the admin's list shows the payment beside it). */
export function orderStateStatus(state: OrderState): OrderStatus {
  return { label: STATE_LABELS[state], tone: STATE_TONES[state] };
}

const PAYMENT_STATUS: Record<PaymentStatus, OrderStatus> = {
  paid: { label: "Paid", tone: "success" },
  awaiting: { label: "Awaiting payment", tone: "warning" },
  failed: { label: "Payment failed", tone: "danger" },
  canceled: { label: "Not charged", tone: "neutral" },
};

/**
 * The payment alone, for the admin: a refund still due (the money must go back and has not)
 * comes first, then a refund done, then the payment itself.
 */
export function paymentStatusOf(
  order: Pick<OrderStatusInput, "payment" | "refundDue" | "refundedAt">,
): OrderStatus {
  if (order.refundDue) return { label: "Refund due", tone: "danger" };
  if (order.refundedAt) return { label: "Refunded", tone: "neutral" };
  return PAYMENT_STATUS[order.payment] ?? PAYMENT_STATUS.awaiting;
}

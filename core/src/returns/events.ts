// The return events (docs/architecture.md §11), each written in the same transaction as the
// change it describes. return.refunded carries what the insights need (the amount and the day),
// so that reaction reads no return.
export const RETURN_REQUESTED = "return.requested";
export const RETURN_APPROVED = "return.approved";
export const RETURN_RECEIVED = "return.received";
export const RETURN_REFUNDED = "return.refunded";

export interface ReturnEventPayload {
  rma: string;
  orderId: string;
  orderNumber: string;
  userId: string;
}

export interface ReturnRefundedPayload extends ReturnEventPayload {
  refundCents: number;
  refundedAt: string;
}

/** return.received also says, for a "Too small" or "Too large" return, the products sent back. */
export interface ReturnReceivedPayload extends ReturnEventPayload {
  faulty: boolean;
  fit?: "small" | "large";
  fitProducts?: string[];
}

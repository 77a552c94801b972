// The events the fit counters count (./fit.server.ts), each written in the same transaction as
// the review it describes. A return's answer travels on return.received (../returns/events.ts).
import type { Fit } from "./fit.ts";

export const REVIEW_ADDED = "review.added";
export const REVIEW_DELETED = "review.deleted";

/** Only a review that says how the size fitted emits them. */
export interface ReviewFitPayload {
  productId: string;
  fit: Fit;
}

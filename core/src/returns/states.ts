// A return's states (docs/product.md §4 "Returns and exchanges"): the moves between them, their
// labels and their badges. Pure and browser-safe; ./rules.ts re-exports it.

/**
 * requested → approved → received → refunded; an admin may reject a requested return (with a
 * message); the customer may cancel one that is not yet received. A received exchange is done
 * once its replacement order exists ("exchanged": nothing is refunded).
 */
export const RETURN_STATES = [
  "requested",
  "approved",
  "received",
  "refunded",
  "exchanged",
  "rejected",
  "cancelled",
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

export function isReturnState(value: unknown): value is ReturnState {
  return RETURN_STATES.some((s) => s === value);
}

const NEXT: Readonly<Record<ReturnState, readonly ReturnState[]>> = {
  requested: ["approved", "rejected", "cancelled"],
  approved: ["received", "cancelled"],
  received: ["refunded", "exchanged"],
  refunded: [],
  exchanged: [],
  rejected: [],
  cancelled: [],
};

/** An open return holds its units (and an exchange its replacement): none of these. */
export const CLOSED_RETURN_STATES: readonly ReturnState[] = ["rejected", "cancelled"];
/** The states in which a return's units are not (or no longer) counted against its order. */
export const returnHoldsUnits = (state: ReturnState) => !CLOSED_RETURN_STATES.includes(state);

/** Why a return in `from` cannot move to `to`, or null when it can. */
export function returnTransitionError(from: ReturnState, to: ReturnState): string | null {
  if (NEXT[from]?.includes(to)) return null;
  if (from === to) return `The return is already ${RETURN_STATE_LABELS[to].toLowerCase()}`;
  return `A return that is ${RETURN_STATE_LABELS[from].toLowerCase()} cannot be ${ACTION_WORDS[to]}`;
}

export const RETURN_STATE_LABELS: Readonly<Record<ReturnState, string>> = {
  requested: "Requested",
  approved: "Approved",
  received: "Received",
  refunded: "Refunded",
  exchanged: "Exchanged",
  rejected: "Rejected",
  cancelled: "Cancelled",
};

const ACTION_WORDS: Readonly<Record<ReturnState, string>> = {
  requested: "requested",
  approved: "approved",
  received: "marked received",
  refunded: "refunded",
  exchanged: "exchanged",
  rejected: "rejected",
  cancelled: "cancelled",
};

/** A return's state as a badge shows it (the tones of core/src/orders/status.ts). */
export function returnStatus(state: ReturnState): {
  label: string;
  tone: "neutral" | "progress" | "success" | "warning" | "danger";
} {
  const tone =
    state === "refunded" || state === "exchanged"
      ? "success"
      : state === "rejected"
        ? "danger"
        : state === "cancelled"
          ? "neutral"
          : state === "requested"
            ? "warning"
            : "progress";
  return { label: RETURN_STATE_LABELS[state], tone };
}

// Errors the domain raises on purpose. Routes turn them into 4xx answers with the field and the
// message (docs/product.md §8: server errors are shown on the field they name).
export class DomainError extends Error {
  constructor(
    message: string,
    /** The form field the message belongs to, when there is one. */
    readonly field?: string,
    /** HTTP status a route should answer with. */
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 = 400,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/**
 * A dependency (the table, S3, SES, SQS, Stripe) did not answer within its deadline, or not at
 * all, after its retry budget (core/src/context/deadlines.ts), or (`busy`) kept answering "too
 * many requests" until the request's deadline (core/src/context/busy.server.ts). Pages answer it
 * with a 503 and Retry-After; nothing that needed the call was stored half-way.
 */
export class DependencyUnavailable extends Error {
  /** Refused as busy (throttled, or a transaction conflict), not unanswered. */
  readonly busy: boolean;
  constructor(
    readonly dependency: string,
    readonly operation: string,
    options?: { cause?: unknown; busy?: boolean },
  ) {
    super(
      options?.busy
        ? `${dependency} was too busy to answer ${operation} in time`
        : `${dependency} did not answer ${operation} in time`,
      options,
    );
    this.name = "DependencyUnavailable";
    this.busy = options?.busy === true;
  }
}

export const isDependencyUnavailable = (error: unknown): error is DependencyUnavailable =>
  error instanceof DependencyUnavailable ||
  (error instanceof Error && error.name === "DependencyUnavailable");

/** An action whose dependency did not answer: the form keeps its input, to send again. */
export const ACTION_UNAVAILABLE =
  "Part of our shop did not answer, so this was not done. What you entered is still here: please try again in a moment.";

/** The checkout, when the table (or another service but the payment's) did not answer. */
export const ORDER_UNAVAILABLE =
  "Part of our shop did not answer. Your order was not placed and nothing was charged; your cart is kept: please try again in a moment.";

/** The payment service did not answer at checkout: nothing was charged. */
export const PAYMENT_UNAVAILABLE =
  "The payment did not go through: our payment service did not answer. Nothing was charged, and your cart is kept: please try again in a moment.";

/** A dependency refused the call as busy (docs/decisions/034-busy-not-error.md). */
export const isBusy = (error: unknown): error is DependencyUnavailable =>
  isDependencyUnavailable(error) && (error as { busy?: unknown }).busy === true;

/** An action refused as busy: the form keeps its input, to send again. */
export const ACTION_BUSY =
  "Our shop is very busy right now, so this was not done. What you entered is still here: please try again in a moment.";

/** The checkout, when the table was too busy to take the order. */
export const ORDER_BUSY =
  "Our shop is very busy right now. Your order was not placed and nothing was charged; your cart is kept: please try again in a moment.";

/** The payment service was too busy to start the payment: nothing was charged. */
export const PAYMENT_BUSY =
  "Our payment service is very busy right now, so the payment did not go through. Nothing was charged, and your cart is kept: please try again in a moment.";

/** What a form says when an action failed for want of an answer from `error`'s dependency. */
export const unavailableMessage = (error: DependencyUnavailable): string =>
  error.dependency === "stripe"
    ? isBusy(error)
      ? PAYMENT_BUSY
      : PAYMENT_UNAVAILABLE
    : isBusy(error)
      ? ACTION_BUSY
      : ACTION_UNAVAILABLE;

/** The same, at the checkout. */
export const checkoutUnavailableMessage = (error: DependencyUnavailable): string =>
  error.dependency === "stripe"
    ? isBusy(error)
      ? PAYMENT_BUSY
      : PAYMENT_UNAVAILABLE
    : isBusy(error)
      ? ORDER_BUSY
      : ORDER_UNAVAILABLE;

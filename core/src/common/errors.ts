// Errors the domain raises on purpose. Routes turn them into 4xx answers with the field and the
// message (docs/spec.md §8: server errors are shown on the field they name).
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
 * all, after its retry budget (core/src/context/deadlines.ts). Pages answer it with a 503 and
 * Retry-After; nothing that needed the call was stored half-way.
 */
export class DependencyUnavailable extends Error {
  constructor(
    readonly dependency: string,
    readonly operation: string,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} did not answer ${operation} in time`, options);
    this.name = "DependencyUnavailable";
  }
}

export const isDependencyUnavailable = (error: unknown): error is DependencyUnavailable =>
  error instanceof DependencyUnavailable ||
  (error instanceof Error && error.name === "DependencyUnavailable");

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

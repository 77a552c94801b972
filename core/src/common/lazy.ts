// Loading on first use (docs/decisions/022-lean-bundles.md): what only some requests need (the
// Stripe SDK, the S3 and SES clients) is behind a dynamic import(), which the bundles turn into a
// chunk of its own, read by the first request that needs it instead of by every cold start.

/**
 * `make` run on the first call and its promise kept for every later call; a failed attempt (a
 * chunk that could not be read, a client that could not be built) is not kept, so the next call
 * tries again.
 */
export function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}

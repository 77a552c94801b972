// Which path the current document was loaded from. A client-side navigation keeps the first
// document, and with it that document's Content-Security-Policy (web/server/security-headers.ts):
// a route that needs its own policy (the checkout, for Stripe's origins) asks for a document load.

/**
 * Was this document loaded from `pathname` (not reached there by a client-side navigation)?
 * Unknown (no Navigation Timing) counts as yes, so a route can never reload itself in a loop.
 */
export function documentLoadedAt(pathname: string): boolean {
  const [entry] = performance.getEntriesByType("navigation");
  if (!entry) return true;
  try {
    return new URL(entry.name).pathname === pathname;
  } catch {
    return true;
  }
}

/**
 * For a route's clientLoader: the server's data when this document was loaded at `url`, else a
 * document load of `url` (the navigation then never settles: the page is replaced).
 */
export function asOwnDocument<T>(url: string, serverLoader: () => Promise<T>): Promise<T> {
  if (documentLoadedAt(new URL(url).pathname)) return serverLoader();
  window.location.assign(url);
  return new Promise<T>(() => {});
}

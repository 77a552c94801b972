// Request checks every mutating route shares (docs/architecture.md §5): same-origin POSTs and the client
// address for abuse limits.
import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/server-runtime";
import { type AbuseLimits, loadAbuseLimits } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";

const trustProxy = () => process.env.TRUST_PROXY === "1";

/**
 * Refuses a cross-origin POST (CSRF) with a 403 (thrown: the route's ErrorBoundary shows it). Browsers send Origin on every POST;
 * a request without Origin or Referer comes from a non-browser client, which holds no victim's
 * cookie, so it passes. Call it first in every action.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("Origin") ?? originOf(request.headers.get("Referer"));
  if (origin === null) return;
  if (allowedOrigins(request).includes(origin)) return;
  throw data("Cross-origin request refused", { status: 403 });
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return "invalid";
  }
}

/** The shop's own origin: APP_URL, and the host the request was sent to (both schemes). */
function allowedOrigins(request: Request): string[] {
  const url = new URL(request.url);
  const host =
    (trustProxy() ? request.headers.get("X-Forwarded-Host") : null) ??
    request.headers.get("Host") ??
    url.host;
  return [getContext().config.appUrl, `https://${host}`, `http://${host}`, url.origin];
}

/**
 * The client's address, for abuse limits. Behind CloudFront (`TRUST_PROXY=1`) it is only the
 * viewer address CloudFront sets (CloudFront-Viewer-Address, "address:port", forwarded by the
 * site's origin request policy, stacks/Web.ts); X-Forwarded-For is never read, since its first
 * entry is whatever the client wrote. Every request that gets here behind CloudFront carried the
 * distribution's origin secret (web/server/origin-guard.ts refuses the others first), so nobody
 * but CloudFront wrote that header. A request without it shares one limit. Otherwise it is the socket's address, which the shop's
 * server (web/server.ts) puts in the load context; headers a client can set are then ignored.
 */
export function clientAddress(request: Request, context?: AppLoadContext): string {
  if (trustProxy()) {
    const viewer = request.headers.get("CloudFront-Viewer-Address");
    return viewer ? viewer.replace(/:\d+$/, "").slice(0, 64) : "unknown-viewer";
  }
  const socket = context?.clientAddress;
  return typeof socket === "string" && socket ? socket.slice(0, 64) : "direct";
}

let limits: AbuseLimits | undefined;
/** The abuse limits from the environment (README "Configuration"). */
export function abuseLimits(): AbuseLimits {
  limits ??= loadAbuseLimits(process.env);
  return limits;
}

/** Who is asking, for the account flows' abuse limits. */
export const requester = (request: Request, context?: AppLoadContext) => ({
  clientAddress: clientAddress(request, context),
});

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The TCP peer's address, set by web/server.ts (absent on Lambda). */
    clientAddress?: string;
  }
}

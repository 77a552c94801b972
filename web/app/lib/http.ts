// HTTP caching rules shared by routes (docs/decisions/018-edge-cache.md).
import type { HeadersFunction } from "@remix-run/node";
import { redirect } from "@remix-run/server-runtime";

/**
 * A page (or its data) that is the same for every anonymous visitor: the browser asks again each
 * time (max-age=0); a shared cache (CloudFront, locally the shared-cache stand-in) keeps it for an
 * hour, serves it stale for a minute while one request refreshes it, and for a day if the site
 * fails. Edits do not wait for the hour: the table's stream purges the pages they change.
 */
export const SHARED_PAGE_CACHE =
  "public, max-age=0, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400";
export const NO_STORE = "private, no-store";

/** The `headers` of a page that is never kept (an admin's page): private, no-store. */
export const noStoreHeaders: HeadersFunction = () => ({ "Cache-Control": NO_STORE });

/**
 * The cookies that make a request personal: the session (the page names the signed-in visitor)
 * and a pending toast (the page shows it once). They are the shared cache's key; other cookies
 * change nothing a page shows.
 */
export const PERSONAL_COOKIES = ["sid", "toast"] as const;

/** Does the request carry a session or a toast cookie? */
export function isPersonalRequest(request: Request): boolean {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  return header.split(";").some((pair) => {
    const name = pair.split("=", 1)[0]?.trim();
    return (PERSONAL_COOKIES as readonly string[]).includes(name ?? "");
  });
}

/**
 * Cache-Control for a page that is the same for every anonymous visitor: shared when the request
 * is not personal, `private, no-store` when it is. (Cart and currency live in localStorage and
 * never make a page personal.)
 */
export function publicPageCacheControl(request: Request): string {
  return isPersonalRequest(request) ? NO_STORE : SHARED_PAGE_CACHE;
}

/**
 * A temporary redirect that is the same for every anonymous visitor (a section's first page): a
 * shared cache may keep it too, unless the request is personal.
 */
export function publicRedirect(request: Request, to: string): Response {
  return redirect(to, {
    status: 302,
    headers: { "Cache-Control": publicPageCacheControl(request) },
  });
}

/** May a shared cache keep a response with this Cache-Control? */
export function isShareable(cacheControl: string | null): boolean {
  if (!cacheControl) return false;
  const directives = cacheControl.toLowerCase();
  return /\bpublic\b|s-maxage/.test(directives) && !/\bprivate\b|no-store/.test(directives);
}

/**
 * The final word on a page's or data answer's Cache-Control (entry.server.tsx): what the route
 * said, unless a shared cache must not keep it: a write, a personal request, or an answer that
 * sets a cookie (a cached Set-Cookie would hand one visitor's session to the next), or an answer
 * other than 200 (an error page, a redirect). An answer that says nothing is not kept either.
 */
export function finalCacheControl(request: Request, status: number, headers: Headers): string {
  const said = headers.get("Cache-Control");
  if (!said) return NO_STORE;
  if (!isShareable(said)) return said;
  const safe =
    status === 200 &&
    (request.method === "GET" || request.method === "HEAD") &&
    !isPersonalRequest(request) &&
    !headers.has("Set-Cookie");
  return safe ? said : NO_STORE;
}

/**
 * The `headers` of a public page whose loader set its Cache-Control (publicPageCacheControl). No
 * `Vary: Cookie`: the shared cache keys on the session and toast cookies themselves (a Vary on the
 * whole Cookie header would split anonymous visitors by their other cookies, and CloudFront's
 * cache is keyed by its policy, not by Vary), and a browser asks again each time (max-age=0).
 */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE,
});

/**
 * A JSON Response, with its charset. (On AWS the site once answered on Remix's fetch polyfill,
 * whose Response has no static json(): every route that called it answered 500 there while
 * working locally, as the deploy rehearsal caught. Both now answer on Node's own fetch classes:
 * web/server/lambda-handler.ts.)
 */
export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

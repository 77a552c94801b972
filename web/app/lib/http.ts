// HTTP caching rules shared by routes.

/**
 * Pages the same for every visitor: any cache may keep them but must ask again before each use
 * (an admin's edit shows at once, also behind CloudFront). Documents carry an ETag (the render
 * cache's key, a hash of the URL and the data), so asking again costs a 304 and no body when
 * nothing changed.
 */
export const PUBLIC_PAGE_CACHE = "public, no-cache";
export const NO_STORE = "private, no-store";

/**
 * Cache-Control for a page that is the same for every visitor. Every page carries the root
 * loader's data (the signed-in user's name), so a shared cache may keep it only when the request
 * carried no cookie. (Cart and currency live in localStorage and never make a page personal.)
 */
export function publicPageCacheControl(request: Request): string {
  return request.headers.has("Cookie") ? NO_STORE : PUBLIC_PAGE_CACHE;
}

/**
 * A JSON Response. Not `Response.json`: on AWS, SST's Lambda handler installs Remix's fetch
 * globals (installGlobals), whose Response has no static json(), and every such route answered
 * 500 there while working locally (the deploy rehearsal caught it: npm run rehearse).
 */
export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

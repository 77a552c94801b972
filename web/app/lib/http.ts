// HTTP caching rules shared by routes.

/** Catalogue pages: CloudFront keeps them a minute and serves a stale copy while refreshing. */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const NO_STORE = "private, no-store";

/**
 * Cache-Control for a page that is the same for every visitor. Every page carries the root
 * loader's data (the signed-in user's name), so a shared cache may keep it only when the request
 * carried no cookie. (Cart and currency live in localStorage and never make a page personal.)
 */
export function publicPageCacheControl(request: Request): string {
  return request.headers.has("Cookie") ? NO_STORE : PUBLIC_PAGE_CACHE;
}

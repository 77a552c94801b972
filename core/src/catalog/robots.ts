// What crawlers may visit (docs/product.md §2 "Search engines"): the storefront is public; the
// account, cart, checkout, orders, the auth pages that only a link opens, the admin area and
// the JSON resource routes are private. One list serves robots.txt (Disallow) and the pages'
// `<meta name="robots" content="noindex">`, so the two never disagree.

/** Path prefixes no crawler should visit nor index (robots.txt prefix semantics). */
export const PRIVATE_PATH_PREFIXES = [
  "/admin",
  "/api/",
  "/auth/",
  "/cart",
  "/order",
  "/user",
] as const;

/**
 * Public pages under a private prefix: signing in and signing up are what a searcher looking for
 * the shop's account pages should find (docs/product.md §2 "Search engines").
 */
export const PUBLIC_UNDER_PRIVATE = ["/auth/sign-in", "/auth/sign-up"] as const;

/**
 * Whether a page is private: matched as robots.txt matches (the longest rule wins, Allow on a
 * tie), so this is exactly what the robots.txt below tells crawlers.
 */
export function isPrivatePath(pathname: string): boolean {
  const longest = (rules: readonly string[]) =>
    Math.max(-1, ...rules.filter((rule) => pathname.startsWith(rule)).map((rule) => rule.length));
  const disallowed = longest(PRIVATE_PATH_PREFIXES);
  return disallowed >= 0 && disallowed > longest(PUBLIC_UNDER_PRIVATE);
}

/** robots.txt: every crawler may visit the storefront but not the private areas; the sitemap. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...PUBLIC_UNDER_PRIVATE.map((path) => `Allow: ${path}`),
    ...PRIVATE_PATH_PREFIXES.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

/** `path` on the shop's public origin (APP_URL, with or without a trailing slash). */
export function absoluteUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

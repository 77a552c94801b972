// What public pages put in their meta tags (docs/product.md §2 "Search engines"): a title, a
// description, the canonical URL and Open Graph tags. Private pages: ./title.ts.
import type { MetaArgs, MetaDescriptor } from "@remix-run/node";
import { absoluteUrl } from "@shop/core/catalog";
import { SHOP_NAME } from "./shop";

/** The description cut to about 160 characters at a word, for the meta description. */
export function metaDescription(text: string): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= 160) return plain;
  return `${plain.slice(0, 157).replace(/\s+\S*$/, "")}…`;
}

export interface PublicPage {
  /** The document's whole title (see `pageTitle` in ./title.ts). */
  title: string;
  description: string;
  /**
   * The canonical path, with the query that makes the page what it is; by default the page's
   * own path without its query (a tracking or return parameter names the same page).
   */
  path?: string;
  /** og:title, when it is not the document's title (a product's own name). */
  socialTitle?: string;
  /** og:type: "website" unless said. */
  type?: "website" | "product";
  /** og:image: an absolute URL (a product's first picture). */
  image?: string;
}

/** The shop's public origin (APP_URL), which the root loader hands to every page. */
export function shopOrigin(matches: MetaArgs["matches"]): string | undefined {
  const root = matches.find((match) => match.id === "root")?.data as
    | { origin?: unknown }
    | undefined;
  return typeof root?.origin === "string" ? root.origin : undefined;
}

/** The meta tags of a public page: title, description, canonical URL and Open Graph. */
export function publicPageMeta(
  { location, matches }: Pick<MetaArgs, "location" | "matches">,
  page: PublicPage,
): MetaDescriptor[] {
  return publicPageTags(shopOrigin(matches), location.pathname, page);
}

/**
 * The same tags, built by a page's loader from the request (the product page and the
 * catalogue): the page's `meta` then only returns them, so this module and what it imports
 * stay out of the JavaScript those pages ship.
 */
export function loaderPageMeta(request: Request, origin: string, page: PublicPage) {
  return publicPageTags(origin, new URL(request.url).pathname, page);
}

function publicPageTags(
  origin: string | undefined,
  pathname: string,
  page: PublicPage,
): MetaDescriptor[] {
  const url = origin ? absoluteUrl(origin, page.path ?? pathname) : undefined;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    ...(url ? [{ tagName: "link", rel: "canonical", href: url }] : []),
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.socialTitle ?? page.title },
    { property: "og:description", content: page.description },
    ...(url ? [{ property: "og:url", content: url }] : []),
    ...(page.image ? [{ property: "og:image", content: page.image }] : []),
  ];
}

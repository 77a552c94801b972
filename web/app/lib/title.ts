// Page titles, and the meta tags of a private page (docs/product.md §2 "Search engines"): small
// enough to ship with the layout (the cart and the storefront's forms use them), unlike the public
// pages' tags (./meta.ts), which the busiest pages build in their loaders.
import type { MetaDescriptor } from "@remix-run/node";
import { SHOP_NAME } from "./shop";

/** A page's title in the document: "{page} | Threadline". */
export function pageTitle(title: string): string {
  return `${title} | ${SHOP_NAME}`;
}

/**
 * The meta tags of a private page (account, cart, checkout, orders, admin): its title and, if
 * given, a description; no canonical URL, and noindex from the root layout (`isPrivatePath`).
 */
export function privatePageMeta(title: string, description?: string): MetaDescriptor[] {
  return [{ title }, ...(description ? [{ name: "description", content: description }] : [])];
}

/** An admin page's title: "{page} | Admin | Threadline". */
export function adminTitle(title: string): MetaDescriptor[] {
  return [{ title: pageTitle(`${title} | Admin`) }];
}

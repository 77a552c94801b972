// The item that tells the edge which pages an automatic offer shows on have changed
// (docs/product.md §9 "Promotions", "On the pages"; docs/decisions/018-edge-cache.md): an offer
// created or deleted (in its own transaction: ../promotions/promotion-admin.server.ts) or started or
// ended at its dates (the scheduled run: ../edge-cache/markdowns.server.ts). An offer's own item
// is no use for that: every order that uses a limited offer writes it too. The item is put each
// time; only its stream record matters (../edge-cache/purge.ts): the catalogue's pages and the
// named products' pages, or every product page.
import type { Context } from "../context/index.server.ts";
import { OFFER_PAGES_KEY } from "./keys.ts";

export const OFFER_PAGES_ENTITY = "offerPages";
/** Past this many products, the item says "every product page" (one wildcard at the edge). */
export const MAX_OFFER_PAGE_SLUGS = 50;

/** The products whose pages changed, by slug, or all of them. */
export type OfferPages = readonly string[] | "all";

/** The Put of the item, for a transaction or on its own. */
export function offerPagesPut(
  ctx: Pick<Context, "tableName">,
  pages: OfferPages,
  now = new Date(),
) {
  const slugs = pages === "all" ? undefined : [...new Set(pages)].sort();
  const all = slugs === undefined || slugs.length > MAX_OFFER_PAGE_SLUGS;
  return {
    Put: {
      TableName: ctx.tableName,
      Item: {
        ...OFFER_PAGES_KEY,
        entity: OFFER_PAGES_ENTITY,
        ...(all ? { allProducts: true } : { slugs }),
        changedAt: now.toISOString(),
      },
    },
  };
}

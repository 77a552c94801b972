// The automatic offers on the public pages (docs/product.md §9 "On the pages"): the catalogue's
// cards and the product page, from the offers the catalogue's read model keeps beside the
// products (../catalog/read-model.server.ts): no table call of their own, so a warm catalogue
// page or product page stays one round trip. What shows is ./shown-offers.ts.

import type { CatalogPage, CatalogQuery, ProductSummary } from "../catalog/query.ts";
import type { CatalogSnapshot } from "../catalog/read-model.server.ts";
import { catalogSnapshot } from "../catalog/read-model.server.ts";
import { catalogPageOf } from "../catalog/search.server.ts";
import { shopNow } from "../context/clock.server.ts";
import type { Context } from "../context/index.server.ts";
import type { Offer } from "./offers.ts";
import { toOffer } from "./promotions.server.ts";
import {
  type OfferProduct,
  offersShownFor,
  type ShownOffer,
  withShownOffers,
} from "./shown-offers.ts";

const offersOf = new WeakMap<CatalogSnapshot, readonly Offer[]>();

/** The snapshot's automatic offers (read once per snapshot). */
export function snapshotOffers(snapshot: CatalogSnapshot): readonly Offer[] {
  let offers = offersOf.get(snapshot);
  if (!offers) {
    offers = snapshot.offerItems.map(toOffer);
    offersOf.set(snapshot, offers);
  }
  return offers;
}

/** A catalogue page whose cards each carry the offer they show (`offer`). */
export interface CatalogPageWithOffers extends CatalogPage {
  items: (ProductSummary & { offer?: ShownOffer })[];
}

/** The catalogue's page (../catalog/search.server.ts) with each card's offer at `now`. */
export async function getCatalogPageWithOffers(
  ctx: Context,
  query: CatalogQuery,
  now = shopNow(ctx),
): Promise<CatalogPageWithOffers> {
  const snapshot = await catalogSnapshot(ctx);
  const page = await catalogPageOf(ctx, snapshot, query, now);
  const items = withShownOffers(page.items, snapshotOffers(snapshot), now, ctx.config.timeZone);
  return items === page.items ? page : { ...page, items: [...items] };
}

/** The offers a product's page shows at `now` (the product priced at `now`). */
export function productPageOffers(
  ctx: Context,
  snapshot: CatalogSnapshot,
  product: OfferProduct,
  now: Date,
): ShownOffer[] {
  return offersShownFor(product, snapshotOffers(snapshot), now, ctx.config.timeZone);
}

// The sales' scheduled purge (docs/product.md §9 "Markdowns", docs/decisions/018-edge-cache.md):
// a sale starts and ends at its days without any write to the table, so no stream record tells
// the edge. A scheduled run (functions/src/markdown-purge.ts) finds the products whose price
// changed since its last run (a sale started or ended: ../pricing/markdown.ts
// `priceChangedBetween`), whose pages and the catalogue's (prices show on them all) are then
// stale, and marks each (`priceChangedAt`): the product's stream record goes to the edge purge
// as an edit's does (./purge.ts), which invalidates exactly those pages. Then the run is
// recorded. A run that fails records nothing, so the next one covers its span too.
// Automatic offers start and end at their dates the same way (docs/product.md §9 "On the
// pages"): the run finds the offers that pages show whose dates started or ended in its span
// (../promotions/shown-offers.ts `offerShownChangedBetween`) and puts the offer-pages item
// naming the products they target (../db/offer-pages.ts), whose stream record purges those pages
// and the catalogue's.
// Round trips: the run's item and the catalogue (the read model: its version, and the index's
// products and offers on a cold start) in parallel; an UpdateItem per product changed and a
// PutItem when an offer changed, in parallel; one PutItem.
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { catalogSnapshot } from "../catalog/read-model.server.ts";
import type { Context } from "../context/index.server.ts";
import { conditionalPut, conditionalUpdate } from "../db/conditional.server.ts";
import { MARKDOWN_PURGE_KEY, productKey } from "../db/keys.ts";
import { MAX_OFFER_PAGE_SLUGS, type OfferPages, offerPagesPut } from "../db/offer-pages.ts";
import { priceChangedBetween } from "../pricing/markdown.ts";
import { snapshotOffers } from "../promotions/page-offers.server.ts";
import { offerShownChangedBetween, targetsProduct } from "../promotions/shown-offers.ts";
import { pagePaths } from "./purge.ts";

/** How far back a first run looks (no run recorded): more than the schedule's interval. */
export const FIRST_RUN_LOOKBACK_MS = 60 * 60_000;

export interface MarkdownPurge {
  /** The span looked at (ISO): from the last run recorded to this one. */
  since: string;
  now: string;
  /** The products whose price changed in the span. */
  changed: Array<{ id: string; slug: string }>;
  /** The automatic offers shown on pages that started or ended in the span. */
  offers: Array<{ id: string; label: string }>;
  /** The products those offers target, by slug, or all of them. */
  offerPages: OfferPages;
  /** Their pages and the catalogue's, sorted; empty when none changed. */
  paths: string[];
}

/** The pages whose prices changed since the last run recorded (see the header). */
export async function markdownPurge(ctx: Context, now = new Date()): Promise<MarkdownPurge> {
  const [{ Item }, snapshot] = await Promise.all([
    ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: MARKDOWN_PURGE_KEY, ConsistentRead: true }),
    ),
    catalogSnapshot(ctx),
  ]);
  const ranAt = typeof Item?.ranAt === "string" ? new Date(Item.ranAt) : undefined;
  const since =
    ranAt && !Number.isNaN(ranAt.getTime()) && ranAt < now
      ? ranAt
      : new Date(now.getTime() - FIRST_RUN_LOOKBACK_MS);
  const timeZone = ctx.config.timeZone;
  const products = [...snapshot.bySlug.values()];
  const changed = products
    .filter((product) => priceChangedBetween(product, since, now, timeZone))
    .map(({ id, slug }) => ({ id, slug }));
  const offers = snapshotOffers(snapshot).filter((offer) =>
    offerShownChangedBetween(offer, since, now, timeZone),
  );
  const offerSlugs = products
    .filter((product) => offers.some((offer) => targetsProduct(offer, product)))
    .map((product) => product.slug);
  const offerPages: OfferPages = offerSlugs.length > MAX_OFFER_PAGE_SLUGS ? "all" : offerSlugs;
  return {
    since: since.toISOString(),
    now: now.toISOString(),
    changed,
    offers: offers.map(({ id, label }) => ({ id, label })),
    offerPages,
    paths:
      changed.length > 0 || offers.length > 0
        ? pagePaths([...changed.map((product) => product.slug), ...offerSlugs], {
            catalogue: true,
            sitemap: false,
            allProducts: offerPages === "all",
          })
        : [],
  };
}

/**
 * Marks each product whose price changed (`priceChangedAt`, the run's time): its stream record
 * purges its pages and the catalogue's (./purge.ts). A product deleted meanwhile is skipped.
 * When offers started or ended, puts the offer-pages item naming their products, whose record
 * purges those pages and the catalogue's.
 */
export async function markPriceChanges(ctx: Context, run: MarkdownPurge): Promise<void> {
  await Promise.all([
    ...(run.offers.length > 0
      ? [ctx.db.send(new PutCommand(offerPagesPut(ctx, run.offerPages, new Date(run.now)).Put))]
      : []),
    ...run.changed.map(async ({ id }) => {
      await conditionalUpdate(ctx, {
        TableName: ctx.tableName,
        Key: productKey(id),
        UpdateExpression: "SET priceChangedAt = :now",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":now": run.now },
      });
    }),
  ]);
}

/** Records the run once its purge is sent; a later run already recorded is kept. */
export async function recordMarkdownPurge(ctx: Context, run: MarkdownPurge): Promise<void> {
  await conditionalPut(ctx, {
    TableName: ctx.tableName,
    Item: { ...MARKDOWN_PURGE_KEY, entity: "markdownPurge", ranAt: run.now },
    ConditionExpression: "attribute_not_exists(pk) OR ranAt < :now",
    ExpressionAttributeValues: { ":now": run.now },
  });
}

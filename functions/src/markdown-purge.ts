// Lambda, on a schedule (every 15 minutes on AWS; every minute locally, scripts/dev.ts): the
// products whose price changed because a sale started or ended since the last run are marked, and
// the pages of automatic offers that started or ended are named, so that their stream records
// purge those pages and the catalogue's at the edge as an edit does, without waiting for one
// (core/src/edge-cache/markdowns.server.ts); then the run is recorded.
// A failure throws: the run is retried, and the next one covers its span.
import { getContext } from "@shop/core/server/context";
import { markdownPurge, markPriceChanges, recordMarkdownPurge } from "@shop/core/server/edge-cache";
import { instrumented, logLine } from "./lambda/observability.ts";

export const handler = instrumented("markdownPurge", async () => {
  const ctx = getContext();
  const run = await markdownPurge(ctx);
  if (run.changed.length > 0 || run.offers.length > 0) {
    await markPriceChanges(ctx, run);
    logLine("info", "sale prices or offers changed: pages to purge", {
      products: run.changed.map((product) => product.slug),
      offers: run.offers.map((offer) => offer.id),
      paths: run.paths.length,
    });
  }
  await recordMarkdownPurge(ctx, run);
  return { since: run.since, changed: run.changed.length, offers: run.offers.length };
});

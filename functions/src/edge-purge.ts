// Lambda: the catalogue's change reader. Its queue, which the dispatcher fills with the table's
// catalogue changes (products, slug claims, stock: docs/decisions/042-two-stream-readers.md) →
// one CloudFront invalidation of exactly the storefront paths a batch makes stale
// (docs/decisions/018-edge-cache.md), then, when a product changed, the search index published
// anew for the sites to load (docs/decisions/021-search.md).
import { changesSearch, publishSearchIndex } from "@shop/core/server/catalog";
import { getContext, loadConfig } from "@shop/core/server/context";
import { cloudFrontInvalidate, edgePurgeHandler } from "./lambda/cloudfront.ts";
import { instrumented, logLine } from "./lambda/observability.ts";
import { changesHandler } from "./lambda/queues.ts";

const distributionId = () => {
  const id = process.env.SITE_DISTRIBUTION_ID;
  if (!id) throw new Error("SITE_DISTRIBUTION_ID is not set");
  return id;
};

let invalidate: ReturnType<typeof cloudFrontInvalidate> | undefined;
const purge = edgePurgeHandler(
  (paths, reference) => {
    invalidate ??= cloudFrontInvalidate(distributionId());
    return invalidate(paths, reference);
  },
  () => loadConfig().lowStockThreshold,
);

export const handler = instrumented(
  "edgePurge",
  changesHandler(async (changes) => {
    await purge({ Records: changes });
    if (changes.some(changesSearch)) {
      logLine("info", "search index published", {
        searchIndex: await publishSearchIndex(getContext()),
      });
    }
  }),
);

// Lambda: the catalogue's change reader. The table's stream (products, slug claims, stock) → one
// CloudFront invalidation of exactly the storefront paths a batch makes stale
// (docs/decisions/018-edge-cache.md), then, when a product changed, the search index published
// anew for the sites to load (docs/decisions/021-search.md). One reader for both: the stream
// serves few readers per shard.
import { changesSearch, publishSearchIndex } from "@shop/core/server/catalog";
import { getContext, loadConfig } from "@shop/core/server/context";
import {
  cloudFrontInvalidate,
  edgePurgeHandler,
  type PurgeStreamRecord,
} from "./lambda/cloudfront.ts";
import { instrumented, logLine } from "./lambda/observability.ts";
import { asWholeBatch } from "./lambda/queues.ts";

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
  asWholeBatch(async (event: { Records: PurgeStreamRecord[] }) => {
    await purge(event);
    if (event.Records.some(changesSearch)) {
      logLine("info", "search index published", {
        searchIndex: await publishSearchIndex(getContext()),
      });
    }
  }),
);

// Lambda: the table's stream (products, slug claims, stock) → one CloudFront invalidation of
// exactly the storefront paths a batch makes stale (docs/decisions/018-edge-cache.md).
import { loadConfig } from "@shop/core/server/context";
import { cloudFrontInvalidate, edgePurgeHandler } from "./lambda/cloudfront.ts";

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

export const handler = purge;

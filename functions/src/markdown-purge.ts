// Lambda, on a schedule (every 15 minutes on AWS; every minute locally, scripts/dev.ts): the edge
// purges the pages whose prices changed because a sale started or ended since the last run,
// without waiting for a product edit (core/src/edge-cache/markdowns.server.ts), then the run is
// recorded. A failed invalidation throws: the run is retried, and the next one covers its span.

import { getContext } from "@shop/core/server/context";
import { markdownPurge, recordMarkdownPurge } from "@shop/core/server/edge-cache";
import { cloudFrontInvalidate, type Invalidate } from "./lambda/cloudfront.ts";
import { instrumented, logLine } from "./lambda/observability.ts";

let invalidate: Invalidate | undefined;

export const handler = instrumented("markdownPurge", async () => {
  const ctx = getContext();
  const run = await markdownPurge(ctx);
  if (run.paths.length > 0) {
    const distributionId = process.env.SITE_DISTRIBUTION_ID;
    if (!distributionId) throw new Error("SITE_DISTRIBUTION_ID is not set");
    invalidate ??= cloudFrontInvalidate(distributionId);
    await invalidate(run.paths, `markdowns-${run.since}-${run.now}`);
    logLine("info", "sale prices changed: pages purged", {
      products: run.changed.map((product) => product.slug),
      paths: run.paths.length,
    });
  }
  await recordMarkdownPurge(ctx, run);
  return { since: run.since, changed: run.changed.length };
});

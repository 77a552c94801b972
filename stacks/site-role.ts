// What the site's server role holds beyond the grants stacks/Web.ts gives it, and which of its
// statements no journey of the deploy rehearsal can use. SST v2's RemixSite grants its server read
// and write on the site's assets bucket and invalidations of its distribution; Web.ts denies the
// writes back (ASSET_WRITES). The site is no entry of the function registry (SST builds it, not
// stacks/functions.ts), so its unreached statements are declared here, beside its stack, each
// pinned to its resource as the registry's are (functions/src/function-entry.ts); the rehearsal
// reads them (packages/rehearsal/src/coverage.ts, docs/decisions/027-permissions-both-ways.md).
// No construct is imported here, so the rehearsal reads this list without loading CDK.

import { ACTIVE_TRACING, type Unreached } from "@shop/functions/registry";

/** The site's construct in the Web stack: SST builds its assets bucket and distribution in it. */
export const SITE_CONSTRUCT = "Site";

/** The object writes of CDK's grantReadWrite (PutObject and its ACL, tagging, retention, legal hold; DeleteObject and its versions and tagging; multipart aborts), denied on a bucket's objects. */
export const ASSET_WRITES = ["s3:PutObject*", "s3:DeleteObject*", "s3:Abort*"];

/** The actions of CDK's grantReadWrite, which SST gives the server on the assets bucket. */
export const ASSET_READ_WRITE = [
  "s3:GetObject*",
  "s3:GetBucket*",
  "s3:List*",
  "s3:DeleteObject*",
  "s3:PutObject",
  "s3:PutObjectLegalHold",
  "s3:PutObjectRetention",
  "s3:PutObjectTagging",
  "s3:PutObjectVersionTagging",
  "s3:Abort*",
];

const ASSETS = `${SITE_CONSTRUCT}/S3Bucket`;

/** The statements of the site's role that no journey uses, each pinned to its resource. */
export const SITE_UNREACHED: readonly Unreached[] = [
  ACTIVE_TRACING,
  {
    // On the bucket and its objects.
    actions: ASSET_READ_WRITE,
    resources: [{ construct: ASSETS }, { construct: ASSETS, objects: true }],
    why: "SST v2's RemixSite grants its server read and write on the site's assets bucket; the server never touches it (CloudFront serves the assets through its origin access identity) and a Deny takes the writes back (stacks/Web.ts)",
  },
  {
    effect: "Deny",
    actions: ASSET_WRITES,
    resources: [{ construct: ASSETS, objects: true }],
    why: "a Deny: it takes back the writes of SST's grant on the assets bucket; no call of the site writes there, so none meets it",
  },
  {
    actions: ["cloudfront:CreateInvalidation"],
    resources: [{ construct: `${SITE_CONSTRUCT}/Distribution` }],
    why: "SST v2's RemixSite grants its server invalidations of its distribution (Next.js's revalidation); the shop's cached pages are purged by the edge purge function (docs/decisions/018-edge-cache.md), never by the site",
  },
];

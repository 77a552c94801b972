// The AWS deployment (SST v2): `npm run deploy -- --stage NAME` deploys a whole, isolated copy
// of the shop (scripts/deploy.ts: the edge part, then the shop, each an `sst deploy`). Stacks by concern (stacks/all.ts): secrets, storage (table, buckets, images CDN),
// events (the table's stream readers, the mail and newsletter queues with their dead-letter
// queues, the Stripe webhook, alarms), web (the Remix site behind CloudFront). The stage's web
// firewall is its edge part, deployed first and on its own in us-east-1 with DEPLOY_PART=edge
// (stacks/Firewall.ts, docs/decisions/019-web-firewall.md).
import type { SSTConfig } from "sst";
import { defineApp } from "./stacks/all.ts";
import { deployRegion } from "./stacks/stage.ts";

export default {
  config() {
    return { name: "threadline", region: deployRegion() };
  },
  stacks(app) {
    defineApp(app);
  },
} satisfies SSTConfig;

// The AWS deployment (SST v2): `npx sst deploy --stage NAME` deploys a whole, isolated copy of
// the shop. Stacks by concern (stacks/all.ts): secrets, storage (table, buckets, images CDN),
// events (the table's stream readers, the mail and newsletter queues with their dead-letter
// queues, the Stripe webhook, alarms), web (the Remix site behind CloudFront).
import type { SSTConfig } from "sst";
import { defineStacks } from "./stacks/all.ts";

export default {
  config() {
    return { name: "threadline", region: process.env.AWS_REGION || "eu-west-1" };
  },
  stacks(app) {
    defineStacks(app);
  },
} satisfies SSTConfig;

// The AWS deployment (SST v2): `npm run deploy -- --stage NAME` deploys a whole, isolated copy
// of the shop (scripts/deploy.ts: the edge part, then the shop, each an `sst deploy`). Stacks by concern (stacks/all.ts): secrets, storage (table, buckets, images CDN),
// events (the table's stream readers, the mail and newsletter queues with their dead-letter
// queues, the Stripe webhook, alarms), web (the Remix site behind CloudFront). The stage's web
// firewall is its edge part, deployed first and on its own in us-east-1 with DEPLOY_PART=edge
// (stacks/Firewall.ts, docs/decisions/019-web-firewall.md).
import type { SSTConfig } from "sst";
import { defineApp } from "./stacks/all.ts";
import { deployRegion, stageNameProblem } from "./stacks/stage.ts";

export default {
  config(input?: { stage?: string }) {
    // Only a stage of the closed list (stacks/stage-names.ts) is deployed, removed or given
    // secrets: any other name would make a new, unprotected copy of the shop. An offline synthesis
    // (stacks/synth.ts: the infrastructure tests, `npm run synth`) runs in SST's test mode
    // (NODE_ENV=test, what SST's App.isRunningSSTTest reads) and may name any stage. The
    // project's own calls with no options (stacks/synth.ts, the rehearsal's site bundle) follow
    // SST's, which checked the stage.
    const checked = input !== undefined && process.env.NODE_ENV !== "test";
    const problem = checked ? stageNameProblem(input.stage) : undefined;
    if (problem) throw new Error(problem);
    return { name: "threadline", region: deployRegion() };
  },
  stacks(app) {
    defineApp(app);
  },
} satisfies SSTConfig;

// Synthesizes the stacks offline (no credentials, no network) into CloudFormation templates, the
// way `sst deploy` would before uploading: used by the infrastructure tests and `npm run synth`.
// SST's test mode (NODE_ENV=test) skips the AWS look-ups of a real deploy.
import { Template } from "aws-cdk-lib/assertions";
import { App, getStack } from "sst/constructs";
import { initProject } from "sst/project.js";
import config from "../sst.config.ts";
import { defineStacks, type EDGE_STACKS, type STACKS } from "./all.ts";
import { cacheBundles } from "./bundle-cache.ts";
import { applyRulePacks } from "./rule-packs.ts";

/** The account of an offline synthesis (a deploy uses the credentials' account). */
export const OFFLINE_ACCOUNT = "000000000000";

/**
 * A stage's templates; `only` synthesizes just those stacks (and skips the site's bundle). With
 * `rulePacks`, AWS's rule packs check every resource (stacks/rule-packs.ts): the app is then
 * synthesized here, once, and `rulePacks` holds what they found. `part: "edge"` synthesizes the
 * stage's edge part (DEPLOY_PART=edge: the web firewall, in us-east-1) instead of the shop.
 */
export async function synthesize(
  stage: string,
  only?: ReadonlyArray<(typeof STACKS)[number] | (typeof EDGE_STACKS)[number]>,
  options: { rulePacks?: boolean; part?: "shop" | "edge" } = {},
) {
  process.env.SST_TELEMETRY_DISABLED = "1";
  process.env.NODE_ENV = "test";
  // Without `part`, the one DEPLOY_PART says (`DEPLOY_PART=edge npm run synth`).
  if (options.part) process.env.DEPLOY_PART = options.part === "edge" ? "edge" : "";
  await initProject({ stage });
  // Each function's bundle made once for every synthesis of the same sources (./bundle-cache.ts).
  cacheBundles();
  // Named, placed and owned as `sst deploy` would (it asks STS for the account: offline, a
  // placeholder), so the templates name the same app, region and ARNs as a real deploy.
  const { name, region } = config.config();
  const account = process.env.CDK_DEFAULT_ACCOUNT || OFFLINE_ACCOUNT;
  const app = new App({ mode: "deploy", stage, name, region, account });
  if (only) defineStacks(app, only);
  else await config.stacks(app);
  const rulePacks = options.rulePacks ? applyRulePacks(app) : undefined;
  await app.finish();
  if (rulePacks) app.synth();
  return {
    app,
    rulePacks,
    template: (stack: Parameters<typeof getStack>[0]) => Template.fromStack(getStack(stack)),
  };
}

// The stacks of a stage, in dependency order (the edge part, deployed on its own, apart), and the defaults every function shares: used by
// sst.config.ts (deploy) and stacks/synth.ts (offline synthesis, tests).
import { type App, getStack } from "sst/constructs";
import { Events } from "./Events.ts";
import { Firewall } from "./Firewall.ts";
import { keepFunctionLogs } from "./log-groups.ts";
import { justifySstDeployHandlers } from "./rule-packs.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";
import { BUNDLE, deployPart, isProduction, RUNTIME } from "./stage.ts";
import { Web } from "./Web.ts";

export const STACKS = [Secrets, Storage, Events, Web] as const;
/** The edge part of a stage (DEPLOY_PART=edge, in us-east-1): CloudFront's web firewall. */
export const EDGE_STACKS = [Firewall] as const;

/** The stacks of the part being deployed (DEPLOY_PART, stacks/stage.ts). */
export function defineApp(app: App) {
  if (deployPart() === "edge") defineStacks(app, EDGE_STACKS);
  else defineStacks(app);
}

/** Adds `stacks` (all of them by default; a prefix of STACKS, since later ones use earlier ones). */
export function defineStacks(
  app: App,
  stacks: ReadonlyArray<(typeof STACKS)[number] | (typeof EDGE_STACKS)[number]> = STACKS,
) {
  app.setDefaultFunctionProps({
    runtime: RUNTIME,
    architecture: "arm_64",
    nodejs: BUNDLE,
    // X-Ray on every function (SST's default, said here): Powertools' Tracer in each handler
    // (functions/src/lambda/observability.ts) adds its AWS SDK calls as subsegments.
    tracing: "active",
  });
  for (const stack of stacks) {
    app.stack(stack);
    justifySstDeployHandlers(getStack(stack));
    // Every function's own log group, with the stage's retention (stacks/log-groups.ts).
    keepFunctionLogs(getStack(stack), isProduction(app));
  }
}

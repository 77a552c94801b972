// The stacks of a stage, in dependency order, and the defaults every function shares: used by
// sst.config.ts (deploy) and stacks/synth.ts (offline synthesis, tests).
import { type App, getStack } from "sst/constructs";
import { Events } from "./Events.ts";
import { justifySstDeployHandlers } from "./rule-packs.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";
import { BUNDLE, RUNTIME } from "./stage.ts";
import { Web } from "./Web.ts";

export const STACKS = [Secrets, Storage, Events, Web] as const;

/** Adds `stacks` (all of them by default; a prefix of STACKS, since later ones use earlier ones). */
export function defineStacks(app: App, stacks: ReadonlyArray<(typeof STACKS)[number]> = STACKS) {
  app.setDefaultFunctionProps({
    runtime: RUNTIME,
    architecture: "arm_64",
    nodejs: BUNDLE,
  });
  for (const stack of stacks) {
    app.stack(stack);
    justifySstDeployHandlers(getStack(stack));
  }
}

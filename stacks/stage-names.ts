// The stages a deploy may name: a closed list, so that no typo or free text makes a new, unprotected
// copy of the shop. Kept free of imports: the deploy gate (scripts/deploy-gate.ts) and `npm run
// deploy` read it before anything is built; stacks/stage.ts re-exports it
// (docs/decisions/035-production-after-staging.md).

/** The two long-lived stages, in the order a commit reaches them. */
export const STABLE_STAGES = ["staging", "production"] as const;

/**
 * A preview stage: `pr-<number>` (a pull request's copy) or `preview-<name>` (a named demo), in
 * lower case, at most 24 characters in all (the stage is part of every resource's name). A preview
 * is never production-like: no retention, no deletion protection, no domain, no real payments
 * (deploySettings in stacks/stage.ts refuses them).
 */
export const PREVIEW_STAGE = /^(pr-[1-9][0-9]{0,5}|preview-[a-z]([a-z0-9-]{0,14}[a-z0-9])?)$/;

/** How every message names the list. */
export const STAGE_LIST = "staging, production, pr-<number> or preview-<name>";

/** What a stage is, by its name: also the GitHub environment its deploy runs in. */
export type StageKind = "production" | "staging" | "preview";

/** The kind of a stage of the closed list, or undefined for any other name. */
export function stageKind(stage: string | undefined): StageKind | undefined {
  if (stage === "production" || stage === "staging") return stage;
  if (stage !== undefined && PREVIEW_STAGE.test(stage)) return "preview";
  return undefined;
}

/** Why this is not a stage a deploy may name, or undefined when it is. */
export function stageNameProblem(stage: string | undefined): string | undefined {
  if (!stage) return `Name the stage (--stage): one of ${STAGE_LIST}`;
  if (stageKind(stage)) return undefined;
  return `"${stage}" is no stage of the shop: name one of ${STAGE_LIST} (stacks/stage-names.ts)`;
}

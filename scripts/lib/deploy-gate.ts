// The Deploy workflow's gate (.github/workflows/deploy.yml,
// docs/decisions/035-production-after-staging.md): which commit may go to which stage, decided
// from what GitHub knows of the commit (scripts/deploy-gate.ts fetches it with `gh`). A commit
// moves one way: green CI on main → staging → production.
// - a preview stage (pr-<number>, preview-<name>) takes a commit with a green CI run of it, a
//   pull request's included;
// - staging takes a commit with a green CI run of a push to main (the commit itself, on main);
// - production takes only a commit whose latest finished staging deploy passed, its smoke test
//   included, and names that run.
// Every refusal says what to do next.
import { STAGE_LIST, type StageKind, stageKind } from "../../stacks/stage-names.ts";

/** The workflow file whose runs deploy a stage: only its runs count as staging deploys. */
export const DEPLOY_WORKFLOW = ".github/workflows/deploy.yml";

/** The GitHub environments a deploy runs in: one per kind of stage (every preview shares one). */
export const ENVIRONMENTS = ["staging", "production", "preview"] as const satisfies StageKind[];

/** The branch staging is deployed from. */
export const MAIN_BRANCH = "main";

/**
 * The commit status each deploy run leaves on the commit it deployed: `pending` when it starts,
 * `success` once the stage's smoke test passed, `failure` otherwise.
 */
export const deployStatusContext = (stage: string) => `deploy/${stage}`;

/** A run of the CI workflow for the commit (GitHub's workflow run). */
export interface CiRun {
  id: number;
  url: string;
  /** What started it: `push`, `pull_request`, … */
  event: string;
  branch: string | null;
  /** `success`, `failure`, …; null while it runs. */
  conclusion: string | null;
}

/** A run of the Deploy workflow that deployed the commit to staging. */
export interface StagingDeploy {
  runId: number;
  url: string;
  /** The workflow file of the run that left the status (only DEPLOY_WORKFLOW's count). */
  workflow: string;
  /** When the run last set its status (ISO 8601). */
  at: string;
  /** The run's latest commit status for deploy/staging. */
  state: "pending" | "success" | "failure" | "error";
  /** The run's conclusion; null while it runs. */
  conclusion: string | null;
}

/** A commit status as GitHub lists it (newest first): its state, link and time. */
export interface DeployStatus {
  state: StagingDeploy["state"];
  url: string | null;
  at: string;
}

/** A workflow run as GitHub's API describes it (the fields read here). */
export interface RunInfo {
  html_url: string;
  /** The workflow file, sometimes with the ref it ran at (`….yml@refs/heads/main`). */
  path: string;
  conclusion: string | null;
}

/**
 * The staging deploys behind a commit's deploy/staging statuses (newest first, GitHub's order):
 * each run's latest status, with the run's workflow and conclusion (`runOf` looks a run up). A
 * status that links to no run is dropped.
 */
export function stagingDeploysFrom(
  statuses: readonly DeployStatus[],
  runOf: (runId: number) => RunInfo,
): StagingDeploy[] {
  const byRun = new Map<number, DeployStatus>();
  for (const status of statuses) {
    const runId = Number(/\/actions\/runs\/(\d+)/.exec(status.url ?? "")?.[1]);
    if (runId && !byRun.has(runId)) byRun.set(runId, status);
  }
  return [...byRun].map(([runId, status]) => {
    const run = runOf(runId);
    return {
      runId,
      url: run.html_url,
      workflow: run.path.replace(/@.*$/, ""),
      at: status.at,
      state: status.state,
      conclusion: run.conclusion,
    };
  });
}

export interface GateFacts {
  stage: string | undefined;
  sha: string;
  ciRuns: readonly CiRun[];
  stagingDeploys: readonly StagingDeploy[];
}

export type GateDecision =
  | {
      ok: true;
      stage: string;
      /** The GitHub environment the deploy runs in: its role and settings are the stage's. */
      environment: StageKind;
      sha: string;
      /** Why it may go, naming the run that let it. */
      because: string;
    }
  | { ok: false; message: string };

const short = (sha: string) => sha.slice(0, 12);

/** May this commit be deployed to this stage? */
export function decide(facts: GateFacts): GateDecision {
  const { stage, sha } = facts;
  const environment = stageKind(stage);
  if (!stage || !environment) {
    return {
      ok: false,
      message: `"${stage ?? ""}" is no stage of the shop: deploy to one of ${STAGE_LIST}.`,
    };
  }
  if (!/^[0-9a-f]{40}$/.test(sha)) {
    return { ok: false, message: `"${sha}" is not a commit's full SHA.` };
  }
  const go = (because: string): GateDecision => ({ ok: true, stage, environment, sha, because });
  if (environment === "production") {
    const deploy = latestStagingDeploy(facts.stagingDeploys);
    const staging = `run Deploy with stage "staging" and ref ${sha} (gh workflow run deploy.yml -f stage=staging -f ref=${sha})`;
    if (!deploy) {
      return {
        ok: false,
        message: `${short(sha)} was never deployed to staging: production takes only a commit that passed staging's smoke test. Next: ${staging}, then deploy it to production again.`,
      };
    }
    if (deploy.conclusion === null) {
      return {
        ok: false,
        message: `${short(sha)} is being deployed to staging (${deploy.url}): wait until it and its smoke test pass, then deploy it to production again.`,
      };
    }
    if (!(deploy.state === "success" && deploy.conclusion === "success")) {
      return {
        ok: false,
        message: `The latest staging deploy of ${short(sha)} (${deploy.url}) did not pass (${deploy.conclusion === "success" ? deploy.state : deploy.conclusion}): read its log, fix the cause, ${staging}, then deploy it to production again.`,
      };
    }
    return go(
      `${short(sha)} passed its deploy and smoke test on staging in run ${deploy.runId} (${deploy.url})`,
    );
  }
  const green = facts.ciRuns.filter((run) => run.conclusion === "success");
  if (environment === "staging") {
    const onMain = green.find((run) => run.event === "push" && run.branch === MAIN_BRANCH);
    if (!onMain) {
      return {
        ok: false,
        message: `CI has not passed for ${short(sha)} on ${MAIN_BRANCH}: staging takes a commit of ${MAIN_BRANCH} whose CI run (a push) succeeded. Merge it to ${MAIN_BRANCH} and wait for its CI run, or deploy a pull request's commit to a preview stage (pr-<number>).`,
      };
    }
    return go(`CI passed for ${short(sha)} on ${MAIN_BRANCH} in run ${onMain.id} (${onMain.url})`);
  }
  const anyGreen = green[0];
  if (!anyGreen) {
    return {
      ok: false,
      message: `CI has not passed for ${short(sha)}: push it (or open a pull request) and wait for a green CI run, then deploy again.`,
    };
  }
  return go(`CI passed for ${short(sha)} in run ${anyGreen.id} (${anyGreen.url})`);
}

/**
 * The commit's latest staging deploy (by its latest status): it says whether the commit passes
 * staging now (an older green run does not excuse a newer failed or unfinished one).
 */
function latestStagingDeploy(deploys: readonly StagingDeploy[]): StagingDeploy | undefined {
  return deploys
    .filter((d) => d.workflow === DEPLOY_WORKFLOW)
    .sort((a, b) => b.at.localeCompare(a.at))[0];
}

/**
 * Why `role` is not the deploy role of this GitHub environment, or undefined. Each environment
 * holds its own role (README "Deploy to AWS": `threadline-deploy-<environment>`, trusted by that
 * environment's jobs only); its name ending in `-<environment>` keeps a misplaced variable (the
 * production role set for staging, or one repository variable for all) from being used at all.
 */
export function roleProblem(environment: string, role: string | undefined): string | undefined {
  if (!(ENVIRONMENTS as readonly string[]).includes(environment)) {
    return `"${environment}" is not a deploy environment (staging, production or preview)`;
  }
  if (!role) {
    return `AWS_DEPLOY_ROLE_ARN is not set in the GitHub environment "${environment}": create the role (README "Deploy to AWS") and set the variable there, not in the repository`;
  }
  const name = /^arn:aws[a-z-]*:iam::\d{12}:role\/(?:[\w+=,.@-]+\/)*([\w+=,.@-]+)$/.exec(role)?.[1];
  if (!name) return `AWS_DEPLOY_ROLE_ARN: "${role}" is not an IAM role's ARN`;
  if (!name.endsWith(`-${environment}`)) {
    return `AWS_DEPLOY_ROLE_ARN of the environment "${environment}" names the role "${name}", not that environment's own (a name ending in "-${environment}", e.g. threadline-deploy-${environment})`;
  }
  return undefined;
}

// The Deploy workflow's gate (.github/workflows/deploy.yml): `tsx scripts/deploy-gate.ts --stage
// NAME --sha SHA` fetches with `gh` what GitHub knows of the commit (its CI runs, the statuses its
// staging deploys left and those runs' conclusions), lets scripts/lib/deploy-gate.ts decide, and
// prints why the commit may go or what to do next. On GitHub Actions it hands the stage, its
// environment and the commit to the next job (GITHUB_OUTPUT) and the reason to the run's summary.
// Needs GH_TOKEN and GITHUB_REPOSITORY (owner/name), as the workflow gives it.
// `--role ARN --environment NAME` checks instead that the deploy job is about to assume its own
// environment's role (roleProblem), and nothing else.
import { execFileSync } from "node:child_process";
import { appendFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { stageKind } from "../stacks/stage-names.ts";
import {
  type CiRun,
  type DeployStatus,
  decide,
  deployStatusContext,
  type GateFacts,
  roleProblem,
  type StagingDeploy,
  stagingDeploysFrom,
} from "./lib/deploy-gate.ts";

/** `gh api` on the repository's REST API, its JSON parsed (`--paginate` pages joined by jq). */
function gh(path: string, jq?: string): string {
  const args = ["api", "-H", "Accept: application/vnd.github+json", path];
  if (jq) args.push("--paginate", "--jq", jq);
  return execFileSync("gh", args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

const lines = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

function ciRuns(repo: string, sha: string): CiRun[] {
  return lines(
    gh(
      `repos/${repo}/actions/workflows/ci.yml/runs?head_sha=${sha}&per_page=100`,
      ".workflow_runs[] | {id, url: .html_url, event, branch: .head_branch, conclusion}",
    ),
  );
}

/** The commit's staging deploys: its deploy/staging statuses, and the runs that left them. */
function stagingDeploys(repo: string, sha: string): StagingDeploy[] {
  const statuses: DeployStatus[] = lines(
    gh(
      `repos/${repo}/commits/${sha}/statuses?per_page=100`,
      `.[] | select(.context == "${deployStatusContext("staging")}") | {state, url: .target_url, at: .created_at}`,
    ),
  );
  return stagingDeploysFrom(statuses, (runId) =>
    JSON.parse(gh(`repos/${repo}/actions/runs/${runId}`)),
  );
}

const { values } = parseArgs({
  options: {
    stage: { type: "string" },
    sha: { type: "string" },
    role: { type: "string" },
    environment: { type: "string" },
  },
});
if (values.environment !== undefined) {
  const problem = roleProblem(values.environment, values.role);
  if (problem) {
    console.log(`::error::${problem}`);
    process.exit(1);
  }
  console.log(`Deploying with the ${values.environment} environment's own role.`);
  process.exit(0);
}
const repo = process.env.GITHUB_REPOSITORY;
const sha = values.sha ?? "";
if (!repo) {
  console.error("GITHUB_REPOSITORY (owner/name) is not set: the workflow sets it.");
  process.exit(2);
}
// GitHub is asked only about a commit's full SHA bound for a stage of the list: anything else is
// refused by the rules alone, before any call.
const kind = stageKind(values.stage);
const asks = kind !== undefined && /^[0-9a-f]{40}$/.test(sha);
let facts: Pick<GateFacts, "ciRuns" | "stagingDeploys">;
try {
  facts = {
    ciRuns: asks && kind !== "production" ? ciRuns(repo, sha) : [],
    stagingDeploys: asks && kind === "production" ? stagingDeploys(repo, sha) : [],
  };
} catch (error) {
  console.log(
    `::error::Could not read the commit's runs and statuses from GitHub (${(error as Error).message.split("\n")[0]}): run the workflow again; if it persists, check the gate job's permissions (actions: read, statuses: read).`,
  );
  process.exit(1);
}
const decision = decide({ stage: values.stage, sha, ...facts });
if (!decision.ok) {
  console.log(`::error::${decision.message}`);
  process.exit(1);
}
console.log(`Deploying ${decision.sha} to ${decision.stage}: ${decision.because}.`);
if (process.env.GITHUB_OUTPUT) {
  appendFileSync(
    process.env.GITHUB_OUTPUT,
    `sha=${decision.sha}\nstage=${decision.stage}\nenvironment=${decision.environment}\n`,
  );
}
if (process.env.GITHUB_STEP_SUMMARY) {
  appendFileSync(
    process.env.GITHUB_STEP_SUMMARY,
    `Deploying \`${decision.sha}\` to **${decision.stage}**: ${decision.because}.\n`,
  );
}

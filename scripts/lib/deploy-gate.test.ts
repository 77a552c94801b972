// The Deploy workflow's gate (scripts/lib/deploy-gate.ts) on what GitHub could know of a commit:
// production goes only after a green staging deploy of the same commit and names it; a failed,
// unfinished or missing staging deploy, or one left by another workflow, stops it with the next
// step; staging needs a green CI run of main; a preview any green CI run; any other stage name is
// refused.
import { describe, expect, it } from "vitest";
import {
  type CiRun,
  DEPLOY_WORKFLOW,
  decide,
  type StagingDeploy,
  stagingDeploysFrom,
} from "./deploy-gate.ts";

const SHA = "0123456789abcdef0123456789abcdef01234567";
const RUNS = "https://github.com/owner/threadline/actions/runs";

const ci = (run: Partial<CiRun> & { id: number }): CiRun => ({
  url: `${RUNS}/${run.id}`,
  event: "push",
  branch: "main",
  conclusion: "success",
  ...run,
});

const staged = (deploy: Partial<StagingDeploy> & { runId: number }): StagingDeploy => ({
  url: `${RUNS}/${deploy.runId}`,
  workflow: DEPLOY_WORKFLOW,
  at: "2026-11-28T10:00:00Z",
  state: "success",
  conclusion: "success",
  ...deploy,
});

const GREEN_MAIN = [ci({ id: 11 })];

describe("the deploy gate: production", () => {
  it("refuses a commit never deployed to staging, whatever its CI, and says how to get there", () => {
    const decision = decide({
      stage: "production",
      sha: SHA,
      ciRuns: GREEN_MAIN,
      stagingDeploys: [],
    });
    expect(decision).toEqual({
      ok: false,
      message: expect.stringContaining("never deployed to staging"),
    });
    expect(!decision.ok && decision.message).toContain(
      `gh workflow run deploy.yml -f stage=staging -f ref=${SHA}`,
    );
  });

  it("refuses a commit whose staging deploy failed its smoke test", () => {
    const decision = decide({
      stage: "production",
      sha: SHA,
      ciRuns: GREEN_MAIN,
      stagingDeploys: [staged({ runId: 21, state: "failure", conclusion: "failure" })],
    });
    expect(decision.ok).toBe(false);
    expect(!decision.ok && decision.message).toMatch(
      new RegExp(
        `latest staging deploy of ${SHA.slice(0, 12)} \\(${RUNS}/21\\) did not pass \\(failure\\)`,
      ),
    );
  });

  it("refuses when the latest staging deploy failed, even after an older one passed", () => {
    const decision = decide({
      stage: "production",
      sha: SHA,
      ciRuns: GREEN_MAIN,
      stagingDeploys: [
        staged({ runId: 21, at: "2026-11-28T10:00:00Z" }),
        staged({ runId: 22, at: "2026-11-28T12:00:00Z", state: "failure", conclusion: "failure" }),
      ],
    });
    expect(!decision.ok && decision.message).toContain(`${RUNS}/22`);
  });

  it("refuses while the staging deploy runs, and one cancelled before its smoke test", () => {
    const running = decide({
      stage: "production",
      sha: SHA,
      ciRuns: GREEN_MAIN,
      stagingDeploys: [staged({ runId: 23, state: "pending", conclusion: null })],
    });
    expect(!running.ok && running.message).toMatch(/is being deployed to staging .*runs\/23/);
    const cancelled = decide({
      stage: "production",
      sha: SHA,
      ciRuns: GREEN_MAIN,
      stagingDeploys: [staged({ runId: 24, state: "pending", conclusion: "cancelled" })],
    });
    expect(!cancelled.ok && cancelled.message).toMatch(/did not pass \(cancelled\)/);
  });

  it("ignores a success status that no run of the Deploy workflow left", () => {
    const decision = decide({
      stage: "production",
      sha: SHA,
      ciRuns: GREEN_MAIN,
      stagingDeploys: [staged({ runId: 25, workflow: ".github/workflows/other.yml" })],
    });
    expect(!decision.ok && decision.message).toContain("never deployed to staging");
  });

  it("passes a commit whose staging deploy and smoke test passed, naming that run", () => {
    const decision = decide({
      stage: "production",
      sha: SHA,
      ciRuns: [],
      stagingDeploys: [staged({ runId: 26 })],
    });
    expect(decision).toEqual({
      ok: true,
      stage: "production",
      environment: "production",
      sha: SHA,
      because: `${SHA.slice(0, 12)} passed its deploy and smoke test on staging in run 26 (${RUNS}/26)`,
    });
  });
});

describe("the deploy gate: staging and previews", () => {
  it("staging needs a green CI run of a push to main; a pull request's run is not enough", () => {
    const prOnly = [ci({ id: 31, event: "pull_request", branch: "feature" })];
    const refused = decide({ stage: "staging", sha: SHA, ciRuns: prOnly, stagingDeploys: [] });
    expect(!refused.ok && refused.message).toMatch(/CI has not passed for .* on main/);
    const failed = [ci({ id: 32, conclusion: "failure" })];
    expect(decide({ stage: "staging", sha: SHA, ciRuns: failed, stagingDeploys: [] }).ok).toBe(
      false,
    );
    const passed = decide({ stage: "staging", sha: SHA, ciRuns: GREEN_MAIN, stagingDeploys: [] });
    expect(passed).toMatchObject({ ok: true, environment: "staging" });
    expect(passed.ok && passed.because).toContain(`${RUNS}/11`);
  });

  it("a preview stage takes any green CI run of the commit, in the preview environment", () => {
    const prRun = [ci({ id: 41, event: "pull_request", branch: "feature" })];
    expect(decide({ stage: "pr-12", sha: SHA, ciRuns: prRun, stagingDeploys: [] })).toMatchObject({
      ok: true,
      stage: "pr-12",
      environment: "preview",
    });
    const none = decide({ stage: "preview-spring", sha: SHA, ciRuns: [], stagingDeploys: [] });
    expect(!none.ok && none.message).toMatch(/CI has not passed/);
  });
});

describe("the deploy gate: stage names", () => {
  it("refuses any stage off the closed list, before looking at the commit", () => {
    for (const stage of ["prod", "Production", "stagin", "pr-abc", "demo", "", undefined]) {
      const decision = decide({
        stage,
        sha: SHA,
        ciRuns: GREEN_MAIN,
        stagingDeploys: [staged({ runId: 51 })],
      });
      expect(decision, String(stage)).toEqual({
        ok: false,
        message: expect.stringContaining(
          "is no stage of the shop: deploy to one of staging, production, pr-<number> or preview-<name>",
        ),
      });
    }
  });

  it("refuses what is not a commit's full SHA", () => {
    const decision = decide({
      stage: "staging",
      sha: "main",
      ciRuns: GREEN_MAIN,
      stagingDeploys: [],
    });
    expect(!decision.ok && decision.message).toMatch(/not a commit's full SHA/);
  });
});

describe("the deploy gate: what GitHub's statuses say of the staging deploys", () => {
  it("takes each run's latest status (GitHub lists them newest first) and the run's conclusion", () => {
    const runs: Record<number, { html_url: string; path: string; conclusion: string | null }> = {
      61: {
        html_url: `${RUNS}/61`,
        path: `${DEPLOY_WORKFLOW}@refs/heads/main`,
        conclusion: "success",
      },
      62: { html_url: `${RUNS}/62`, path: DEPLOY_WORKFLOW, conclusion: null },
    };
    const deploys = stagingDeploysFrom(
      [
        { state: "pending", url: `${RUNS}/62`, at: "2026-11-28T12:00:00Z" },
        { state: "success", url: `${RUNS}/61`, at: "2026-11-28T11:00:00Z" },
        { state: "pending", url: `${RUNS}/61`, at: "2026-11-28T10:00:00Z" },
        { state: "success", url: null, at: "2026-11-28T09:00:00Z" },
        { state: "success", url: "https://example.com/elsewhere", at: "2026-11-28T09:00:00Z" },
      ],
      (id) => runs[id] ?? { html_url: "", path: "", conclusion: null },
    );
    expect(deploys).toEqual([
      staged({ runId: 62, at: "2026-11-28T12:00:00Z", state: "pending", conclusion: null }),
      staged({ runId: 61, at: "2026-11-28T11:00:00Z" }),
    ]);
    // A newer staging deploy still running holds production back.
    const decision = decide({ stage: "production", sha: SHA, ciRuns: [], stagingDeploys: deploys });
    expect(!decision.ok && decision.message).toMatch(/is being deployed to staging .*runs\/62/);
  });
});

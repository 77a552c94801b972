// The gate as the Deploy workflow runs it (`tsx scripts/deploy-gate.ts --stage … --sha …`), with a
// stand-in `gh` on the PATH answering as GitHub's API would (after the script's jq filter): a
// commit whose staging deploy passed goes to production, and the next job is told the stage, its
// environment and the commit; one whose staging deploy failed stops the job with the next step;
// an unknown stage is refused without asking GitHub anything.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SHA = "0123456789abcdef0123456789abcdef01234567";
const RUNS = "https://github.com/owner/threadline/actions/runs";

/** Runs the gate with a `gh` that answers `answers[path]` (the first match of a path prefix). */
function gate(stage: string, answers: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "deploy-gate-"));
  const asked = join(dir, "asked");
  writeFileSync(asked, "");
  const gh = join(dir, "gh");
  writeFileSync(
    gh,
    `#!/usr/bin/env node
const fs = require("node:fs");
const path = process.argv.slice(2).find((a) => a.startsWith("repos/"));
fs.appendFileSync(${JSON.stringify(asked)}, path + "\\n");
const answers = ${JSON.stringify(answers)};
const key = Object.keys(answers).find((k) => path.startsWith(k));
if (key === undefined) { console.error("gh: no answer for " + path); process.exit(1); }
process.stdout.write(answers[key]);
`,
  );
  chmodSync(gh, 0o755);
  const output = join(dir, "output");
  writeFileSync(output, "");
  const script = join(import.meta.dirname, "deploy-gate.ts");
  const args = ["--import", "tsx", script, "--stage", stage, "--sha", SHA];
  const run = spawnSync(process.execPath, args, {
    encoding: "utf8",
    env: {
      ...process.env,
      PATH: `${dir}:${process.env.PATH}`,
      GITHUB_REPOSITORY: "owner/threadline",
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: join(dir, "summary"),
    },
  });
  return {
    status: run.status,
    stdout: run.stdout,
    output: readFileSync(output, "utf8"),
    asked: readFileSync(asked, "utf8").split("\n").filter(Boolean),
  };
}

const statuses = (state: string, runId: number) =>
  `${JSON.stringify({ state, url: `${RUNS}/${runId}`, at: "2026-11-28T10:00:00Z" })}\n`;
const run = (runId: number, conclusion: string) =>
  JSON.stringify({
    html_url: `${RUNS}/${runId}`,
    path: ".github/workflows/deploy.yml",
    conclusion,
  });

describe("scripts/deploy-gate.ts, as the workflow runs it", () => {
  it("sends to production a commit whose staging deploy passed, naming the run", () => {
    const result = gate("production", {
      [`repos/owner/threadline/commits/${SHA}/statuses`]: statuses("success", 71),
      "repos/owner/threadline/actions/runs/71": run(71, "success"),
    });
    expect(result.stdout).toContain(
      `passed its deploy and smoke test on staging in run 71 (${RUNS}/71)`,
    );
    expect(result.status).toBe(0);
    expect(result.output).toBe(`sha=${SHA}\nstage=production\nenvironment=production\n`);
  });

  it("stops a production deploy whose staging deploy failed, with the next step", () => {
    const result = gate("production", {
      [`repos/owner/threadline/commits/${SHA}/statuses`]: statuses("failure", 72),
      "repos/owner/threadline/actions/runs/72": run(72, "failure"),
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^::error::The latest staging deploy of .* did not pass/);
    expect(result.stdout).toContain(`gh workflow run deploy.yml -f stage=staging -f ref=${SHA}`);
    expect(result.output).toBe("");
  });

  it("sends a preview stage's deploy to the preview environment", () => {
    const green = {
      id: 73,
      url: `${RUNS}/73`,
      event: "pull_request",
      branch: "f",
      conclusion: "success",
    };
    const result = gate("pr-12", {
      "repos/owner/threadline/actions/workflows/ci.yml/runs": `${JSON.stringify(green)}\n`,
    });
    expect(result.status).toBe(0);
    expect(result.output).toBe(`sha=${SHA}\nstage=pr-12\nenvironment=preview\n`);
  });

  it("refuses a stage off the list without asking GitHub", () => {
    const result = gate("prod", {});
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('::error::"prod" is no stage of the shop');
    expect(result.asked).toEqual([]);
  });
});

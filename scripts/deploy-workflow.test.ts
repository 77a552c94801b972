// The Deploy workflow (.github/workflows/deploy.yml) as GitHub would read it (the YAML parsed;
// `act` does not run offline): every deploy goes through the gate (scripts/deploy-gate.ts, whose
// rules scripts/lib/deploy-gate.test.ts checks), which names the stage, the commit and the
// environment the deploy job runs in; the deploy job assumes the role of that environment only,
// checked before it is assumed; it passes every setting the stacks read; and it marks a staging
// deploy as passed only after its smoke test.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { STABLE_STAGE_SETTINGS } from "../stacks/stage.ts";
import { deployStatusContext, roleProblem } from "./lib/deploy-gate.ts";

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  environment?: string;
  permissions?: Record<string, string>;
  outputs?: Record<string, string>;
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, { inputs?: Record<string, { type?: string; options?: string[] }> }>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const root = new URL("../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const workflow = parse(read(".github/workflows/deploy.yml")) as Workflow;
const { gate, deploy } = workflow.jobs as { gate: Job; deploy: Job };

/** A GitHub Actions expression, as the workflow spells it: `${{ … }}`. */
const expr = (inner: string) => `$\{{ ${inner} }}`;

const stepIndex = (job: Job, test: (step: Step) => boolean) => job.steps.findIndex(test);

describe("the Deploy workflow: the gate", () => {
  it("has two jobs, and the deploy job waits for the gate", () => {
    expect(Object.keys(workflow.jobs).sort()).toEqual(["deploy", "gate"]);
    // By itself, only after a successful CI run of a push to main of this repository.
    for (const part of [
      "github.event_name == 'workflow_dispatch'",
      "github.event.workflow_run.conclusion == 'success'",
      "github.event.workflow_run.event == 'push'",
      "github.event.workflow_run.head_repository.full_name == github.repository",
    ]) {
      expect(gate.if).toContain(part);
    }
    expect(deploy.needs).toBe("gate");
    expect(deploy.if).toBeUndefined();
  });

  it("the gate runs scripts/deploy-gate.ts on the stage asked for and the commit resolved", () => {
    const at = stepIndex(gate, (s) => s.run?.includes("scripts/deploy-gate.ts") ?? false);
    const step = gate.steps[at];
    expect(step?.run).toBe('npx tsx scripts/deploy-gate.ts --stage "$STAGE" --sha "$SHA"');
    expect(step?.id).toBe("gate");
    expect(step?.if).toBeUndefined();
    expect(step).not.toHaveProperty("continue-on-error");
    expect(step?.env).toMatchObject({
      STAGE: expr("steps.commit.outputs.stage"),
      SHA: expr("steps.commit.outputs.sha"),
    });
    // The stage asked for by hand reaches the gate unchecked by anything else, and only the gate.
    const commit = gate.steps.find((s) => s.id === "commit");
    expect(commit?.env?.INPUT_STAGE).toBe(expr("github.event.inputs.stage"));
    expect(stepIndex(gate, (s) => s.id === "commit")).toBeLessThan(at);
    // What the deploy job is told comes from the gate's decision, not from the request.
    expect(gate.outputs).toEqual({
      sha: expr("steps.gate.outputs.sha"),
      stage: expr("steps.gate.outputs.stage"),
      environment: expr("steps.gate.outputs.environment"),
    });
  });

  it("the deploy job takes its stage, commit and environment from the gate only", () => {
    expect(deploy.environment).toBe(expr("needs.gate.outputs.environment"));
    expect(deploy.env?.STAGE).toBe(expr("needs.gate.outputs.stage"));
    expect(deploy.env?.SHA).toBe(expr("needs.gate.outputs.sha"));
    const checkout = deploy.steps.find((s) => s.uses?.startsWith("actions/checkout"));
    expect(checkout?.with?.ref).toBe(expr("needs.gate.outputs.sha"));
    expect(JSON.stringify(deploy)).not.toMatch(/github\.event\.(inputs|workflow_run)|inputs\./);
  });

  it("the stage asked for by hand is free text that the gate checks against the closed list", () => {
    const stage = workflow.on.workflow_dispatch?.inputs?.stage;
    // Preview stages (pr-<number>, preview-<name>) cannot be a `choice`: the gate refuses any other
    // name (scripts/lib/deploy-gate.test.ts, "refuses any stage off the closed list").
    expect(stage?.type ?? "string").toBe("string");
    expect(JSON.stringify(gate)).toContain("--stage");
  });

  it("marks a deploy as passed only after its smoke test, with the status the gate reads", () => {
    const smoke = stepIndex(deploy, (s) => s.run?.startsWith("npm run smoke") ?? false);
    const passed = stepIndex(deploy, (s) => s.run?.includes("state=success") ?? false);
    expect(smoke).toBeGreaterThan(0);
    expect(passed).toBeGreaterThan(smoke);
    expect(deploy.steps[passed]?.if).toBe("success()");
    const context = deployStatusContext("$STAGE");
    for (const step of deploy.steps.filter((s) => s.run?.includes("/statuses/"))) {
      expect(step.run).toContain(`context="${context}"`);
    }
    expect(deploy.permissions?.statuses).toBe("write");
    expect(gate.permissions?.statuses).toBe("read");
    // Only the steps that write a status hold the token that can: not npm's, not SST's.
    const token = expr("github.token");
    expect(deploy.env?.GH_TOKEN).toBeUndefined();
    for (const step of deploy.steps) {
      expect(step.env?.GH_TOKEN === token, step.run ?? step.uses).toBe(
        step.run?.includes("/statuses/") ?? false,
      );
    }
  });
});

describe("the Deploy workflow: each stage's own role", () => {
  it("only the deploy job, in its stage's environment, may ask for AWS credentials", () => {
    expect(workflow.permissions).toEqual({});
    expect(gate.permissions?.["id-token"]).toBeUndefined();
    expect(deploy.permissions?.["id-token"]).toBe("write");
    const assume = deploy.steps.filter((s) => s.uses?.startsWith("aws-actions/"));
    expect(assume).toHaveLength(1);
    expect(JSON.stringify(gate)).not.toContain("aws-actions/");
  });

  it("assumes the role the stage's environment holds, once checked to be that environment's", () => {
    const assume = stepIndex(deploy, (s) => s.uses?.startsWith("aws-actions/") ?? false);
    const check = stepIndex(deploy, (s) => s.run?.includes("--role") ?? false);
    expect(deploy.steps[assume]?.with?.["role-to-assume"]).toBe(expr("vars.AWS_DEPLOY_ROLE_ARN"));
    expect(check).toBeGreaterThanOrEqual(0);
    expect(check).toBeLessThan(assume);
    expect(deploy.steps[check]?.run).toBe(
      'npx tsx scripts/deploy-gate.ts --role "$ROLE" --environment "$ENVIRONMENT"',
    );
    expect(deploy.steps[check]?.if).toBeUndefined();
    expect(deploy.steps[check]).not.toHaveProperty("continue-on-error");
    expect(deploy.steps[check]?.env).toEqual({
      ROLE: expr("vars.AWS_DEPLOY_ROLE_ARN"),
      ENVIRONMENT: expr("needs.gate.outputs.environment"),
    });
    // The check the step runs: one role cannot serve two environments.
    const production = "arn:aws:iam::123456789012:role/threadline-deploy-production";
    const staging = "arn:aws:iam::123456789012:role/threadline-deploy-staging";
    expect(roleProblem("production", production)).toBeUndefined();
    expect(roleProblem("staging", staging)).toBeUndefined();
    expect(roleProblem("staging", production)).toMatch(/not that environment's own/);
    expect(roleProblem("production", staging)).toMatch(/not that environment's own/);
    expect(roleProblem("preview", production)).toMatch(/not that environment's own/);
  });
});

/** The environment variables that stacks/ and sst.config.ts read (at deploy time). */
function variablesTheStacksRead(): Set<string> {
  const files = readdirSync(new URL("stacks/", root))
    .filter((name) => name.endsWith(".ts"))
    // Tests, their helpers and the offline synthesis (stacks/synth.ts) are not deployed.
    .filter((name) => !/\.test\.ts$|test-support|^synth\.ts$/.test(name))
    .map((name) => `stacks/${name}`);
  const names = new Set<string>();
  for (const file of [...files, "sst.config.ts"]) {
    for (const match of read(file).matchAll(/\benv(?:\.|\[["'`])([A-Z][A-Z0-9_]+)/g)) {
      names.add(match[1] as string);
    }
  }
  return names;
}

/** Read by the stacks but not a stage's setting: what the workflow sets per step, or SST's own. */
const NOT_SETTINGS: Record<string, string> = {
  DEPLOY_PART: "set by the edge part's step (stacks/stage.ts deployPart)",
  NODE_ENV: "SST's test mode, only in an offline synthesis (sst.config.ts)",
};

describe("the Deploy workflow: the stage's settings", () => {
  const read = variablesTheStacksRead();

  it("finds the settings the stacks read", () => {
    for (const name of ["DOMAIN", "SHOP_TIME_ZONE", "SUPPORT_EMAIL", "WAF_MODE", "AWS_REGION"]) {
      expect(read).toContain(name);
    }
  });

  it("passes every one of them from the stage's environment variables", () => {
    const passed = deploy.env ?? {};
    const missing = [...read].filter((name) => !(name in NOT_SETTINGS) && !(name in passed));
    expect(missing).toEqual([]);
    for (const name of [...read].filter((n) => !(n in NOT_SETTINGS))) {
      expect(passed[name], name).toMatch(
        new RegExp(`^\\$\\{\\{ vars\\.${name}( \\|\\| '[^']*')? \\}\\}$`),
      );
    }
    const edge = deploy.steps.find((s) => s.env?.DEPLOY_PART);
    expect(edge?.env?.DEPLOY_PART).toBe("edge");
  });

  it("the settings a staging or production deploy must name are among them", () => {
    for (const name of STABLE_STAGE_SETTINGS) expect(deploy.env).toHaveProperty(name);
  });
});

// The infrastructure tests' one check of AWS's rule packs (stacks/rule-packs.ts) on a synthesized
// stage: no finding left, every accepted finding accepted by a justify() of ours with a specific
// reason, on a resource (never a stack), and no justification left over that answers nothing.
import { Stack } from "aws-cdk-lib";
import type { IConstruct } from "constructs";
import { expect } from "vitest";
import { answers, type applyRulePacks, formatFindings, justificationsIn } from "./rule-packs.ts";

/** Reasons that say nothing a reviewer could check. */
const VAGUE = /^(not needed|n\/a|sst|false positive|accepted|ok|fine|by design)\.?$/i;

export function expectRulePacksPass(synth: {
  app: IConstruct;
  rulePacks?: ReturnType<typeof applyRulePacks>;
}) {
  const packs = synth.rulePacks;
  if (!packs) throw new Error("synthesize(…, { rulePacks: true }) applies the packs");
  expect(packs.errors, "rules that could not run").toEqual([]);
  expect(
    packs.findings.length,
    `AWS's rule packs found (fix each, or justify it on its resource, see stacks/rule-packs.ts):\n${formatFindings(packs.findings)}`,
  ).toBe(0);

  const justifications = justificationsIn(synth.app);
  expect(packs.suppressed.length).toBeGreaterThan(0);
  const unexplained = packs.suppressed.filter((s) => !justifications.some((j) => answers(j, s)));
  expect(
    unexplained.map((s) => `${s.rule} on ${s.path}`),
    "findings accepted without a justify() of ours",
  ).toEqual([]);
  const stale = justifications.filter((j) => !packs.suppressed.some((s) => answers(j, s)));
  expect(
    stale.map((j) => `${j.rule} on ${j.path}`),
    "justifications that answer no finding (remove them, or fix what they name)",
  ).toEqual([]);
  for (const j of justifications) {
    // A wildcard is accepted by what it applies to (the one resource or action), never the rule.
    if (j.rule.startsWith("AwsSolutions-IAM5")) {
      expect(j.rule, `${j.path}: say which wildcard (appliesTo)`).toMatch(/\[.+\]$/);
    }
    expect(j.reason, `${j.rule} on ${j.path}`).not.toMatch(VAGUE);
    expect(j.reason.length, `${j.rule} on ${j.path}: say why, with the evidence`).toBeGreaterThan(
      60,
    );
  }
  for (const stack of synth.app.node.children.filter(Stack.isStack)) {
    expect(
      stack.templateOptions.metadata?.cdk_nag,
      `${stack.node.id}: a stack-wide suppression`,
    ).toBeUndefined();
  }
}

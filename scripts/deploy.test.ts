// One command deploys a stage: the edge part, then the shop; removal the other way round.
import { describe, expect, it } from "vitest";
import { deploySteps } from "./deploy.ts";

describe("npm run deploy", () => {
  it("deploys the edge part first, then the shop, with the same arguments", () => {
    const steps = deploySteps(["--stage", "production"]);
    expect(steps.map((s) => [s.args.join(" "), s.env.DEPLOY_PART])).toEqual([
      ["sst deploy --stage production", "edge"],
      ["sst deploy --stage production", undefined],
    ]);
  });
  it("removes the shop first, then its edge part", () => {
    const steps = deploySteps(["--stage", "staging", "--remove"]);
    expect(steps.map((s) => [s.args.join(" "), s.env.DEPLOY_PART])).toEqual([
      ["sst remove --stage staging", undefined],
      ["sst remove --stage staging", "edge"],
    ]);
  });
  it("refuses to guess the stage", () => {
    expect(() => deploySteps([])).toThrow(/--stage/);
    expect(() => deploySteps(["--stage"])).toThrow(/Name the stage/);
  });
  it("deploys only a stage of the closed list", () => {
    for (const stage of ["staging", "production", "pr-12", "preview-spring-look"]) {
      expect(deploySteps(["--stage", stage])).toHaveLength(2);
    }
    for (const stage of ["prod", "Production", "staging2", "pr-0", "preview-", "my-test"]) {
      expect(() => deploySteps(["--stage", stage]), stage).toThrow(
        /no stage of the shop: name one of staging, production, pr-<number> or preview-<name>/,
      );
    }
  });
});

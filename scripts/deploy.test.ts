// One command deploys a stage: the edge part, then the shop; removal the other way round.
import { describe, expect, it } from "vitest";
import { deploySteps } from "./deploy.ts";

describe("npm run deploy", () => {
  it("deploys the edge part first, then the shop, with the same arguments", () => {
    const steps = deploySteps(["--stage", "prod"]);
    expect(steps.map((s) => [s.args.join(" "), s.env.DEPLOY_PART])).toEqual([
      ["sst deploy --stage prod", "edge"],
      ["sst deploy --stage prod", undefined],
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
  });
});

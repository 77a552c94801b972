// The stages a deploy may name (stacks/stage-names.ts) and what each must be given, without
// synthesizing anything: SST's configuration refuses any other name before it builds; a preview
// stage is never production-like (no domain, no real payments, no alert address needed); staging
// and production refuse to deploy without the settings whose defaults would silently reset what
// the operator chose (STABLE_STAGE_SETTINGS).
import type { App } from "sst/constructs";
import { afterEach, describe, expect, it } from "vitest";
import config from "../sst.config.ts";
import { deploySettings, isProductionLike, STABLE_STAGE_SETTINGS, stageKind } from "./stage.ts";

const app = (stage: string) => ({ stage }) as App;
const NAMED = { SHOP_TIME_ZONE: "Europe/Madrid", SUPPORT_EMAIL: "help@example.com" };
const LISTED = ["staging", "production", "pr-7", "pr-123456", "preview-spring", "preview-a1-b"];
const OFF_LIST = ["prod", "dev", "test", "Staging", "pr-01", "pr-x", "preview-", "preview-Big"];

describe("the closed list of stages", () => {
  const nodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
  });

  it("SST deploys, removes or sets secrets only for a stage of the list", () => {
    process.env.NODE_ENV = "production";
    for (const stage of LISTED) {
      expect(config.config({ stage }).name, stage).toBe("threadline");
    }
    for (const stage of OFF_LIST) {
      expect(() => config.config({ stage }), stage).toThrow(
        `"${stage}" is no stage of the shop: name one of staging, production, pr-<number> or preview-<name>`,
      );
    }
    // No --stage: SST would make up a personal stage.
    expect(() => config.config({})).toThrow(/Name the stage \(--stage\)/);
  });

  it("an offline synthesis (SST's test mode) may name any stage", () => {
    process.env.NODE_ENV = "test";
    expect(config.config({ stage: "dev" }).name).toBe("threadline");
  });

  it("names each stage's kind, the GitHub environment its deploy runs in", () => {
    expect(LISTED.map(stageKind)).toEqual([
      "staging",
      "production",
      "preview",
      "preview",
      "preview",
      "preview",
    ]);
    for (const stage of OFF_LIST) expect(stageKind(stage), stage).toBeUndefined();
  });
});

describe("a preview stage", () => {
  it("is never production-like", () => {
    expect(isProductionLike(app("pr-7"), { payments: "stripe" })).toBe(false);
    expect(isProductionLike(app("pr-7"), { domain: "shop.example.com", payments: "stripe" })).toBe(
      false,
    );
    // A name off the list keeps the rule it had (the infrastructure tests synthesize "dev").
    expect(isProductionLike(app("dev"), { payments: "stripe" })).toBe(true);
  });

  it("refuses a domain and real payments, and goes without an alert address", () => {
    const problems = () => deploySettings(app("preview-spring"), { DOMAIN: "shop.example.com" });
    expect(problems).toThrow(/PAYMENTS: the preview stage "preview-spring" takes no real payments/);
    expect(problems).toThrow(/DOMAIN: the preview stage "preview-spring" has no domain of its own/);
    expect(
      deploySettings(app("pr-7"), { APP_URL: "https://d1.cloudfront.net", PAYMENTS: "test" }),
    ).toMatchObject({ payments: "test", alertEmail: undefined, timeZone: "UTC" });
  });
});

describe("staging and production", () => {
  const base = { DOMAIN: "shop.example.com", ALERT_EMAIL: "ops@example.com" };

  it("refuse a deploy that does not name the settings a default would silently reset", () => {
    expect(STABLE_STAGE_SETTINGS).toEqual(["SHOP_TIME_ZONE", "SUPPORT_EMAIL"]);
    for (const stage of ["staging", "production"] as const) {
      for (const name of STABLE_STAGE_SETTINGS) {
        const env = { ...base, ...NAMED, [name]: "" };
        expect(() => deploySettings(app(stage), env), `${stage} ${name}`).toThrow(
          `${name}: required on the ${stage} stage (set it where the deploy runs: the GitHub environment "${stage}"'s variables for the Deploy workflow)`,
        );
      }
      expect(() =>
        deploySettings(app(stage), { ...base, ...NAMED, SUPPORT_EMAIL: "help desk" }),
      ).toThrow(/SUPPORT_EMAIL: "help desk": Enter a valid e-mail address/);
      expect(deploySettings(app(stage), { ...base, ...NAMED })).toMatchObject({
        timeZone: "Europe/Madrid",
        supportEmail: "help@example.com",
      });
    }
  });

  it("a preview may leave them to their defaults", () => {
    expect(
      deploySettings(app("pr-7"), { APP_URL: "https://d1.cloudfront.net", PAYMENTS: "test" }),
    ).toMatchObject({ timeZone: "UTC", supportEmail: "shop@example.com" });
  });
});

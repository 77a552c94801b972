// A production stage keeps customers' data: the table and the buckets survive `sst remove` and a
// deleted stack, and the table cannot be deleted by accident.
//
// The same synthesis (one is slow enough) also checks the scheduled job that expires abandoned
// payments (SCHEDULED_JOBS in functions/src/subscriptions.ts).
import { BOUND_SECRETS } from "@shop/core/server/context";
import type { Template } from "aws-cdk-lib/assertions";
import type { App, Config } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { Events } from "./Events.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";
import { deploySettings, secretsFor } from "./stage.ts";
import { synthesize } from "./synth.ts";

/** Stand-ins for the stage's secrets (secretsFor only picks among them). */
const SECRETS = Object.fromEntries(
  BOUND_SECRETS.map((name) => [name, name as unknown as Config.Secret]),
);

let storage: Template;
let events: Template;
beforeAll(async () => {
  process.env.APP_URL = "https://shop.example.com";
  // Not the site: production changes nothing there, and its bundle is the slow part.
  const synth = await synthesize("production", [Secrets, Storage, Events]);
  storage = synth.template(Storage);
  events = synth.template(Events);
}, 180_000);

describe("a production stage", () => {
  it("retains and protects the table", () => {
    const [table] = Object.values(storage.findResources("AWS::DynamoDB::Table"));
    expect(table?.DeletionPolicy).toBe("Retain");
    expect(table?.UpdateReplacePolicy).toBe("Retain");
    expect(table?.Properties.DeletionProtectionEnabled).toBe(true);
  });

  it("retains the invoices and images buckets", () => {
    const buckets = Object.entries(storage.findResources("AWS::S3::Bucket")).filter(([id]) =>
      /^(Invoices|Images)/.test(id),
    );
    expect(buckets).toHaveLength(2);
    for (const [, bucket] of buckets) expect(bucket.DeletionPolicy).toBe("Retain");
  });
});

describe("the expiry of abandoned payments", () => {
  it("runs every 5 minutes with the table and the payment secrets, nothing else, and an alarm on its errors", () => {
    const rules = Object.values(events.findResources("AWS::Events::Rule"));
    const rule = rules.find((r) => r.Properties.ScheduleExpression === "rate(5 minutes)");
    expect(rule).toBeDefined();
    const target = JSON.stringify(rule?.Properties.Targets);
    const functions = events.findResources("AWS::Lambda::Function");
    const fnId = Object.keys(functions).find((id) => target.includes(`"${id}"`));
    expect(fnId).toMatch(/^ExpireAbandonedOrders/);
    const env = JSON.stringify(functions[fnId as string]?.Properties.Environment);
    expect(env).toContain("SST_Secret_value_STRIPE_SECRET_KEY");
    const role = functions[fnId as string]?.Properties.Role["Fn::GetAtt"][0];
    const actions = Object.values(events.findResources("AWS::IAM::Policy"))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${role}"`))
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .flatMap((s: { Action: string | string[] }) => ([] as string[]).concat(s.Action));
    expect(actions).toContain("dynamodb:UpdateItem");
    // SST reads bound secrets from SSM at start.
    expect(actions.filter((a) => !/^(dynamodb|xray):|^ssm:GetParameters?$/.test(a))).toEqual([]);
    const alarms = JSON.stringify(events.findResources("AWS::CloudWatch::Alarm"));
    expect(alarms).toContain(`"${fnId}"`);
  });
});

describe("deploy settings", () => {
  const app = (stage: string) => ({ stage }) as App;

  it("refuse a stage without a public URL, and the test gateway on a production stage", () => {
    expect(() => deploySettings(app("staging"), {})).toThrow(/APP_URL: set DOMAIN .* or APP_URL/);
    expect(() => deploySettings(app("staging"), { APP_URL: "http://localhost:3000" })).toThrow(
      /APP_URL: .* public https URL/,
    );
    expect(() =>
      deploySettings(app("production"), { DOMAIN: "shop.example.com", PAYMENTS: "test" }),
    ).toThrow(/PAYMENTS: the local test gateway is refused on the production stage/);
    expect(
      deploySettings(app("staging"), { DOMAIN: "shop.example.com", PAYMENTS: "test" }),
    ).toMatchObject({ payments: "test", appUrl: "https://shop.example.com" });
  });

  it("give a test-gateway stage's functions no Stripe key to fetch", () => {
    expect(secretsFor("site", SECRETS, "test").map(String)).toEqual(
      ["SESSION_SECRET", "STRIPE_WEBHOOK_SECRET"].map(String),
    );
    expect(secretsFor("site", SECRETS, "stripe").map(String).sort()).toEqual(
      ["SESSION_SECRET", "STRIPE_PUBLISHABLE_KEY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]
        .map(String)
        .sort(),
    );
  });
});

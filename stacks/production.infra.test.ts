// A production stage keeps customers' data: the table and the buckets survive `sst remove` and a
// deleted stack, and the table cannot be deleted by accident.
//
// The same synthesis (one is slow enough) also checks the scheduled job that expires abandoned
// payments (SCHEDULED_JOBS in functions/src/subscriptions.ts).
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { Events } from "./Events.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";
import { synthesize } from "./synth.ts";

let storage: Template;
let events: Template;
beforeAll(async () => {
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

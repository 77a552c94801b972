// A production stage keeps customers' data: the table and the buckets survive `sst remove` and a
// deleted stack, and the table cannot be deleted by accident.
//
// The same synthesis (one is slow enough) also wires a scheduled job, as the expiry of abandoned
// orders will be once its handler exists: SCHEDULED_JOBS gets one entry here, on an existing
// handler file.
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Events } from "./Events.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";
import { synthesize } from "./synth.ts";

vi.mock("@shop/functions/subscriptions", async (original) => ({
  ...(await original<typeof import("@shop/functions/subscriptions")>()),
  SCHEDULED_JOBS: {
    sampleJob: { handler: "functions/src/invoice.handler", schedule: "rate(15 minutes)" },
  },
}));

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

describe("a scheduled job", () => {
  it("runs on its schedule with the table, nothing else, and an alarm on its errors", () => {
    const rules = Object.values(events.findResources("AWS::Events::Rule"));
    const rule = rules.find((r) => r.Properties.ScheduleExpression === "rate(15 minutes)");
    expect(rule).toBeDefined();
    const target = JSON.stringify(rule?.Properties.Targets);
    const functions = events.findResources("AWS::Lambda::Function");
    const fnId = Object.keys(functions).find((id) => target.includes(`"${id}"`));
    expect(fnId).toMatch(/^SampleJob/);
    const role = functions[fnId as string]?.Properties.Role["Fn::GetAtt"][0];
    const actions = Object.values(events.findResources("AWS::IAM::Policy"))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${role}"`))
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .flatMap((s: { Action: string | string[] }) => ([] as string[]).concat(s.Action));
    expect(actions).toContain("dynamodb:UpdateItem");
    expect(actions.filter((a) => !/^(dynamodb|xray):/.test(a))).toEqual([]);
    const alarms = JSON.stringify(events.findResources("AWS::CloudWatch::Alarm"));
    expect(alarms).toContain(`"${fnId}"`);
  });
});

// After `npm run restore` (docs/decisions/036-restore.md), a deploy with
// RESTORED_TABLE_STREAM_ARN set moves the stage to the restored table: the stacks create no table
// of their own, and every function's setting, permission and stream reader names the restored
// one. A value that is not a stream's ARN of the stage's region is refused before anything runs.
import type { Template } from "aws-cdk-lib/assertions";
import type { App } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { Events } from "./Events.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";
import { deploySettings } from "./stage.ts";
import { synthesize } from "./synth.ts";

const RESTORED = "staging-threadline-Storage-TableCD117FA1-X-restored-20261129t140500z";
const STREAM = `arn:aws:dynamodb:eu-west-1:000000000000:table/${RESTORED}/stream/2026-11-29T15:20:01.123`;

let storage: Template;
let events: Template;
beforeAll(async () => {
  Object.assign(process.env, {
    APP_URL: "https://staging.example.com",
    PAYMENTS: "test",
    AWS_REGION: "eu-west-1",
    // What staging must name (stacks/stage.ts).
    SHOP_TIME_ZONE: "Europe/Madrid",
    SUPPORT_EMAIL: "help@example.com",
    RESTORED_TABLE_STREAM_ARN: STREAM,
  });
  try {
    const synth = await synthesize("staging", [Secrets, Storage, Events], { part: "shop" });
    storage = synth.template(Storage);
    events = synth.template(Events);
  } finally {
    delete process.env.RESTORED_TABLE_STREAM_ARN;
  }
}, 180_000);

const json = (value: unknown) => JSON.stringify(value);

describe("a stage moved to a restored table", () => {
  it("creates no table of its own and outputs the restored one's name", () => {
    expect(Object.keys(storage.findResources("AWS::DynamoDB::Table"))).toEqual([]);
    expect(storage.toJSON().Outputs.TableName.Value).toBe(RESTORED);
  });

  it("gives every function the restored table's name", () => {
    const functions = Object.values(events.findResources("AWS::Lambda::Function"));
    const named = functions.filter((f) => f.Properties.Environment?.Variables?.TABLE_NAME);
    expect(named.length).toBeGreaterThan(3);
    for (const f of named) expect(f.Properties.Environment.Variables.TABLE_NAME).toBe(RESTORED);
  });

  it("reads the restored table's stream and allows the restored table only", () => {
    const mappings = Object.values(events.findResources("AWS::Lambda::EventSourceMapping")).filter(
      (m) => json(m.Properties.EventSourceArn).includes("dynamodb"),
    );
    expect(mappings.length).toBeGreaterThan(1);
    for (const m of mappings) expect(m.Properties.EventSourceArn).toBe(STREAM);
    const tables = Object.values(events.findResources("AWS::IAM::Policy"))
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .filter((s: { Action: unknown }) => json(s.Action).includes("dynamodb:GetItem"));
    expect(tables.length).toBeGreaterThan(3);
    for (const s of tables) expect(json(s.Resource)).toContain(`table/${RESTORED}`);
  });
});

describe("RESTORED_TABLE_STREAM_ARN", () => {
  const app = { stage: "staging" } as App;
  const env = {
    APP_URL: "https://staging.example.com",
    PAYMENTS: "test",
    SHOP_TIME_ZONE: "Europe/Madrid",
    SUPPORT_EMAIL: "help@example.com",
  };
  it("is refused when it is not a table's stream ARN, or in another region", () => {
    expect(() =>
      deploySettings(app, {
        ...env,
        RESTORED_TABLE_STREAM_ARN: `arn:aws:dynamodb:eu-west-1:000000000000:table/${RESTORED}`,
      }),
    ).toThrow(/RESTORED_TABLE_STREAM_ARN: .* is not a DynamoDB table's stream ARN/);
    expect(() =>
      deploySettings(app, {
        ...env,
        RESTORED_TABLE_STREAM_ARN: STREAM.replace("eu-west-1", "us-east-1"),
      }),
    ).toThrow(/the table is in us-east-1, the stage in eu-west-1/);
    expect(
      deploySettings(app, { ...env, RESTORED_TABLE_STREAM_ARN: STREAM }).restoredTable,
    ).toEqual({
      tableName: RESTORED,
      streamArn: STREAM,
    });
  });
});

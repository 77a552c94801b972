// The synthesized CloudFormation of a (non-production) stage: the table matches what core
// uses, storage is private and encrypted, every stream consumer has a dead-letter queue, every
// function holds only the permissions its work needs, and no secret appears in clear.
import { TABLE } from "@shop/core/db";
import { STREAM_CONSUMERS } from "@shop/functions/subscriptions";
import { Match, type Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { Events } from "./Events.ts";
import { Storage } from "./Storage.ts";
import { synthesize } from "./synth.ts";
import { Web } from "./Web.ts";

// Values that must never be written into a template, whatever the environment holds.
const SENTINELS = {
  STRIPE_SECRET_KEY: "sk_test_SENTINEL_never_in_templates",
  STRIPE_WEBHOOK_SECRET: "whsec_SENTINEL_never_in_templates",
  SESSION_SECRET: "session-SENTINEL-never-in-templates",
};

/** Actions AWS authorizes only on "*" (no resource-level permissions). */
const UNSCOPED_ACTIONS = /^(xray:PutTrace|xray:PutTelemetry|dynamodb:ListStreams$)/;

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;
let storage: Template;
let events: Template;
let web: Template;
const all: Array<{ name: string; template: Template }> = [];

beforeAll(async () => {
  Object.assign(process.env, SENTINELS);
  const synth = await synthesize("test");
  storage = synth.template(Storage);
  events = synth.template(Events);
  web = synth.template(Web);
  all.push(
    { name: "storage", template: storage },
    { name: "events", template: events },
    { name: "web", template: web },
  );
}, 180_000);

const resources = (t: Template, type: string): Resources =>
  t.findResources(type) as unknown as Resources;

/** The policy statements attached to the role of the function whose logical id starts with `prefix`. */
function statementsOf(
  t: Template,
  prefix: string,
): Array<{ Action: string | string[]; Resource: unknown }> {
  const functions = resources(t, "AWS::Lambda::Function");
  const fnId = Object.keys(functions).find((id) => id.startsWith(prefix));
  if (!fnId) throw new Error(`no function ${prefix}`);
  const props = (r: { Properties?: Record<string, unknown> } | undefined) => r?.Properties ?? {};
  const role = (props(functions[fnId]).Role as { "Fn::GetAtt": [string, string] })["Fn::GetAtt"][0];
  return Object.values(resources(t, "AWS::IAM::Policy"))
    .filter((p) => (props(p).Roles as Array<{ Ref: string }>).some((r) => r.Ref === role))
    .flatMap((p) => (props(p).PolicyDocument as { Statement: [] }).Statement);
}
const actionsOf = (t: Template, prefix: string) =>
  statementsOf(t, prefix).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

describe("the table", () => {
  it("has the keys, indexes, stream and TTL that core/src/db/table.ts defines", () => {
    storage.hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: "HASH" },
        { AttributeName: TABLE.sortKey, KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: Object.entries(TABLE.indexes).map(([name, i]) =>
        Match.objectLike({
          IndexName: name,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: "HASH" },
            { AttributeName: i.sortKey, KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        }),
      ),
      StreamSpecification: { StreamViewType: TABLE.streamViewType },
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });
});

describe("the buckets", () => {
  it("keep invoices (and images, served through CloudFront) private and encrypted", () => {
    const buckets = resources(storage, "AWS::S3::Bucket");
    const shop = Object.entries(buckets).filter(([id]) => /^(Invoices|Images)/.test(id));
    expect(shop).toHaveLength(2);
    for (const [, bucket] of shop) {
      expect(bucket.Properties?.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(JSON.stringify(bucket.Properties?.BucketEncryption)).toContain("AES256");
    }
    storage.resourceCountIs("AWS::CloudFront::Distribution", 1);
  });
});

describe("the stream consumers", () => {
  it("are one function per consumer, filtered to its event types, with a dead-letter queue", () => {
    const mappings = Object.values(resources(events, "AWS::Lambda::EventSourceMapping"));
    expect(mappings).toHaveLength(Object.keys(STREAM_CONSUMERS).length);
    const queues = resources(events, "AWS::SQS::Queue");
    for (const mapping of mappings) {
      const destination = JSON.stringify(mapping.Properties?.DestinationConfig);
      expect(Object.keys(queues).some((id) => destination.includes(id))).toBe(true);
      expect(mapping.Properties?.StartingPosition).toBe("TRIM_HORIZON");
    }
    const filters = mappings.map((m) => JSON.stringify(m.Properties?.FilterCriteria));
    for (const consumer of Object.values(STREAM_CONSUMERS)) {
      for (const type of consumer.events) {
        expect(filters.filter((f) => f.includes(`\\"${type}\\"`))).toHaveLength(1);
      }
    }
  });

  it("every queue is a dead-letter queue that raises an alarm", () => {
    const queues = Object.keys(resources(events, "AWS::SQS::Queue"));
    const alarms = JSON.stringify(resources(events, "AWS::CloudWatch::Alarm"));
    expect(queues.length).toBeGreaterThan(0);
    for (const id of queues) expect(alarms).toContain(id);
  });
});

describe("least privilege", () => {
  it("no statement of the shop's functions grants every action, or every resource where a narrower one exists", () => {
    // (SST's and CDK's own deployment helpers, e.g. the asset upload of the site, are theirs.)
    const shopFunctions: Array<[Template, string]> = [
      ...["Invoice", "Mailer", "NewsletterFanout", "DomainEvents", "StripeWebhook"].map(
        (id): [Template, string] => [events, id],
      ),
      [web, "SiteServerFunction"],
    ];
    for (const [template, prefix] of shopFunctions) {
      // RemixSite grants its server read/write on the site's own assets bucket with CDK's
      // wildcard actions and offers no way to narrow it: SST's statement, not ours.
      const statements = statementsOf(template, prefix).filter(
        (s) => !JSON.stringify(s.Resource).includes('"SiteS3Bucket'),
      );
      expect(statements.length, prefix).toBeGreaterThan(0);
      for (const s of statements) {
        const actions = ([] as string[]).concat(s.Action);
        expect(
          actions.filter((a) => a.includes("*")),
          `${prefix}: ${actions}`,
        ).toEqual([]);
        if (s.Resource === "*") {
          // Only actions that AWS does not scope to a resource may use "*".
          expect(
            actions.every((a) => UNSCOPED_ACTIONS.test(a)),
            `${prefix}: ${actions} on *`,
          ).toBe(true);
        }
      }
    }
  });

  it("the invoice function writes invoices; the mailer reads them and sends mail, and cannot write them", () => {
    const invoice = actionsOf(events, "Invoice");
    const mailer = actionsOf(events, "Mailer");
    expect(invoice).toContain("s3:PutObject");
    expect(invoice).not.toContain("ses:SendEmail");
    expect(mailer).toContain("ses:SendEmail");
    expect(mailer).toContain("s3:GetObject");
    expect(mailer).not.toContain("s3:PutObject");
    for (const fn of ["NewsletterFanout", "DomainEvents"]) {
      const actions = actionsOf(events, fn);
      expect(
        actions.some((a) => a.startsWith("s3:") || a.startsWith("ses:")),
        fn,
      ).toBe(false);
      expect(actions).toContain("dynamodb:PutItem");
    }
  });

  it("the mailer may send only from the shop's identity", () => {
    const ses = statementsOf(events, "Mailer").find((s) =>
      JSON.stringify(s.Action).includes("ses:SendEmail"),
    );
    expect(JSON.stringify(ses?.Resource)).toContain(":identity/");
  });
});

describe("secrets", () => {
  it("never appear in clear in any template", () => {
    for (const { template } of all) {
      const json = JSON.stringify(template.toJSON());
      for (const value of Object.values(SENTINELS)) expect(json).not.toContain(value);
    }
  });

  it("reach the site and the webhook as SST Config secrets (SSM), not environment values", () => {
    const env =
      JSON.stringify(resources(web, "AWS::Lambda::Function")) +
      JSON.stringify(resources(events, "AWS::Lambda::Function"));
    expect(env).toContain("SST_Secret_value_STRIPE_SECRET_KEY");
    expect(env).not.toMatch(/"STRIPE_SECRET_KEY":/);
  });
});

describe("secrets per function", () => {
  it("only the functions that sign or verify something are bound to a secret", () => {
    const functions = resources(events, "AWS::Lambda::Function");
    const bound = (prefix: string) => {
      const id = Object.keys(functions).find((k) => k.startsWith(prefix));
      return JSON.stringify(functions[id ?? ""]?.Properties?.Environment ?? {}).includes(
        "SST_Secret_value_",
      );
    };
    expect(bound("NewsletterFanout")).toBe(true);
    expect(bound("StripeWebhook")).toBe(true);
    for (const fn of ["Invoice", "Mailer", "DomainEvents"]) expect(bound(fn), fn).toBe(false);
  });
});

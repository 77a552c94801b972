// The synthesized CloudFormation of a (non-production) stage: the table is the one the local
// cloud creates, storage is private and encrypted, the stream has at most two event readers (and
// the edge purge, a reader of product changes), every
// queue has a dead-letter queue with an alarm, every function holds only the permissions its
// work needs, no secret appears in clear, and AWS's rule packs find nothing left unjustified.

import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { CATALOG_INDEX, SEARCH_INDEX_KEY } from "@shop/core/catalog";
import { createTableInput, TABLE } from "@shop/core/db";
import { EXPORTS_PREFIX } from "@shop/core/insights";
import {
  CHARGE_BUDGET_MS,
  CLOUDFRONT_ORIGIN_READ_TIMEOUT_SECONDS,
  PAGE_BUDGET_MS,
  POLICIES,
  SITE_SETTINGS,
  settingsOf,
  worstCaseMs,
} from "@shop/core/server/context";
import {
  CHANGE_QUEUES,
  ENTRIES,
  entriesOf,
  eventReaders,
  FUNCTIONS,
  type FunctionName,
  queueUrlVariable,
  WORK_QUEUES,
} from "@shop/functions/registry";
import type { Template } from "aws-cdk-lib/assertions";
import { getStack } from "sst/constructs";
import { useProject } from "sst/project.js";
import { beforeAll, describe, expect, it } from "vitest";
import {
  cfEventFromRequest,
  cfRequestUrl,
  isCfResponse,
  ORIGIN_REQUEST_POLICIES,
  runCloudFrontFunction,
} from "../packages/rehearsal/src/cloudfront.ts";
import { ORIGIN_HEADER } from "../web/server/origin-guard.ts";
import { SECURITY_HEADERS } from "../web/server/security-headers.ts";
import { Events } from "./Events.ts";
import { expectRulePacksPass } from "./expect-rule-packs.ts";
import { justificationsIn } from "./rule-packs.ts";
import { EXPORTS_KEPT_DAYS, OLD_VERSIONS_KEPT_DAYS, Storage } from "./Storage.ts";
import { webAclParameterName } from "./stage.ts";
import { synthesize } from "./synth.ts";
import { SERVER_ORIGIN_REQUEST_POLICY_ID, Web } from "./Web.ts";

// Values that must never be written into a template, whatever the environment holds.
const SENTINELS = {
  STRIPE_SECRET_KEY: "sk_test_SENTINEL_never_in_templates",
  STRIPE_WEBHOOK_SECRET: "whsec_SENTINEL_never_in_templates",
  SESSION_SECRET: "session-SENTINEL-never-in-templates",
};

/** When each Node.js Lambda runtime reaches (reached) its end of life (AWS Lambda's runtime list). */
const NODE_END_OF_LIFE: Record<string, string> = {
  "nodejs16.x": "2024-06-12",
  "nodejs18.x": "2025-09-01",
  "nodejs20.x": "2026-04-30",
  "nodejs22.x": "2027-04-30",
  "nodejs24.x": "2028-04-30",
};

/**
 * CDK's own helper functions in Python (the bucket-notifications handler) and when Lambda
 * deprecates their runtime (AWS Lambda's runtime list).
 */
const PYTHON_END_OF_LIFE: Record<string, string> = { "python3.13": "2029-06-30" };

/** Actions AWS authorizes only on "*" (no resource-level permissions). */
const UNSCOPED_ACTIONS = /^(xray:PutTrace|xray:PutTelemetry|dynamodb:ListStreams$)/;

type Resource = { Type: string; Properties?: Record<string, unknown> };
type Resources = Record<string, Resource>;
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };
let storage: Template;
let events: Template;
let web: Template;
let synth: Awaited<ReturnType<typeof synthesize>>;
const all: Array<{ name: string; template: Template }> = [];

beforeAll(async () => {
  Object.assign(process.env, SENTINELS, {
    APP_URL: "https://shop.example.com",
    ALERT_EMAIL: "ops@example.com",
  });
  synth = await synthesize("test", undefined, { rulePacks: true });
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
const props = (r: Resource | undefined) => r?.Properties ?? {};
const json = (value: unknown) => JSON.stringify(value) ?? "";
const pascal = (name: string) => `${name[0]?.toUpperCase()}${name.slice(1)}`;
/** The settings a function of the shop reads (the site's in core, a function's in its entry). */
const settingsReadBy = (role: FunctionName | "site", payments: "stripe" | "test" | null) =>
  settingsOf(role === "site" ? SITE_SETTINGS : FUNCTIONS[role].settings, payments);

/** The logical id of the one resource of `type` whose id starts with `prefix`. */
function idOf(t: Template, type: string, prefix: string): string {
  const ids = Object.keys(resources(t, type)).filter((id) => id.startsWith(prefix));
  if (ids.length !== 1) throw new Error(`${ids.length} ${type} named ${prefix}…`);
  return ids[0] as string;
}

/** The policy statements attached to the role of the function whose logical id starts with `prefix`. */
function statementsOf(t: Template, prefix: string): Statement[] {
  const functions = resources(t, "AWS::Lambda::Function");
  const fn = functions[idOf(t, "AWS::Lambda::Function", prefix)];
  const role = (props(fn).Role as { "Fn::GetAtt": [string, string] })["Fn::GetAtt"][0];
  return Object.values(resources(t, "AWS::IAM::Policy"))
    .filter((p) => (props(p).Roles as Array<{ Ref: string }>).some((r) => r.Ref === role))
    .flatMap((p) => (props(p).PolicyDocument as { Statement: Statement[] }).Statement);
}
const actionsIn = (s: Statement) => ([] as string[]).concat(s.Action);
const actionsOf = (t: Template, prefix: string) => statementsOf(t, prefix).flatMap(actionsIn);
/** The resources (as JSON) on which the function may perform `action`. */
const resourcesFor = (t: Template, prefix: string, action: string) =>
  statementsOf(t, prefix)
    .filter((s) => actionsIn(s).includes(action))
    .flatMap((s) => ([] as unknown[]).concat(s.Resource).map(json));

const queueIds = () => Object.keys(resources(events, "AWS::SQS::Queue"));
const mappings = () => Object.values(resources(events, "AWS::Lambda::EventSourceMapping"));
/** The event source mappings that read the table's stream (the others read SQS queues). */
const streamMappings = () => mappings().filter((m) => props(m).StartingPosition !== undefined);
/** The Web stack's mapping: the edge purge's, on its queue in Events (stacks/Web.ts). */
const purgeMappings = () => Object.values(resources(web, "AWS::Lambda::EventSourceMapping"));
const workQueueId = (name: string) => idOf(events, "AWS::SQS::Queue", `${pascal(name)}Queue`);
/**
 * The queues some redrive policy (a queue's, a subscription's), stream reader, function
 * (asynchronous invocations) or rule target sends its failures to.
 */
function deadLetterQueueIds(): string[] {
  const queues = resources(events, "AWS::SQS::Queue");
  const targets = [
    ...Object.values(queues).map((q) => json(props(q).RedrivePolicy)),
    ...streamMappings().map((m) => json(props(m).DestinationConfig)),
    ...Object.values(resources(events, "AWS::Lambda::Function")).map((f) =>
      json(props(f).DeadLetterConfig),
    ),
    ...Object.values(resources(events, "AWS::Events::Rule")).map((r) => json(props(r).Targets)),
    // SNS's redrive policy of a subscription (the MailEvents topic's to its queue).
    ...Object.values(resources(events, "AWS::SNS::Subscription")).map((s) =>
      json(props(s).RedrivePolicy),
    ),
  ].join();
  return Object.keys(queues).filter((id) => targets.includes(`"${id}"`));
}

describe("the table", () => {
  it("is the very table the local cloud creates (core/src/db/table.ts)", () => {
    const local = createTableInput("any");
    const [table] = Object.values(resources(storage, "AWS::DynamoDB::Table"));
    const p = props(table);
    expect(p.KeySchema).toEqual(local.KeySchema);
    const byName = (a: { AttributeName?: string }, b: { AttributeName?: string }) =>
      String(a.AttributeName).localeCompare(String(b.AttributeName));
    expect([...(p.AttributeDefinitions as [])].sort(byName)).toEqual(
      [...(local.AttributeDefinitions ?? [])].sort(byName),
    );
    expect(p.GlobalSecondaryIndexes).toEqual(local.GlobalSecondaryIndexes);
    expect(p.StreamSpecification).toEqual({
      StreamViewType: local.StreamSpecification?.StreamViewType,
    });
    expect(p.BillingMode).toBe(local.BillingMode);
    // The local cloud turns TTL on for the same attribute (packages/local-cloud ensureTable).
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TABLE.ttlAttribute, Enabled: true });
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
  });
});

describe("the buckets", () => {
  it("keep invoices, the search index (and images, served through CloudFront) private and encrypted", () => {
    const buckets = resources(storage, "AWS::S3::Bucket");
    const shop = Object.entries(buckets).filter(([id]) => /^(Invoices|Images|Search)/.test(id));
    expect(shop).toHaveLength(3);
    for (const [, bucket] of shop) {
      expect(props(bucket).PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(json(props(bucket).BucketEncryption)).toContain("AES256");
    }
    storage.resourceCountIs("AWS::CloudFront::Distribution", 1);
  });

  it("remove the order exports (their old versions, markers and unfinished uploads too) from the invoices bucket a day later, and keep other old versions ten years", () => {
    const buckets = resources(storage, "AWS::S3::Bucket");
    const invoices = Object.entries(buckets).find(([id]) => id.startsWith("Invoices"))?.[1];
    expect(props(invoices).LifecycleConfiguration).toEqual({
      Rules: [
        {
          Id: "ExportsExpire",
          Prefix: EXPORTS_PREFIX,
          ExpirationInDays: EXPORTS_KEPT_DAYS,
          NoncurrentVersionExpiration: { NoncurrentDays: EXPORTS_KEPT_DAYS },
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: EXPORTS_KEPT_DAYS },
          Status: "Enabled",
        },
        {
          Id: "ExportsMarkers",
          Prefix: EXPORTS_PREFIX,
          ExpiredObjectDeleteMarker: true,
          Status: "Enabled",
        },
        {
          Id: "OldVersionsExpire",
          NoncurrentVersionExpiration: { NoncurrentDays: OLD_VERSIONS_KEPT_DAYS.invoices },
          Status: "Enabled",
        },
      ],
    });
  });

  it("let the shop's pages (APP_URL's origin) POST photos to the images bucket, and nothing else", () => {
    // (SST's Bucket gives every bucket it is not told otherwise a rule for any origin and method.)
    const [images, ...others] = Object.entries(resources(storage, "AWS::S3::Bucket")).filter(
      ([id]) => /^Images/.test(id),
    );
    expect(others).toEqual([]);
    expect(props(images?.[1]).CorsConfiguration).toEqual({
      CorsRules: [
        {
          AllowedOrigins: [new URL(process.env.APP_URL ?? "").origin],
          AllowedMethods: ["POST"],
          AllowedHeaders: ["*"],
          MaxAge: 3000,
        },
      ],
    });
  });
});

describe("the table's stream", () => {
  it("has exactly two readers in the whole stage (AWS's advice): a third reader of it fails here", () => {
    // Every event source mapping of every stack on the table's stream (its StreamArn): the
    // catalogue's changes reach the edge purge through the dispatcher
    // (docs/decisions/042-two-stream-readers.md).
    const onStream = all.flatMap(({ name, template }) =>
      Object.entries(resources(template, "AWS::Lambda::EventSourceMapping"))
        .filter(
          ([, m]) =>
            props(m).StartingPosition !== undefined ||
            json(props(m).EventSourceArn).includes("StreamArn"),
        )
        .map(([id]) => `${name}/${id}`),
    );
    expect(onStream).toHaveLength(2);
    expect(onStream.every((id) => id.startsWith("events/"))).toBe(true);
    expect(streamMappings()).toHaveLength(2);
  });

  it("gives the dispatcher the catalogue's changes too: products, slug claims, stock and released slug claims, no other item", () => {
    const [dispatcher, ...others] = streamMappings().filter((m) =>
      json(props(m).FunctionName).includes('"Dispatcher'),
    );
    expect(others).toEqual([]);
    const filter = json(props(dispatcher).FilterCriteria);
    for (const entity of ["product", "slugClaim", "stock", "offerPages"]) {
      expect(filter).toContain(`\\"${entity}\\"`);
    }
    expect(filter).toContain('{\\"prefix\\":\\"SLUG#\\"}');
    // The order reactions read events only.
    const reactions = streamMappings().find((m) =>
      json(props(m).FunctionName).includes('"OrderReactions'),
    );
    expect(json(props(reactions).FilterCriteria)).not.toContain('\\"slugClaim\\"');
  });

  it("has at most two readers, each filtered to its own event types, parking failures in a dead-letter queue", () => {
    const readers = streamMappings();
    expect(readers.length).toBeLessThanOrEqual(2);
    expect(readers).toHaveLength(eventReaders().length);
    const dlqs = deadLetterQueueIds();
    const filters = readers.map((m) => json(props(m).FilterCriteria));
    for (const { name, events: types } of eventReaders()) {
      const mine = readers.filter((m) => json(props(m).FunctionName).includes(`"${pascal(name)}`));
      expect(mine, name).toHaveLength(1);
      const filter = json(props(mine[0]).FilterCriteria);
      expect(types.length, name).toBeGreaterThan(0);
      for (const type of types) {
        expect(filter, name).toContain(`\\"${type}\\"`);
        // …and no other reader wakes up for it.
        expect(filters.filter((f) => f.includes(`\\"${type}\\"`))).toHaveLength(1);
      }
      expect(props(mine[0]).StartingPosition).toBe("TRIM_HORIZON");
      // Its batch's first failure is reported: the records before it are not run again.
      expect(props(mine[0]).FunctionResponseTypes, name).toEqual(["ReportBatchItemFailures"]);
      const destination = json(props(mine[0]).DestinationConfig);
      expect(
        dlqs.some((id) => destination.includes(`"${id}"`)),
        name,
      ).toBe(true);
    }
  });
});

describe("reserved concurrency", () => {
  it("is set aside on staging and production only: a preview stage's account may have a low limit", () => {
    const reserving = all.flatMap(({ template }) =>
      Object.keys(resources(template, "AWS::Lambda::Function")).filter(
        (id) =>
          props(resources(template, "AWS::Lambda::Function")[id]).ReservedConcurrentExecutions !==
          undefined,
      ),
    );
    expect(reserving).toEqual([]);
  });
});

describe("the queues", () => {
  it("each queue entry (the two mailers, the newsletter fan-out) has a work queue consumed by its function, failures reported one by one", () => {
    expect(WORK_QUEUES.map((q) => q.queue).sort()).toEqual([
      "mail",
      "newsletter",
      "newsletterMail",
    ]);
    for (const { queue: name, consumer: consumerName, trigger } of WORK_QUEUES) {
      const id = workQueueId(name);
      const consumer = mappings().filter((m) => json(props(m).EventSourceArn).includes(`"${id}"`));
      expect(consumer, name).toHaveLength(1);
      const p = props(consumer[0]);
      expect(json(p.FunctionName)).toContain(`"${pascal(consumerName)}`);
      expect(p.FunctionResponseTypes).toEqual(["ReportBatchItemFailures"]);
      expect(p.BatchSize).toBe(trigger.batchSize);
      expect(p.ScalingConfig).toEqual({ MaximumConcurrency: trigger.maxConcurrency });
    }
  });

  it("the edge purge polls its own queue, which the dispatcher fills, in batches gathered over a window, failures reported one by one", () => {
    expect(CHANGE_QUEUES.map(({ queue, consumer }) => [queue, consumer])).toEqual([
      ["catalogueChanges", "edgePurge"],
    ]);
    const [{ queue: name, trigger }] = CHANGE_QUEUES as [(typeof CHANGE_QUEUES)[number]];
    const [mapping, ...others] = purgeMappings();
    expect(others).toEqual([]);
    const p = props(mapping);
    // The queue is in Events (the dispatcher's grant), the function in Web: an import.
    expect(json(p.EventSourceArn)).toContain(workQueueId(name));
    expect(json(p.FunctionName)).toContain('"EdgePurge');
    expect(p.StartingPosition).toBeUndefined();
    expect(p.FunctionResponseTypes).toEqual(["ReportBatchItemFailures"]);
    expect(p.BatchSize).toBe(trigger.batchSize);
    expect(p.MaximumBatchingWindowInSeconds).toBe(trigger.batchingWindowSeconds);
    expect(p.ScalingConfig).toEqual({ MaximumConcurrency: trigger.maxConcurrency });
    const queue = resources(events, "AWS::SQS::Queue")[workQueueId(name)];
    expect((props(queue).RedrivePolicy as { maxReceiveCount: number }).maxReceiveCount).toBe(
      trigger.maxReceiveCount,
    );
    // Six times the purge's timeout, so a batch in work is not handed out again.
    expect(Number(props(queue).VisibilityTimeout)).toBeGreaterThanOrEqual(
      FUNCTIONS.edgePurge.timeout * 6,
    );
  });

  it("every queue has a dead-letter queue (a redrive policy), and every dead-letter queue an alarm", () => {
    const queues = resources(events, "AWS::SQS::Queue");
    const dlqs = deadLetterQueueIds();
    const workQueues = queueIds().filter((id) => !dlqs.includes(id));
    // The dispatcher's work queues, and the queue of each mail-events entry (SES's events).
    const mailEvents = entriesOf("mailEvents").map(({ name }) => workQueueId(name));
    expect(workQueues.sort()).toEqual(
      [
        ...[...WORK_QUEUES, ...CHANGE_QUEUES].map(({ queue }) => workQueueId(queue)),
        ...mailEvents,
      ].sort(),
    );
    // One dead-letter queue per work queue (the edge purge's included), per stream reader, per
    // scheduled job and per function S3 notifies (the registry's schedule and upload entries),
    // and one for the MailEvents topic's subscription (SNS's redrive policy).
    expect(dlqs).toHaveLength(
      workQueues.length +
        streamMappings().length +
        entriesOf("schedule").length +
        entriesOf("upload").length +
        mailEvents.length,
    );
    for (const id of workQueues) {
      const redrive = props(queues[id]).RedrivePolicy as {
        deadLetterTargetArn: { "Fn::GetAtt": [string, string] };
        maxReceiveCount: number;
      };
      expect(redrive, id).toBeDefined();
      expect(dlqs).toContain(redrive.deadLetterTargetArn["Fn::GetAtt"][0]);
      expect(redrive.maxReceiveCount).toBeGreaterThanOrEqual(1);
    }
    const alarms = Object.values(resources(events, "AWS::CloudWatch::Alarm")).map(props);
    const alarmOn = (id: string, metric: string) =>
      alarms.find((a) => a.MetricName === metric && json(a.Dimensions).includes(`"${id}"`));
    for (const id of dlqs) {
      const alarm = alarmOn(id, "ApproximateNumberOfMessagesVisible");
      expect(alarm, `alarm on ${id}`).toBeDefined();
      expect(alarm?.Threshold).toBe(1);
      expect(json(alarm?.AlarmActions)).toContain("Alerts");
    }
    // A work queue whose oldest message waits too long (stuck consumer, throttled SES) too.
    for (const id of workQueues) {
      expect(alarmOn(id, "ApproximateAgeOfOldestMessage"), id).toBeDefined();
    }
    for (const id of queueIds()) {
      expect(props(queues[id]).SqsManagedSseEnabled, id).toBe(true);
    }
  });

  it("give a consumer time to finish before a message is handed out again", () => {
    const queues = resources(events, "AWS::SQS::Queue");
    const functions = resources(events, "AWS::Lambda::Function");
    for (const { queue: name, consumer } of WORK_QUEUES) {
      const fn = functions[idOf(events, "AWS::Lambda::Function", pascal(consumer))];
      const timeout = Number(props(fn).Timeout);
      expect(Number(props(queues[workQueueId(name)]).VisibilityTimeout)).toBeGreaterThanOrEqual(
        timeout * 6,
      );
    }
  });
});

describe("deadlines, in order (core/src/context/deadlines.ts)", () => {
  it("page budget < charge budget < site function timeout < CloudFront's wait for the site", () => {
    const site = resources(web, "AWS::Lambda::Function")[
      idOf(web, "AWS::Lambda::Function", "SiteServerFunction")
    ];
    const siteTimeoutMs = Number(props(site).Timeout) * 1000;
    expect(PAGE_BUDGET_MS).toBeLessThan(CHARGE_BUDGET_MS);
    expect(CHARGE_BUDGET_MS).toBeLessThan(siteTimeoutMs);
    const id = idOf(web, "AWS::CloudFront::Distribution", "SiteDistribution");
    const origins = (
      props(resources(web, "AWS::CloudFront::Distribution")[id]).DistributionConfig as {
        Origins: Array<{ CustomOriginConfig?: { OriginReadTimeout?: number } }>;
      }
    ).Origins.filter((origin) => origin.CustomOriginConfig);
    expect(origins.length).toBeGreaterThan(0);
    for (const origin of origins) {
      const readTimeout = Number(origin.CustomOriginConfig?.OriginReadTimeout);
      expect(readTimeout).toBe(CLOUDFRONT_ORIGIN_READ_TIMEOUT_SECONDS);
      expect(readTimeout * 1000).toBeGreaterThan(siteTimeoutMs);
    }
  });

  it("each queue consumer's calls fit its timeout, and its timeout its queue's visibility", () => {
    const queues = resources(events, "AWS::SQS::Queue");
    const functions = resources(events, "AWS::Lambda::Function");
    const slowestCall = Math.max(...Object.values(POLICIES).map(worstCaseMs));
    for (const { queue: name, consumer } of WORK_QUEUES) {
      const fn = functions[idOf(events, "AWS::Lambda::Function", pascal(consumer))];
      const timeoutMs = Number(props(fn).Timeout) * 1000;
      expect(slowestCall, name).toBeLessThan(timeoutMs);
      expect(Number(props(queues[workQueueId(name)]).VisibilityTimeout) * 1000).toBeGreaterThan(
        timeoutMs,
      );
    }
  });
});

/** Whether a statement names the site's assets bucket (SST's RemixSite builds it). */
const onSiteAssets = (s: Statement) => json(s.Resource).includes('"SiteS3Bucket');
/** The reads of CDK's grantReadWrite that SST gives the site's server on its assets bucket. */
const SST_READS = /^s3:(GetObject\*|GetBucket\*|List\*)$/;
/** Whether an IAM action pattern (with * wildcards) covers `action`. */
const covers = (pattern: string, action: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`, "i").test(
    action,
  );
/** Whether a Deny statement takes `action` back on every object of the site's assets bucket. */
const deniedOnSiteAssets = (action: string, denied: Statement[]) =>
  denied.some(
    (d) =>
      onSiteAssets(d) &&
      json(d.Resource).includes('"/*"') &&
      actionsIn(d).some((pattern) => covers(pattern, action)),
  );

describe("least privilege", () => {
  const shopFunctions = (): Array<[Template, string]> => [
    ...[
      "Dispatcher",
      "OrderReactions",
      "Mailer",
      "NewsletterFanout",
      "StripeWebhook",
      "ImageVariants",
    ].map((id): [Template, string] => [events, id]),
    [web, "SiteServerFunction"],
    [web, "EdgePurge"],
  ];

  it("no statement of the shop's functions grants every action, or every resource where a narrower one exists", () => {
    // (SST's and CDK's own deployment helpers, e.g. the asset upload of the site, are theirs.)
    for (const [template, prefix] of shopFunctions()) {
      const statements = statementsOf(template, prefix);
      expect(statements.length, prefix).toBeGreaterThan(0);
      const denied = statements.filter((s) => s.Effect === "Deny");
      for (const s of statements.filter((s) => s.Effect === "Allow")) {
        const actions = actionsIn(s);
        // RemixSite grants its server read/write on the site's own assets bucket with CDK's
        // wildcard actions (grantReadWrite): its reads stay, every write must be denied.
        const wildcards = actions.filter(
          (a) =>
            a.includes("*") &&
            !(onSiteAssets(s) && (SST_READS.test(a) || deniedOnSiteAssets(a, denied))),
        );
        expect(wildcards, `${prefix}: ${actions}`).toEqual([]);
        if (s.Resource === "*" || (Array.isArray(s.Resource) && s.Resource.includes("*"))) {
          // Only actions that AWS does not scope to a resource may use "*".
          expect(
            actions.every((a) => UNSCOPED_ACTIONS.test(a)),
            `${prefix}: ${actions} on *`,
          ).toBe(true);
        }
      }
    }
  });

  it("the dispatcher reads the stream and sends to its queues, and can do nothing else", () => {
    const actions = new Set(actionsOf(events, "Dispatcher"));
    expect([...actions].sort()).toEqual(
      [
        // The stream (its event source mapping).
        "dynamodb:DescribeStream",
        "dynamodb:GetRecords",
        "dynamodb:GetShardIterator",
        "dynamodb:ListStreams",
        // Its queues, and its own dead-letter queue (CDK's grant for the failure destination).
        "sqs:SendMessage",
        "sqs:GetQueueAttributes",
        "sqs:GetQueueUrl",
        // SST turns on tracing for every function.
        "xray:PutTelemetryRecords",
        "xray:PutTraceSegments",
      ].sort(),
    );
    const sendTo = resourcesFor(events, "Dispatcher", "sqs:SendMessage");
    const queues = [...WORK_QUEUES, ...CHANGE_QUEUES].map(({ queue }) => workQueueId(queue));
    expect(queues).toContain(workQueueId("catalogueChanges"));
    for (const id of queues)
      expect(
        sendTo.some((r) => r.includes(`"${id}"`)),
        id,
      ).toBe(true);
    const others = sendTo.filter((r) => !queues.some((id) => r.includes(`"${id}"`)));
    expect(others).toHaveLength(1);
    expect(others[0]).toMatch(/"DispatcherDeadLetters/);
    // It reads no table item, bucket or secret: its environment holds its role and the queues' URLs.
    const fn = resources(events, "AWS::Lambda::Function")[
      idOf(events, "AWS::Lambda::Function", "Dispatcher")
    ];
    const env = Object.keys(
      (props(fn).Environment as { Variables: Record<string, unknown> }).Variables,
    );
    expect(env.filter((v) => !v.startsWith("SST_") && !v.startsWith("AWS_")).sort()).toEqual(
      [
        ...[...WORK_QUEUES, ...CHANGE_QUEUES].map(({ queue }) => queueUrlVariable(queue)),
        "SHOP_FUNCTION",
        "SHOP_SETTINGS",
      ].sort(),
    );
  });

  it("the edge purge reads its queue of the catalogue's changes, may only invalidate this stage's distribution, and reads the catalogue to write the one search index object", () => {
    expect([...new Set(actionsOf(web, "EdgePurge"))].sort()).toEqual(
      [
        // Its queue (its event source mapping; CDK's grant to consume), nothing of the stream.
        "sqs:ReceiveMessage",
        "sqs:ChangeMessageVisibility",
        "sqs:DeleteMessage",
        "sqs:GetQueueAttributes",
        "sqs:GetQueueUrl",
        "cloudfront:CreateInvalidation",
        "xray:PutTelemetryRecords",
        "xray:PutTraceSegments",
        // The search index: the catalogue version and the catalogue index read, the object
        // read (its version) and written.
        "dynamodb:GetItem",
        "dynamodb:Query",
        "s3:GetObject",
        "s3:PutObject",
      ].sort(),
    );
    for (const action of ["s3:GetObject", "s3:PutObject"]) {
      expect(resourcesFor(web, "EdgePurge", action)).toEqual([
        expect.stringMatching(new RegExp(`Search.*/${SEARCH_INDEX_KEY.replaceAll(".", "\\.")}"`)),
      ]);
    }
    expect(resourcesFor(web, "EdgePurge", "dynamodb:Query").join()).toContain(
      `/index/${CATALOG_INDEX}`,
    );
    expect(resourcesFor(web, "EdgePurge", "dynamodb:Query").join()).not.toContain("index/*");
    const distribution = idOf(web, "AWS::CloudFront::Distribution", "SiteDistribution");
    const invalidate = resourcesFor(web, "EdgePurge", "cloudfront:CreateInvalidation");
    expect(invalidate).toHaveLength(1);
    expect(invalidate[0]).toContain(":cloudfront::");
    expect(invalidate[0]).toContain(`:distribution/",{"Ref":"${distribution}"}`);
    const receiveFrom = resourcesFor(web, "EdgePurge", "sqs:ReceiveMessage");
    expect(receiveFrom).toHaveLength(1);
    expect(receiveFrom[0]).toContain("CatalogueChangesQueue");
    expect(receiveFrom[0]).not.toContain("DeadLetters");

    const fn = resources(web, "AWS::Lambda::Function")[
      idOf(web, "AWS::Lambda::Function", "EdgePurge")
    ];
    const env = (props(fn).Environment as { Variables: Record<string, unknown> }).Variables;
    expect(json(env.SITE_DISTRIBUTION_ID)).toBe(`{"Ref":"${distribution}"}`);
    expect(json(env.SEARCH_BUCKET)).toMatch(/Search/);
    expect(env.INVOICES_BUCKET).toBeUndefined();
  });

  it("the order reactions write invoices and cannot send mail; the mailer reads them, sends mail, and cannot write them", () => {
    const invoice = actionsOf(events, "OrderReactions");
    const mailer = actionsOf(events, "Mailer");
    expect(invoice).toContain("s3:PutObject");
    expect(json(resourcesFor(events, "OrderReactions", "s3:PutObject"))).toContain("Invoices");
    expect(invoice.filter((a) => a.startsWith("ses:"))).toEqual([]);
    expect(mailer).toContain("ses:SendEmail");
    expect(mailer).toContain("s3:GetObject");
    expect(mailer).not.toContain("s3:PutObject");
    expect(mailer).not.toContain("s3:DeleteObject");
    expect(actionsOf(events, "NewsletterFanout").some((a) => /^(s3|ses):/.test(a))).toBe(false);
    expect(actionsOf(events, "NewsletterMailer")).toContain("ses:SendEmail");
    for (const fn of ["OrderReactions", "Mailer", "NewsletterMailer", "NewsletterFanout"]) {
      expect(actionsOf(events, fn), fn).toContain("dynamodb:PutItem");
      expect(actionsOf(events, fn), fn).not.toContain("dynamodb:Scan");
    }
  });

  it("queue consumers take messages only from their own queue; a mailer sends only to its own (a throttled mail, delayed), the others to none", () => {
    for (const { queue: name, consumer, trigger } of WORK_QUEUES) {
      const fn = pascal(consumer);
      const receiveFrom = resourcesFor(events, fn, "sqs:ReceiveMessage");
      expect(receiveFrom, fn).toHaveLength(1);
      expect(receiveFrom[0]).toContain(`"${workQueueId(name)}"`);
      if (trigger.mailShare === undefined) {
        expect(actionsOf(events, fn), fn).not.toContain("sqs:SendMessage");
        continue;
      }
      const sendTo = resourcesFor(events, fn, "sqs:SendMessage");
      expect(sendTo, fn).toHaveLength(1);
      expect(sendTo[0]).toContain(`"${workQueueId(name)}"`);
    }
    // The order reactions may send only to their stream dead-letter queue (failure destination).
    const reactionSends = resourcesFor(events, "OrderReactions", "sqs:SendMessage");
    expect(reactionSends).toHaveLength(1);
    expect(reactionSends[0]).toMatch(/"OrderReactionsDeadLetters/);
  });

  it("the site's server may read its assets bucket, and write or delete nothing there (an explicit Deny)", () => {
    const statements = statementsOf(web, "SiteServerFunction");
    const denied = statements.filter((s) => s.Effect === "Deny");
    const granted = statements.filter((s) => s.Effect === "Allow" && onSiteAssets(s));
    // SST's grantReadWrite is still there (RemixSite adds it); what it allows beyond reading is denied.
    expect(granted.length).toBeGreaterThan(0);
    const writes = granted.flatMap(actionsIn).filter((a) => !SST_READS.test(a));
    expect(writes.length).toBeGreaterThan(0);
    for (const action of [
      ...writes,
      "s3:PutObject",
      "s3:PutObjectAcl",
      "s3:PutObjectTagging",
      "s3:PutObjectRetention",
      "s3:PutObjectLegalHold",
      "s3:DeleteObject",
      "s3:DeleteObjectVersion",
      "s3:AbortMultipartUpload",
    ]) {
      expect(deniedOnSiteAssets(action, denied), action).toBe(true);
    }
  });

  it("the mailer may send only from the shop's identity", () => {
    expect(json(resourcesFor(events, "Mailer", "ses:SendEmail"))).toContain(":identity/");
  });

  it("the site may put, read and delete product images only under products/ (and delete their variants), and gets the bucket's name", () => {
    const statements = statementsOf(web, "SiteServerFunction").filter(
      (s) => !json(s.Resource).includes('"SiteS3Bucket'),
    );
    const writes = statements.filter(
      (s) =>
        actionsIn(s).some((a) => a === "s3:PutObject" || a === "s3:DeleteObject") &&
        !json(s.Resource).includes("Invoices"),
    );
    expect(writes).toHaveLength(2);
    const [uploads, variants] = writes as [Statement, Statement];
    expect(actionsIn(uploads).sort()).toEqual(["s3:DeleteObject", "s3:PutObject"]);
    const targets = ([] as unknown[]).concat(uploads.Resource).map(json);
    expect(targets).toHaveLength(1);
    expect(targets[0]).toMatch(/Images/);
    expect(targets[0]).toMatch(/"\/products\/\*"\]\]\}$/);
    // The variants of a photo taken off a product: deleted, never written, by the site.
    expect(actionsIn(variants)).toEqual(["s3:DeleteObject"]);
    expect(json(variants.Resource)).toMatch(/Images.*"\/variants\/\*"\]\]\}$/);
    // It sends no mail itself (resets are queued like every other mail).
    expect(actionsOf(web, "SiteServerFunction").filter((a) => a.startsWith("ses:"))).toEqual([]);
    // Invoices are only read (downloads), never written, by the site (it writes order exports
    // under exports/ only); of the search bucket it reads the one published index.
    const invoiceWrites = statements.filter(
      (s) => json(s.Resource).includes("Invoices") && !actionsIn(s).includes("s3:GetObject"),
    );
    expect(invoiceWrites.map((s) => [actionsIn(s), json(s.Resource)])).toEqual([
      [["s3:PutObject"], expect.stringMatching(/Invoices.*"\/exports\/\*"\]\]\}$/)],
    ]);
    const reads = resourcesFor(web, "SiteServerFunction", "s3:GetObject").filter(
      (r) => !r.includes('"SiteS3Bucket'),
    );
    // Of the images, the uploads under products/: an admin's upload is checked before it is
    // recorded (docs/decisions/031-direct-photo-uploads.md).
    expect(reads).toHaveLength(3);
    expect(reads).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Invoices/),
        expect.stringMatching(new RegExp(`Search.*/${SEARCH_INDEX_KEY.replaceAll(".", "\\.")}"`)),
        expect.stringMatching(/Images.*"\/products\/\*"\]\]\}$/),
      ]),
    );
    const fn = resources(web, "AWS::Lambda::Function")[
      idOf(web, "AWS::Lambda::Function", "SiteServerFunction")
    ];
    const env = (props(fn).Environment as { Variables: Record<string, unknown> }).Variables;
    expect(json(env.IMAGES_BUCKET)).toMatch(/Images/);
    expect(json(env.SEARCH_BUCKET)).toMatch(/Search/);
  });
});

describe("the image-variants function (stacks/image-variants.ts)", () => {
  const fnId = () => idOf(events, "AWS::Lambda::Function", "ImageVariants");
  const fn = () => resources(events, "AWS::Lambda::Function")[fnId()];

  it("is notified by S3 of every object created under products/ of the images bucket, of nothing else", () => {
    const all = Object.values(resources(events, "Custom::S3BucketNotifications"));
    expect(all).toHaveLength(1);
    const notification = props(all[0]);
    expect(json(notification.BucketName)).toMatch(/Images/);
    expect(notification.NotificationConfiguration).toEqual({
      LambdaFunctionConfigurations: [
        {
          Events: ["s3:ObjectCreated:*"],
          Filter: { Key: { FilterRules: [{ Name: "prefix", Value: "products/" }] } },
          LambdaFunctionArn: { "Fn::GetAtt": [fnId(), "Arn"] },
        },
      ],
    });
    // S3 may invoke it, for that bucket of this account only.
    const invokers = Object.values(resources(events, "AWS::Lambda::Permission")).filter((p) =>
      json(props(p).FunctionName).includes(`"${fnId()}"`),
    );
    expect(invokers.map((p) => props(p).Principal)).toEqual(["s3.amazonaws.com"]);
    expect(json(props(invokers[0]).SourceArn)).toMatch(/Images/);
    expect(props(invokers[0]).SourceAccount).toBeDefined();
    // Its variants go under variants/: outside the filter, so it never triggers itself.
    expect(json(resourcesFor(events, "ImageVariants", "s3:PutObject"))).not.toMatch(/products/);
  });

  it("may read uploads, write variants under variants/ and record their state: nothing else", () => {
    const statements = statementsOf(events, "ImageVariants").filter(
      (s) => !actionsIn(s).every((a) => a.startsWith("xray:")),
    );
    const granted = statements.map((s) => ({
      actions: actionsIn(s).sort(),
      resources: ([] as unknown[]).concat(s.Resource).map(json),
      conditions: (s as { Condition?: unknown }).Condition,
    }));
    expect(granted).toHaveLength(4);
    const granting = (action: string) => granted.find((g) => g.actions.includes(action));
    const [read, write, record, dlq] = [
      granting("s3:GetObject"),
      granting("s3:PutObject"),
      granting("dynamodb:PutItem"),
      granting("sqs:SendMessage"),
    ];
    expect(read?.actions).toEqual(["s3:GetObject"]);
    expect(read?.resources).toHaveLength(1);
    expect(read?.resources[0]).toMatch(/Images.*"\/products\/\*"\]\]\}$/);
    expect(write?.actions).toEqual(["s3:PutObject"]);
    expect(write?.resources).toHaveLength(1);
    expect(write?.resources[0]).toMatch(/Images.*"\/variants\/\*"\]\]\}$/);
    expect(record?.actions).toEqual(["dynamodb:PutItem", "dynamodb:UpdateItem"]);
    expect(record?.resources).toHaveLength(1);
    expect(record?.resources[0]).toMatch(/Table/);
    expect(record?.resources[0]).not.toMatch(/index/);
    expect(record?.conditions).toEqual({
      "ForAllValues:StringLike": { "dynamodb:LeadingKeys": ["PRODUCT#*", "CATALOG"] },
    });
    // Its own dead-letter queue (S3 invokes it asynchronously), with an alarm.
    expect(dlq?.actions).toEqual(["sqs:SendMessage"]);
    expect(dlq?.resources[0]).toMatch(/"ImageVariantsDeadLetters/);
    expect(json(props(fn()).DeadLetterConfig)).toMatch(/ImageVariantsDeadLetters/);
    expect(deadLetterQueueIds().some((id) => id.startsWith("ImageVariantsDeadLetters"))).toBe(true);
    const env = (props(fn()).Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.SHOP_FUNCTION).toBe("imageVariants");
  });

  it("runs sharp from its own node_modules: left out of the bundle, copied with its linux-x64 binaries, on x86_64", async () => {
    expect(props(fn()).Architectures).toEqual(["x86_64"]);
    const construct = getStack(Events).node.findChild("ImageVariants");
    const out = join(useProject().paths.artifacts, construct.node.addr);
    const bundle = await readFile(join(out, "functions/src/image-variants.mjs"), "utf8");
    expect(bundle).toMatch(/from\s*"sharp"/); // imported at run time, not bundled
    expect(bundle).not.toContain("sharp-libvips");
    expect(existsSync(join(out, "node_modules/sharp/package.json"))).toBe(true);
    const binaries = await readdir(join(out, "node_modules/@img/sharp-linux-x64/lib"));
    expect(binaries.some((file) => /^sharp-linux-x64.*\.node$/.test(file))).toBe(true);
    expect(existsSync(join(out, "node_modules/@img/sharp-libvips-linux-x64/lib"))).toBe(true);
  });
});

describe("secrets", () => {
  it("never appear in clear in any template", () => {
    for (const { template } of all) {
      const text = json(template.toJSON());
      for (const value of Object.values(SENTINELS)) expect(text).not.toContain(value);
    }
  });

  it("reach the site and the webhook as SST Config secrets (SSM), not environment values", () => {
    const env =
      json(resources(web, "AWS::Lambda::Function")) +
      json(resources(events, "AWS::Lambda::Function"));
    expect(env).toContain("SST_Secret_value_STRIPE_SECRET_KEY");
    expect(env).not.toMatch(/"STRIPE_SECRET_KEY":/);
  });

  it("only the functions that sign or verify something are bound to a secret", () => {
    const functions = resources(events, "AWS::Lambda::Function");
    const bound = (prefix: string) =>
      json(props(functions[idOf(events, "AWS::Lambda::Function", prefix)]).Environment).includes(
        "SST_Secret_value_",
      );
    expect(bound("NewsletterFanout")).toBe(true);
    expect(bound("StripeWebhook")).toBe(true);
    expect(bound("ExpireAbandonedOrders")).toBe(true); // cancels payments at Stripe
    for (const fn of ["Dispatcher", "OrderReactions", "Mailer"]) expect(bound(fn), fn).toBe(false);
  });
});

describe("settings", () => {
  /** The shop's functions in the templates, by the role the stacks give them (SHOP_FUNCTION). */
  const shopFunctions = () =>
    [events, web].flatMap((template) =>
      Object.entries(resources(template, "AWS::Lambda::Function")).flatMap(([id, fn]) => {
        const env = ((props(fn).Environment as { Variables?: Record<string, unknown> })
          ?.Variables ?? {}) as Record<string, unknown>;
        return typeof env.SHOP_FUNCTION === "string" ? [{ id, env }] : [];
      }),
    );

  it("every function of the shop says which one it is, and the site and every entry of the registry are deployed", () => {
    const roles = shopFunctions().map((f) => f.env.SHOP_FUNCTION);
    expect([...roles].sort()).toEqual(["site", ...Object.keys(FUNCTIONS)].sort());
  });

  it("each function of the registry is told the settings its entry names, and given exactly those", () => {
    for (const { id, env } of shopFunctions()) {
      if (env.SHOP_FUNCTION === "site") continue;
      const entry = FUNCTIONS[env.SHOP_FUNCTION as FunctionName];
      expect(String(env.SHOP_SETTINGS).split(",").filter(Boolean), id).toEqual([...entry.settings]);
      const plain = Object.keys(env).filter(
        (k) =>
          !k.startsWith("SST_") &&
          !k.startsWith("AWS_") &&
          !k.startsWith("QUEUE_URL_") &&
          k !== "SHOP_FUNCTION" &&
          k !== "SHOP_SETTINGS",
      );
      expect(
        plain.filter((k) => !(entry.settings as readonly string[]).includes(k)),
        id,
      ).toEqual([]);
    }
  });

  it("the stacks supply every setting each function reads (plain, or bound as an SST secret)", () => {
    const functions = shopFunctions();
    for (const { id, env } of functions) {
      const role = env.SHOP_FUNCTION as FunctionName | "site";
      // Those that take no payment (the dispatcher, the edge purge, the migrations, the order
      // reactions…) read no payment setting and are given none.
      const reads: readonly string[] = role === "site" ? SITE_SETTINGS : FUNCTIONS[role].settings;
      const paying = reads.includes("PAYMENTS");
      const payments = paying ? (env.PAYMENTS as "stripe" | "test") : null;
      if (paying) expect(payments, id).toBe("stripe");
      else expect(env.PAYMENTS, id).toBeUndefined();
      for (const [name, setting] of settingsReadBy(role, payments)) {
        if (setting.source === "lambda" || setting.optional) continue;
        const supplied =
          setting.source === "secret"
            ? env[`SST_Secret_value_${name}`] === "__FETCH_FROM_SSM__"
            : env[name] !== undefined && env[name] !== "";
        expect(supplied, `${id} (${role}) reads ${name} (${setting.source})`).toBe(true);
      }
      // …and is bound to no secret it does not read.
      const read = settingsReadBy(role, payments).map(([name]) => name);
      for (const key of Object.keys(env).filter((k) => k.startsWith("SST_Secret_value_"))) {
        expect(read, `${id} is bound to ${key}`).toContain(key.replace("SST_Secret_value_", ""));
      }
    }
  });
});

describe("traces (docs/decisions/025-powertools.md)", () => {
  it("every function of the shop, the dispatcher and the site included, runs with X-Ray's active tracing", () => {
    const traced = [events, web].flatMap((template) =>
      Object.entries(resources(template, "AWS::Lambda::Function")).flatMap(([id, fn]) => {
        const env = ((props(fn).Environment as { Variables?: Record<string, unknown> })
          ?.Variables ?? {}) as Record<string, unknown>;
        const shop = typeof env.SHOP_FUNCTION === "string" || id.startsWith("Dispatcher");
        return shop ? [{ id, tracing: props(fn).TracingConfig }] : [];
      }),
    );
    // Every role but the dispatcher's (which has none) has a function, and the dispatcher too.
    expect(traced.length).toBe(ENTRIES.length + 1);
    for (const { id, tracing } of traced) expect(tracing, id).toEqual({ Mode: "Active" });
  });
});

describe("runtimes", () => {
  it("no function or site runs on a runtime past its end of life", () => {
    const today = new Date().toISOString().slice(0, 10);
    const runtimes = all.flatMap(({ name, template }) =>
      Object.entries(resources(template, "AWS::Lambda::Function")).map(([id, fn]) => ({
        id: `${name}/${id}`,
        runtime: String(props(fn).Runtime),
      })),
    );
    expect(runtimes.length).toBeGreaterThan(8);
    for (const { id, runtime } of runtimes) {
      const endOfLife = NODE_END_OF_LIFE[runtime] ?? PYTHON_END_OF_LIFE[runtime];
      expect(endOfLife, `${id}: unknown runtime ${runtime}`).toBeDefined();
      expect(endOfLife && endOfLife > today, `${id}: ${runtime} reached its end of life`).toBe(
        true,
      );
    }
  });
});

describe("AWS's rule packs (cdk-nag AwsSolutions and Serverless) on a dev stage", () => {
  it("find nothing that is not fixed or justified on its own resource", () => {
    expectRulePacksPass(synth);
  });

  it("accept every AwsSolutions-IAM5 finding by what it applies to, never the whole rule", () => {
    const iam5 = justificationsIn(synth.app).filter((j) => j.rule.startsWith("AwsSolutions-IAM5"));
    expect(iam5.length).toBeGreaterThan(0);
    expect(
      iam5.filter((j) => !/^AwsSolutions-IAM5\[.+\]$/.test(j.rule)).map((j) => j.path),
      "IAM5 justifications without appliesTo",
    ).toEqual([]);
  });
});

describe("the site's edge (CloudFront)", () => {
  type Behavior = {
    PathPattern?: string;
    ResponseHeadersPolicyId?: unknown;
    OriginRequestPolicyId?: unknown;
    CachePolicyId?: unknown;
    FunctionAssociations?: Array<{ FunctionARN: unknown }>;
  };
  const siteDistribution = () => {
    const id = idOf(web, "AWS::CloudFront::Distribution", "SiteDistribution");
    const config = props(resources(web, "AWS::CloudFront::Distribution")[id])
      .DistributionConfig as { DefaultCacheBehavior: Behavior; CacheBehaviors?: Behavior[] };
    return {
      server: config.DefaultCacheBehavior,
      all: [config.DefaultCacheBehavior, ...(config.CacheBehaviors ?? [])],
    };
  };

  it("sends the shop's security headers on every response, pages and files alike", () => {
    const policyId = idOf(web, "AWS::CloudFront::ResponseHeadersPolicy", "SecurityHeaders");
    const { all: behaviors } = siteDistribution();
    expect(behaviors.length).toBeGreaterThan(1);
    for (const behavior of behaviors) {
      expect(json(behavior.ResponseHeadersPolicyId), behavior.PathPattern ?? "*").toContain(
        `"${policyId}"`,
      );
    }
    const config = props(resources(web, "AWS::CloudFront::ResponseHeadersPolicy")[policyId])
      .ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      CustomHeadersConfig: { Items: Array<{ Header: string; Value: string; Override: boolean }> };
    };
    const security = config.SecurityHeadersConfig;
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: "DENY", Override: true });
    expect(security.ReferrerPolicy).toEqual({
      ReferrerPolicy: SECURITY_HEADERS["Referrer-Policy"],
      Override: true,
    });
    expect(config.CustomHeadersConfig.Items).toEqual([
      {
        Header: "Permissions-Policy",
        Value: SECURITY_HEADERS["Permissions-Policy"],
        Override: true,
      },
    ]);
    // The page's own policy (with its nonce) is the site's: CloudFront adds none.
    expect(security.ContentSecurityPolicy).toBeUndefined();
    // HSTS only on production stages (stacks/production.infra.test.ts): this one is not.
    expect(security.StrictTransportSecurity).toBeUndefined();
  });

  it("puts the site's and the images' distributions behind the stage's web ACL (stacks/Firewall.ts)", () => {
    const webAcl = `{{resolve:ssm:${webAclParameterName({ name: "threadline", stage: "test" })}}}`;
    const id = idOf(web, "AWS::CloudFront::Distribution", "SiteDistribution");
    const site = props(resources(web, "AWS::CloudFront::Distribution")[id]).DistributionConfig as {
      WebACLId?: unknown;
    };
    expect(site.WebACLId).toBe(webAcl);
    const images = Object.values(resources(storage, "AWS::CloudFront::Distribution"));
    expect(images).toHaveLength(1);
    expect((props(images[0]).DistributionConfig as { WebACLId?: unknown }).WebACLId).toBe(webAcl);
  });

  it("forwards CloudFront-Viewer-Address to the site, the one client address it trusts", () => {
    const { server } = siteDistribution();
    expect(server.OriginRequestPolicyId).toBe(SERVER_ORIGIN_REQUEST_POLICY_ID);
    // AWS's managed policy of that id, as the rehearsal runs it (packages/rehearsal).
    const policy = ORIGIN_REQUEST_POLICIES[SERVER_ORIGIN_REQUEST_POLICY_ID];
    expect(policy?.cloudFrontHeaders).toContain("cloudfront-viewer-address");
    expect(policy?.headers).toEqual(["host"]);
  });

  it("sends the site a generated secret header, which the site's guarded handler checks (the guarded origin)", () => {
    const id = idOf(web, "AWS::CloudFront::Distribution", "SiteDistribution");
    const config = props(resources(web, "AWS::CloudFront::Distribution")[id])
      .DistributionConfig as {
      Origins: Array<{ CustomOriginConfig?: unknown; OriginCustomHeaders?: unknown }>;
    };
    const secretId = idOf(web, "AWS::SecretsManager::Secret", "OriginSecret");
    const secret = props(resources(web, "AWS::SecretsManager::Secret")[secretId]);
    // Generated by Secrets Manager: the template holds how, never a value.
    expect(secret.SecretString).toBeUndefined();
    expect(secret.GenerateSecretString).toMatchObject({
      GenerateStringKey: "current",
      PasswordLength: 48,
    });
    // The function URL's origin (the only custom one) sends it; the bucket's origin does not.
    const [url, ...others] = config.Origins.filter((o) => o.CustomOriginConfig);
    expect(others).toEqual([]);
    expect(url?.OriginCustomHeaders).toEqual([
      {
        HeaderName: ORIGIN_HEADER,
        HeaderValue: {
          "Fn::Join": [
            "",
            ["{{resolve:secretsmanager:", { Ref: secretId }, ":SecretString:current::}}"],
          ],
        },
      },
    ]);
    for (const origin of config.Origins.filter((o) => !o.CustomOriginConfig)) {
      expect(origin.OriginCustomHeaders).toBeUndefined();
    }
    // The site's handler is SST's wrapped by the check; it reads the secret at start.
    const functions = resources(web, "AWS::Lambda::Function");
    const site = props(functions[idOf(web, "AWS::Lambda::Function", "SiteServerFunction")]);
    expect(site.Handler).toBe("web/build/guarded-server.handler");
    const env = (site.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.TRUST_PROXY).toBe("1");
    expect(env.ORIGIN_SECRET_PARAMETER).toBe(`/aws/reference/secretsmanager/${secret.Name}`);
    expect(env.ORIGIN_SECRET).toBeUndefined();
    // …and may read that secret, through that reference, and no other secret.
    expect(resourcesFor(web, "SiteServerFunction", "secretsmanager:GetSecretValue")).toEqual([
      json({ Ref: secretId }),
    ]);
    expect(resourcesFor(web, "SiteServerFunction", "ssm:GetParameters").join()).toContain(
      `parameter/aws/reference/secretsmanager/${secret.Name}`,
    );
  });

  /** The code of the one CloudFront Function on the server behaviour's viewer requests. */
  const serverFunctionCode = () => {
    const { server } = siteDistribution();
    const functions = resources(web, "AWS::CloudFront::Function");
    const attached = Object.entries(functions).filter(([id]) =>
      json(server.FunctionAssociations).includes(`"${id}"`),
    );
    expect(attached).toHaveLength(1);
    return String(props(attached[0]?.[1]).FunctionCode);
  };

  it("refuses cross-site writes at the edge (the viewer-request function)", () => {
    const code = serverFunctionCode();
    expect(code).toContain("statusCode:403");
    expect(code).toMatch(/x-forwarded-host/);
  });

  it("keys cached pages on every query string and the sid and toast cookies, no header", () => {
    const { server } = siteDistribution();
    const id = idOf(web, "AWS::CloudFront::CachePolicy", "SiteServerCache");
    expect(server.CachePolicyId).toEqual({ Ref: id });
    // SST's own policy (no cookies in the key) is not built at all.
    expect(Object.keys(resources(web, "AWS::CloudFront::CachePolicy"))).toEqual([id]);
    const config = props(resources(web, "AWS::CloudFront::CachePolicy")[id]).CachePolicyConfig as {
      MinTTL: number;
      DefaultTTL: number;
      MaxTTL: number;
      ParametersInCacheKeyAndForwardedToOrigin: Record<string, unknown>;
    };
    // Cached only as long as the site's s-maxage says (no Cache-Control: not at all).
    expect([config.MinTTL, config.DefaultTTL, config.MaxTTL]).toEqual([0, 0, 365 * 24 * 3600]);
    expect(config.ParametersInCacheKeyAndForwardedToOrigin).toEqual({
      CookiesConfig: { CookieBehavior: "whitelist", Cookies: ["sid", "toast"] },
      QueryStringsConfig: { QueryStringBehavior: "all" },
      HeadersConfig: { HeaderBehavior: "none" },
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
    });
    // Every cookie still reaches the site (the origin request policy is unchanged).
    expect(ORIGIN_REQUEST_POLICIES[String(server.OriginRequestPolicyId)]?.cookies).toBe("all");
  });

  it("normalises public pages' query strings at the edge, and only theirs", () => {
    const code = serverFunctionCode();
    const forwarded = (url: string, method = "GET") => {
      const event = cfEventFromRequest({
        method,
        url,
        headers: { host: "shop.example.com" },
        ip: "198.51.100.7",
      });
      const result = runCloudFrontFunction(code, event);
      if (isCfResponse(result)) throw new Error(`answered ${result.statusCode}`);
      return cfRequestUrl(result);
    };
    for (const url of [
      "/product?sort=price-asc&category=men",
      "/product?category=men&sort=price-asc",
      "/product?category=men&sort=price-asc&utm_source=x",
    ]) {
      expect(forwarded(url)).toBe("/product?category=men&sort=price-asc");
    }
    expect(forwarded("/product/linen-shirt.data?size=M&_routes=r&x=1")).toBe(
      "/product/linen-shirt.data?_routes=r&size=M",
    );
    // A product page's colour lower-cased and only as a palette id, its size only as a scale's tag.
    expect(forwarded("/product/linen-shirt?size=M&colour=NAVY")).toBe(
      "/product/linen-shirt?colour=navy&size=M",
    );
    expect(forwarded("/product/linen-shirt?colour=navyy&size=m")).toBe("/product/linen-shirt");
    // A product page's photo only as 1 to 10 (web/server/edge-query.ts): no copies of a page by ?photo=.
    expect(forwarded("/product/linen-shirt?photo=3&utm=1")).toBe("/product/linen-shirt?photo=3");
    for (const photo of ["99", "1e3", "01", "abc", "", "0"]) {
      expect(forwarded(`/product/linen-shirt?photo=${photo}&size=M`), photo).toBe(
        "/product/linen-shirt?size=M",
      );
    }
    expect(forwarded("/product/linen-shirt?photo=2&photo=5")).toBe("/product/linen-shirt?photo=2");
    // CloudFront Functions take at most 10 KB of code.
    expect(Buffer.byteLength(code)).toBeLessThanOrEqual(10 * 1024);
    expect(forwarded("/auth/reset-password?token=abc&redirectTo=%2Fcart")).toBe(
      "/auth/reset-password?token=abc&redirectTo=%2Fcart",
    );
    // The guard still runs first: a cross-site write is refused.
    const crossSite = cfEventFromRequest({
      method: "POST",
      url: "/product?x=1",
      headers: { host: "shop.example.com", origin: "https://evil.example" },
      ip: "198.51.100.7",
    });
    expect(runCloudFrontFunction(code, crossSite)).toMatchObject({ statusCode: 403 });
  });
});

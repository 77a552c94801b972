// What an operator of a stage gets (stacks/dashboard.ts, stacks/alarms.ts, stacks/migrations.ts),
// on a synthesized dev stage: the dashboard's widgets (the site, CloudFront, the business metrics,
// every function, the table, every queue, dead-letter queue and stream reader), every alarm with
// its threshold from ALARMS and its action on the Alerts topic (CloudFront's 5xx rate, in
// us-east-1, on the edge part's topic), and the deploy's migrations: SST's Script with its
// function, that function's permissions, and a handler that imports every migration file.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SEARCH_INDEX_KEY } from "@shop/core/catalog";
import {
  BUSINESS_METRICS,
  DEPENDENCY_UNAVAILABLE_METRIC,
  metricsNamespace,
  PAGE_KIND_DIMENSION,
  PAGE_KINDS,
  SERVER_TIME_METRIC,
} from "@shop/core/common";
import {
  CHANGE_QUEUES,
  ENTRIES,
  entriesOf,
  FUNCTIONS,
  pascal,
  readsTheStream,
  WORK_QUEUES,
} from "@shop/functions/registry";
import type { Template } from "aws-cdk-lib/assertions";
import { getStack } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { ALARMS } from "./alarms.ts";
import { cloudFront5xxAlarmName, dashboardName, LATENCY_OPERATIONS } from "./dashboard.ts";
import { Events } from "./Events.ts";
import { builtIn } from "./functions.ts";
import { MIGRATIONS_HANDLER, migrationFiles } from "./migrations.ts";
import { edgeAlertsTopicName } from "./stage.ts";
import { synthesize } from "./synth.ts";
import { Web } from "./Web.ts";

const STAGE = "test";
const APP = { name: "threadline", stage: STAGE };
type Resource = { Type: string; Properties: Record<string, unknown> };
type Resources = Record<string, Resource>;
let events: Template;
let web: Template;
const json = (value: unknown) => JSON.stringify(value) ?? "";
const resources = (t: Template, type: string) => t.findResources(type) as unknown as Resources;

beforeAll(async () => {
  process.env.APP_URL = "https://shop.example.com";
  process.env.ALERT_EMAIL = "ops@example.com";
  const synth = await synthesize(STAGE);
  events = synth.template(Events);
  web = synth.template(Web);
}, 180_000);

/** Logical ids of every Lambda function of the shop (SST's and CDK's deploy-time helpers aside). */
function shopFunctionIds(): string[] {
  return [events, web].flatMap((t) =>
    Object.entries(resources(t, "AWS::Lambda::Function"))
      .filter(([id, fn]) => {
        const env = json((fn.Properties.Environment as { Variables?: unknown })?.Variables);
        return env.includes("SHOP_FUNCTION") || id.startsWith("Dispatcher");
      })
      .map(([id]) => id),
  );
}
/** The stream readers of the registry, as their constructs are named. */
const STREAM_READERS = ENTRIES.filter(([, entry]) => readsTheStream(entry)).map(([name]) =>
  pascal(name),
);
const siteId = () =>
  Object.keys(resources(web, "AWS::Lambda::Function")).find((id) =>
    id.startsWith("SiteServerFunction"),
  ) as string;

describe("the dashboard", () => {
  let body = "";
  beforeAll(() => {
    const dashboards = Object.values(resources(web, "AWS::CloudWatch::Dashboard"));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]?.Properties.DashboardName).toBe(dashboardName(APP));
    body = json(dashboards[0]?.Properties.DashboardBody);
  });

  it("shows the site's requests, p50 and p99 duration and errors", () => {
    for (const title of ["Site: requests", "Site: duration p50 / p99 (ms)", "Site: errors"]) {
      expect(body).toContain(title);
    }
    expect(body).toContain(siteId());
    for (const stat of ['\\"p50\\"', '\\"p99\\"', "Invocations", "Errors"]) {
      expect(body).toContain(stat);
    }
  });

  it("shows the site's server time, p50 and p99, for each kind of page, under the stage's namespace", () => {
    for (const title of [
      "Site: server time p50 by kind of page (ms)",
      "Site: server time p99 by kind of page (ms)",
    ]) {
      expect(body).toContain(title);
    }
    for (const kind of PAGE_KINDS) {
      expect(body, kind).toContain(
        `\\"${metricsNamespace(STAGE)}\\",\\"${SERVER_TIME_METRIC}\\",\\"${PAGE_KIND_DIMENSION}\\",\\"${kind}\\"`,
      );
    }
    expect(body.match(new RegExp(`\\\\"${SERVER_TIME_METRIC}\\\\"`, "g"))).toHaveLength(
      PAGE_KINDS.length * 2,
    );
  });

  it("shows CloudFront's requests, cache hit rate and 4xx and 5xx rates, from us-east-1", () => {
    for (const metric of ["Requests", "CacheHitRate", "4xxErrorRate", "5xxErrorRate"]) {
      expect(body).toContain(`\\"AWS/CloudFront\\",\\"${metric}\\"`);
    }
    expect(body).toContain('\\"region\\":\\"us-east-1\\"');
    // The cache hit rate is an additional metric: the distribution's subscription turns it on.
    const [subscription] = Object.values(resources(web, "AWS::CloudFront::MonitoringSubscription"));
    expect(json(subscription?.Properties)).toContain(
      '"RealtimeMetricsSubscriptionStatus":"Enabled"',
    );
  });

  it("shows every business metric under the stage's namespace, and DependencyUnavailable by dependency", () => {
    for (const metric of Object.values(BUSINESS_METRICS)) {
      expect(body).toContain(`\\"${metricsNamespace(STAGE)}\\",\\"${metric}\\"`);
    }
    expect(body).toContain(`MetricName=\\\\\\"${DEPENDENCY_UNAVAILABLE_METRIC}\\\\\\"`);
  });

  it("shows every function's errors, throttles, duration and concurrency", () => {
    const ids = shopFunctionIds();
    // The site and every function of the registry.
    expect(ids.length).toBe(ENTRIES.length + 1);
    for (const id of ids) expect(body, id).toContain(id);
    for (const title of ["errors", "throttles", "duration p99", "concurrency"]) {
      expect(body).toContain(`Functions: ${title}`);
    }
    for (const metric of ["Throttles", "Duration", "ConcurrentExecutions"]) {
      expect(body).toContain(`\\"AWS/Lambda\\",\\"${metric}\\"`);
    }
  });

  it("shows the table's consumed capacity, throttles and latency", () => {
    for (const metric of [
      "ConsumedReadCapacityUnits",
      "ConsumedWriteCapacityUnits",
      "ReadThrottleEvents",
      "WriteThrottleEvents",
      "SuccessfulRequestLatency",
    ]) {
      expect(body).toContain(`\\"AWS/DynamoDB\\",\\"${metric}\\"`);
    }
    for (const operation of LATENCY_OPERATIONS) expect(body).toContain(`\\"${operation}\\"`);
  });

  it("shows each queue's depth and oldest message, each dead-letter queue's depth, and the stream readers' iterator age", () => {
    const queues = Object.keys(resources(events, "AWS::SQS::Queue"));
    // Every queue of the shop, dead-letter queues included (the edge purge's is in Events too).
    for (const id of queues) expect(body, id).toContain(id);
    const workQueues = queues.filter((id) => !id.includes("DeadLetters"));
    // The dispatcher's work queues (the edge purge's included) and the mail events' queue (SES's
    // bounces and complaints).
    expect(workQueues).toHaveLength(
      WORK_QUEUES.length + CHANGE_QUEUES.length + entriesOf("mailEvents").length,
    );
    expect(body).toContain("ApproximateAgeOfOldestMessage");
    expect(body).toContain("ApproximateNumberOfMessagesVisible");
    for (const reader of STREAM_READERS) {
      const id = shopFunctionIds().find((f) => f.startsWith(reader)) as string;
      expect(body).toMatch(new RegExp(`IteratorAge[^\\]]*${id}`));
    }
  });
});

describe("the alarms", () => {
  const alarms = () => [
    ...Object.entries(resources(events, "AWS::CloudWatch::Alarm")),
    ...Object.entries(resources(web, "AWS::CloudWatch::Alarm")),
  ];
  const alarm = (prefix: string) => {
    const found = alarms().filter(([id]) => id.startsWith(prefix));
    expect(found, prefix).toHaveLength(1);
    return found[0]?.[1].Properties as Record<string, unknown>;
  };

  it("every alarm of the shop's region notifies the Alerts topic", () => {
    expect(alarms().length).toBeGreaterThan(20);
    for (const [id, a] of alarms()) {
      expect(json(a.Properties.AlarmActions), id).toMatch(/Alerts/);
    }
  });

  it("the site's p99 over its budget for 5 minutes", () => {
    const p99 = alarm("SiteP99Alarm");
    expect(p99).toMatchObject({
      MetricName: "Duration",
      ExtendedStatistic: "p99",
      Period: 60,
      EvaluationPeriods: ALARMS.siteP99Minutes,
      Threshold: ALARMS.siteP99Ms,
      ComparisonOperator: "GreaterThanThreshold",
    });
    expect(json(p99.Dimensions)).toContain(siteId());
  });

  it("CloudFront's 5xx rate over 1%, made in us-east-1 and notifying the edge part's alerts topic", () => {
    const [custom] = Object.values(resources(web, "Custom::AWS")).filter((r) =>
      json(r.Properties.Create).includes("putMetricAlarm"),
    );
    const create = JSON.parse(String(json(custom?.Properties.Create))) as unknown;
    const text = json(create);
    expect(text).toContain('\\"region\\":\\"us-east-1\\"');
    for (const part of [
      `\\"AlarmName\\":\\"${cloudFront5xxAlarmName(APP)}\\"`,
      '\\"MetricName\\":\\"5xxErrorRate\\"',
      '\\"Namespace\\":\\"AWS/CloudFront\\"',
      `\\"Threshold\\":${ALARMS.cloudFront5xxPercent}`,
      '\\"ComparisonOperator\\":\\"GreaterThanThreshold\\"',
      '\\"Period\\":300',
      `:sns:us-east-1:`,
      edgeAlertsTopicName(APP),
    ]) {
      expect(text).toContain(part);
    }
    expect(json(custom?.Properties.Delete)).toContain("deleteAlarms");
  });

  it("any throttle: every function, and the table", () => {
    const throttles = alarms().filter(([, a]) => a.Properties.MetricName === "Throttles");
    const watched = throttles.map(([, a]) => json(a.Properties.Dimensions));
    for (const id of shopFunctionIds()) {
      expect(
        watched.some((d) => d.includes(id)),
        `a throttle alarm on ${id}`,
      ).toBe(true);
    }
    for (const [, a] of throttles) expect(a.Properties.Threshold).toBe(ALARMS.anyCount);
    const table = alarm("TableThrottlesAlarm");
    expect(json(table.Metrics)).toContain("ReadThrottleEvents");
    expect(json(table.Metrics)).toContain("WriteThrottleEvents");
    expect(table.Threshold).toBe(ALARMS.anyCount);
  });

  it("a payment failure share above normal over an hour, and any failed mail", () => {
    const payments = alarm("PaymentFailureRateAlarm");
    const metrics = json(payments.Metrics);
    expect(metrics).toContain(BUSINESS_METRICS.paymentsFailed);
    expect(metrics).toContain(BUSINESS_METRICS.ordersPaid);
    expect(metrics).toContain(`paid + failed >= ${ALARMS.paymentMinimumAttempts}`);
    expect(metrics).toContain('"Period":3600');
    expect(payments.Threshold).toBe(ALARMS.paymentFailureShare);
    const mails = alarm("MailsFailedAlarm");
    expect(mails).toMatchObject({
      Namespace: metricsNamespace(STAGE),
      MetricName: BUSINESS_METRICS.mailsFailed,
      Threshold: ALARMS.anyCount,
    });
  });

  it("a queue's oldest message and a stream reader's iterator age past a few minutes", () => {
    const ages = alarms().filter(
      ([, a]) => a.Properties.MetricName === "ApproximateAgeOfOldestMessage",
    );
    expect(ages).toHaveLength(
      WORK_QUEUES.length + CHANGE_QUEUES.length + entriesOf("mailEvents").length,
    );
    // The newsletter's mails wait their turn at SES's rate: their queue's own threshold.
    const thresholds = ages.map(([, a]) => Number(a.Properties.Threshold)).sort((a, b) => a - b);
    const own = WORK_QUEUES.flatMap(({ trigger }) => trigger.ageAlarmSeconds ?? []);
    expect(own).toEqual([24 * 3600]);
    expect(thresholds).toEqual(
      [...Array(ages.length - own.length).fill(ALARMS.queueAgeSeconds), ...own].sort(
        (a, b) => a - b,
      ),
    );
    expect(STREAM_READERS).toEqual(["Dispatcher", "OrderReactions"]);
    for (const reader of STREAM_READERS) {
      const iterator = alarm(`${reader}IteratorAgeAlarm`);
      expect(iterator).toMatchObject({
        MetricName: "IteratorAge",
        Statistic: "Maximum",
        Threshold: ALARMS.iteratorAgeMs,
      });
    }
  });
});

describe("the deploy's migrations", () => {
  const migrationsId = () =>
    Object.keys(resources(events, "AWS::Lambda::Function")).find((id) =>
      id.startsWith("Migrations"),
    ) as string;

  it("SST's Script runs the migrations function on the stage's creation and on every update", () => {
    const scripts = Object.values(resources(events, "Custom::SSTScript"));
    expect(scripts).toHaveLength(1);
    const script = scripts[0]?.Properties as Record<string, unknown>;
    expect(script.UserCreateFunction).toEqual({ Ref: migrationsId() });
    expect(script.UserUpdateFunction).toEqual({ Ref: migrationsId() });
    expect(script.UserDeleteFunction).toBeUndefined();
    // A new version each synthesis: CloudFormation calls it on every deploy.
    expect(String(script.Version)).toMatch(/^\d+$/);
  });

  it("the function is the migrations role, with Lambda's longest timeout, and only the permissions its migrations use", () => {
    const fn = resources(events, "AWS::Lambda::Function")[migrationsId()] as Resource;
    expect(fn.Properties.Timeout).toBe(FUNCTIONS.migrations.timeout);
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.SHOP_FUNCTION).toBe("migrations");
    const role = (fn.Properties.Role as { "Fn::GetAtt": string[] })["Fn::GetAtt"][0];
    const statements = Object.values(resources(events, "AWS::IAM::Policy"))
      .filter((p) => json(p.Properties.Roles).includes(`"${role}"`))
      .flatMap(
        (p) =>
          (
            p.Properties.PolicyDocument as {
              Statement: Array<{ Action: unknown; Resource: unknown }>;
            }
          ).Statement,
      );
    const actions = statements.flatMap((s) => ([] as unknown[]).concat(s.Action).map(String));
    for (const action of [
      "dynamodb:Scan",
      "dynamodb:UpdateItem",
      "dynamodb:BatchGetItem",
      "s3:PutObject",
    ]) {
      expect(actions).toContain(action);
    }
    // No deletion of objects, no other bucket, no mail, no queue.
    expect(
      actions.filter((a) => /Delete(Object|Bucket)|ses:|sqs:|s3:\*|dynamodb:\*/.test(a)),
    ).toEqual([]);
    const objects = statements
      .filter((s) => ([] as unknown[]).concat(s.Action).includes("s3:PutObject"))
      .map((s) => json(s.Resource));
    expect(objects.join()).toContain("/products/*");
    expect(objects.join()).toContain(`/${SEARCH_INDEX_KEY}`);
    // The Script's handler may invoke it.
    const invoke = Object.values(resources(events, "AWS::IAM::Policy")).filter(
      (p) =>
        json(p.Properties.PolicyDocument).includes("lambda:InvokeFunction") &&
        json(p.Properties.PolicyDocument).includes(migrationsId()),
    );
    expect(invoke.length).toBeGreaterThan(0);
  });

  it("runs before any new code: every other function of the stage, with its triggers, waits for it", () => {
    const template = events.toJSON() as {
      Resources: Record<string, { Type: string; DependsOn?: string[] }>;
    };
    const [scriptId] = Object.keys(resources(events, "Custom::SSTScript"));
    expect(scriptId).toBeDefined();
    const waits = (id: string) =>
      (template.Resources[id]?.DependsOn ?? []).includes(scriptId ?? "");
    const others = shopFunctionIds().filter(
      (id) => id !== migrationsId() && id in template.Resources,
    );
    expect(others.length).toBeGreaterThan(5);
    expect(others.filter((id) => !waits(id))).toEqual([]);
    // What makes the readers and consumers run: their stream and queue mappings.
    const mappings = Object.keys(resources(events, "AWS::Lambda::EventSourceMapping"));
    expect(mappings).toHaveLength(
      ENTRIES.filter(
        ([, e]) =>
          builtIn(e) === "events" && ["stream", "queue", "mailEvents"].includes(e.trigger.kind),
      ).length,
    );
    expect(mappings.filter((id) => !waits(id))).toEqual([]);
    // The Web stack (the site, the edge purge) uses this one: CloudFormation deploys it after.
    expect(Object.keys(resources(web, "Custom::SSTScript"))).toEqual([]);
    expect(getStack(Web).dependencies).toContain(getStack(Events));
  });

  it("its handler imports every migration file of core/src/migrations", () => {
    const handler = readFileSync(join(process.cwd(), MIGRATIONS_HANDLER), "utf8");
    const files = migrationFiles();
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const [id, file] of files) {
      expect(handler).toContain(`core/src/migrations/${file}"`);
      expect(handler).toContain(`"${id}": `);
    }
  });
});

// A production stage keeps customers' data: the table and the buckets survive `sst remove` and a
// deleted stack, the table cannot be deleted by accident, and the buckets keep old versions. It is synthesized as an operator
// deploys it, with the shop's own domain, and AWS's rule packs (cdk-nag) find nothing left
// unjustified: viewers need TLS 1.2, every bucket and the photos' distribution keep access logs
// while no CloudFront log holds a URL that can carry a token, topics and buckets refuse requests
// without TLS, and what runs asynchronously has a dead-letter queue with an alarm.
//
// The same synthesis (one is slow enough) also checks the scheduled job that expires abandoned
// payments (the schedule entries of functions/src/registry.ts).
import { BOUND_SECRETS, SITE_SETTINGS } from "@shop/core/server/context";
import {
  ACCOUNT_CONCURRENCY,
  ENTRIES,
  entriesOf,
  type FunctionEntry,
  RESERVED_CONCURRENCY_BUDGET,
  UNRESERVED_MINIMUM,
} from "@shop/functions/registry";
import type { Template } from "aws-cdk-lib/assertions";
import type { App, Config } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { Events } from "./Events.ts";
import { expectRulePacksPass } from "./expect-rule-packs.ts";
import { Secrets } from "./Secrets.ts";
import { ACCESS_LOG_RETENTION_DAYS, OLD_VERSIONS_KEPT_DAYS, Storage } from "./Storage.ts";
import { deploySettings, secretsFor } from "./stage.ts";
import { synthesize } from "./synth.ts";
import { Web } from "./Web.ts";

/** Stand-ins for the stage's secrets (secretsFor only picks among them). */
const SECRETS = Object.fromEntries(
  BOUND_SECRETS.map((name) => [name, name as unknown as Config.Secret]),
);

/** The stage's alert address (required on a production-like stage). */
const ALERTS = "ops@example.com";

/** What a staging or production deploy must name (STABLE_STAGE_SETTINGS in stacks/stage.ts). */
const NAMED = { SHOP_TIME_ZONE: "Europe/Madrid", SUPPORT_EMAIL: "help@example.com" };

type Resources = ReturnType<Template["findResources"]>;
let synth: Awaited<ReturnType<typeof synthesize>>;
let storage: Template;
let events: Template;
let web: Template;
let templates: Template[];
beforeAll(async () => {
  Object.assign(process.env, {
    DOMAIN: "shop.example.com",
    APP_URL: "https://shop.example.com",
    ALERT_EMAIL: ALERTS,
    ...NAMED,
  });
  synth = await synthesize("production", undefined, { rulePacks: true });
  storage = synth.template(Storage);
  events = synth.template(Events);
  web = synth.template(Web);
  templates = [synth.template(Secrets), storage, events, web];
}, 180_000);

const all = (type: string): Resources =>
  Object.assign({}, ...templates.map((t) => t.findResources(type)));
const json = (value: unknown) => JSON.stringify(value) ?? "";
/** Whether a Ref, Fn::GetAtt or cross-stack import names the resource of this logical id. */
const named = (value: unknown, id: string) => json(value).includes(id);

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

  it("keeps the invoices' and the images' old versions, for ten years and a month", () => {
    const bucket = (prefix: string) =>
      Object.entries(storage.findResources("AWS::S3::Bucket")).find(([id]) =>
        id.startsWith(prefix),
      )?.[1];
    for (const [prefix, days] of [
      ["Invoices", OLD_VERSIONS_KEPT_DAYS.invoices],
      ["Images", OLD_VERSIONS_KEPT_DAYS.images],
    ] as const) {
      const properties = bucket(prefix)?.Properties;
      expect(properties?.VersioningConfiguration, prefix).toEqual({ Status: "Enabled" });
      const rules = properties?.LifecycleConfiguration?.Rules ?? [];
      const old = rules.find((r: { Id?: string }) => r.Id === "OldVersionsExpire");
      expect(old, prefix).toMatchObject({
        Status: "Enabled",
        NoncurrentVersionExpiration: { NoncurrentDays: days },
      });
      expect(old?.Prefix, prefix).toBeUndefined();
    }
    expect(OLD_VERSIONS_KEPT_DAYS.invoices).toBeGreaterThanOrEqual(3650);
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
    // …and sends to nothing but its dead-letter queue (Lambda's, for a run that keeps failing).
    expect(actions.filter((a) => !/^(dynamodb|xray):|^ssm:GetParameters?$/.test(a))).toEqual([
      "sqs:SendMessage",
    ]);
    const alarms = JSON.stringify(events.findResources("AWS::CloudWatch::Alarm"));
    expect(alarms).toContain(`"${fnId}"`);
  });
});

describe("reserved concurrency (docs/decisions/040-capacity-model.md)", () => {
  const reservedOf = () =>
    new Map(
      Object.values(all("AWS::Lambda::Function")).flatMap((f) => {
        const name = f.Properties.Environment?.Variables?.SHOP_FUNCTION;
        return typeof name === "string" ? [[name, f.Properties.ReservedConcurrentExecutions]] : [];
      }),
    );

  it("sets concurrency aside for the webhook and every reader of the stream and the queues", () => {
    const reserved = reservedOf();
    const readers = [
      "stripeWebhook",
      ...entriesOf("stream").map(({ name }) => name),
      ...entriesOf("queue").map(({ name }) => name),
      ...entriesOf("changes").map(({ name }) => name),
      ...entriesOf("mailEvents").map(({ name }) => name),
    ];
    for (const name of readers) {
      expect([name, reserved.get(name)]).toEqual([
        name,
        new Map<string, FunctionEntry>(ENTRIES).get(name)?.reserved,
      ]);
      expect(reserved.get(name)).toBeGreaterThan(0);
    }
    // Nothing else reserves any (the site shares what is left of the account's limit).
    const reserving = Object.values(all("AWS::Lambda::Function")).filter(
      (f) => f.Properties.ReservedConcurrentExecutions !== undefined,
    );
    expect(reserving).toHaveLength(ENTRIES.filter(([, entry]) => entry.reserved).length);
  });

  it("leaves AWS's unreserved minimum and the site's share of the account's limit", () => {
    const sum = [...reservedOf().values()].reduce((a: number, b) => a + (Number(b) || 0), 0);
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThanOrEqual(RESERVED_CONCURRENCY_BUDGET);
    expect(RESERVED_CONCURRENCY_BUDGET).toBeLessThanOrEqual(
      ACCOUNT_CONCURRENCY - UNRESERVED_MINIMUM,
    );
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
      deploySettings(app("staging"), {
        DOMAIN: "shop.example.com",
        PAYMENTS: "test",
        ALERT_EMAIL: ALERTS,
        ...NAMED,
      }),
    ).toMatchObject({ payments: "test", appUrl: "https://shop.example.com" });
  });

  it("refuse a production-like stage without an alert address; other stages may go without", () => {
    const missing = /ALERT_EMAIL: required on the production-like stage "(production|staging)"/;
    expect(() => deploySettings(app("production"), { DOMAIN: "shop.example.com" })).toThrow(
      missing,
    );
    // Production-like by its domain, or by taking real payments (the default).
    expect(() =>
      deploySettings(app("staging"), { DOMAIN: "shop.example.com", PAYMENTS: "test" }),
    ).toThrow(missing);
    expect(() => deploySettings(app("staging"), { APP_URL: "https://s.example.com" })).toThrow(
      missing,
    );
    expect(() =>
      deploySettings(app("production"), { DOMAIN: "shop.example.com", ALERT_EMAIL: "ops" }),
    ).toThrow(/ALERT_EMAIL: "ops": Enter a valid e-mail address/);
    expect(
      deploySettings(app("production"), {
        DOMAIN: "shop.example.com",
        ALERT_EMAIL: ALERTS,
        ...NAMED,
      }),
    ).toMatchObject({ alertEmail: ALERTS });
    // A demo stage without a domain or real payments: its alarms notify no one unless asked.
    expect(
      deploySettings(app("demo"), { APP_URL: "https://demo.example.com", PAYMENTS: "test" }),
    ).toMatchObject({ alertEmail: undefined });
  });

  it("pin the origin secret CloudFront sends to a rotation's version, and refuse anything else", () => {
    const version = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";
    expect(
      deploySettings(app("staging"), {
        DOMAIN: "shop.example.com",
        ORIGIN_SECRET_VERSION: version,
        ALERT_EMAIL: ALERTS,
        ...NAMED,
      }),
    ).toMatchObject({ originSecretVersion: version });
    expect(
      deploySettings(app("staging"), { DOMAIN: "shop.example.com", ALERT_EMAIL: ALERTS, ...NAMED })
        .originSecretVersion,
    ).toBe(undefined);
    expect(() =>
      deploySettings(app("staging"), {
        DOMAIN: "shop.example.com",
        ORIGIN_SECRET_VERSION: "AWSCURRENT}}{{x",
        ALERT_EMAIL: ALERTS,
      }),
    ).toThrow(/ORIGIN_SECRET_VERSION: .* is not a Secrets Manager version id/);
  });

  it("give a test-gateway stage's functions no Stripe key to fetch", () => {
    expect(secretsFor(SITE_SETTINGS, SECRETS, "test").map(String)).toEqual(
      ["SESSION_SECRET", "STRIPE_WEBHOOK_SECRET"].map(String),
    );
    expect(secretsFor(SITE_SETTINGS, SECRETS, "stripe").map(String).sort()).toEqual(
      ["SESSION_SECRET", "STRIPE_PUBLISHABLE_KEY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]
        .map(String)
        .sort(),
    );
  });
});

describe("AWS's rule packs (cdk-nag AwsSolutions and Serverless) on the production stage", () => {
  it("find nothing that is not fixed or justified on its own resource", () => {
    expectRulePacksPass(synth);
  });

  it("viewers of a distribution with the shop's domain need TLS 1.2 (the 2021 policy) at least", () => {
    const withDomain = Object.entries(all("AWS::CloudFront::Distribution")).filter(
      ([, d]) => d.Properties.DistributionConfig.Aliases,
    );
    // The images on images.<domain>, the site, and SST's redirect of www.<domain> to it.
    expect(withDomain.map(([id]) => id).sort()).toEqual([
      expect.stringMatching(/^ImagesCdn/),
      expect.stringMatching(/^SiteDistribution/),
      expect.stringMatching(/^SiteRedirectRedirectDistribution/),
    ]);
    for (const [id, d] of withDomain) {
      const certificate = d.Properties.DistributionConfig.ViewerCertificate;
      expect(certificate.MinimumProtocolVersion, id).toBe("TLSv1.2_2021");
      expect(certificate.SslSupportMethod, id).toBe("sni-only");
    }
  });

  it("every distribution is behind the stage's web ACL (stacks/Firewall.ts)", () => {
    const distributions = Object.entries(all("AWS::CloudFront::Distribution"));
    expect(distributions).toHaveLength(3);
    for (const [id, d] of distributions) {
      expect(d.Properties.DistributionConfig.WebACLId, id).toBe(
        "{{resolve:ssm:/threadline/production/firewall/web-acl-arn}}",
      );
    }
  });

  it("every bucket and the images' distribution keep access logs, in a log bucket that forgets them", () => {
    const buckets = all("AWS::S3::Bucket");
    const logsId = Object.keys(buckets).find((id) => id.startsWith("AccessLogs")) as string;
    expect(logsId).toBeDefined();
    const logs = buckets[logsId]?.Properties;
    expect(logs?.LifecycleConfiguration.Rules).toEqual([
      { ExpirationInDays: ACCESS_LOG_RETENTION_DAYS, Status: "Enabled" },
    ]);
    expect(logs?.PublicAccessBlockConfiguration.BlockPublicAcls).toBe(true);
    const images = Object.entries(all("AWS::CloudFront::Distribution")).filter(([id]) =>
      id.startsWith("ImagesCdn"),
    );
    expect(images).toHaveLength(1);
    for (const [id, d] of images) {
      expect(named(d.Properties.DistributionConfig.Logging?.Bucket, logsId), id).toBe(true);
    }
    const logged = Object.entries(buckets).filter(([id]) => id !== logsId);
    expect(logged.length).toBeGreaterThanOrEqual(4); // invoices, images, site assets, www
    for (const [id, b] of logged) {
      const config = b.Properties.LoggingConfiguration;
      expect(named(config?.DestinationBucketName, logsId), id).toBe(true);
      expect(config?.LogFilePrefix, id).toMatch(/^s3\/[a-z]+\/$/);
    }
  });

  it("no CloudFront standard log holds a URL that can carry a token (docs/decisions/032-no-secrets-in-logs.md)", () => {
    // Standard logs (legacy `Logging`) always record the query string (cs-uri-query), where the
    // mailed links carry reset, confirmation and unsubscribe tokens. Only a distribution that
    // serves stored objects (every origin a bucket read through origin access control: the
    // photos) may keep them; one that reaches the site or a redirect, which passes the query
    // string on, keeps none (its access log is the web firewall's, with the query string
    // redacted: stacks/firewall.infra.test.ts).
    const distributions = Object.entries(all("AWS::CloudFront::Distribution"));
    const servesObjects = (config: {
      Origins: Array<{ S3OriginConfig?: unknown; OriginAccessControlId?: unknown }>;
    }) => config.Origins.every((o) => o.S3OriginConfig && o.OriginAccessControlId);
    const unlogged = distributions.filter(
      ([, d]) => !servesObjects(d.Properties.DistributionConfig),
    );
    // Not vacuous: the site's (its function URL among its origins) and the www redirect's.
    expect(unlogged.map(([id]) => id)).toEqual([
      expect.stringMatching(/^Site/),
      expect.stringMatching(/^SiteRedirect/),
    ]);
    expect(json(unlogged[0]?.[1].Properties.DistributionConfig.Origins)).toContain("FunctionUrl");
    for (const [id, d] of unlogged) {
      expect(d.Properties.DistributionConfig.Logging, id).toBeUndefined();
    }
    // Nor any other log delivery of a distribution that could carry the query string.
    expect(Object.keys(all("AWS::Logs::DeliverySource"))).toEqual([]);
    expect(Object.keys(all("AWS::CloudFront::RealtimeLogConfig"))).toEqual([]);
  });

  it("topics and buckets refuse requests without TLS", () => {
    const deniesPlainHttp = (policy: unknown) =>
      (
        policy as {
          Statement: Array<{ Effect: string; Condition?: { Bool?: Record<string, string> } }>;
        }
      ).Statement.some(
        (s) => s.Effect === "Deny" && s.Condition?.Bool?.["aws:SecureTransport"] === "false",
      );
    const topics = Object.keys(all("AWS::SNS::Topic"));
    expect(topics.length).toBeGreaterThan(0);
    const topicPolicies = Object.values(all("AWS::SNS::TopicPolicy"));
    for (const id of topics) {
      const policy = topicPolicies.find((p) => named(p.Properties.Topics, id));
      expect(policy && deniesPlainHttp(policy.Properties.PolicyDocument), id).toBe(true);
    }
    const bucketPolicies = Object.values(all("AWS::S3::BucketPolicy"));
    // (Not SST's www redirect: an S3 website endpoint, HTTP only, with no object in it.)
    const buckets = Object.keys(all("AWS::S3::Bucket")).filter((id) => !id.includes("Redirect"));
    expect(buckets.length).toBeGreaterThanOrEqual(4);
    for (const id of buckets) {
      const policy = bucketPolicies.find((p) => named(p.Properties.Bucket, id));
      expect(policy && deniesPlainHttp(policy.Properties.PolicyDocument), id).toBe(true);
    }
  });

  it("each scheduled job's rule target and function park failures in a dead-letter queue that raises an alarm", () => {
    const rules = Object.values(events.findResources("AWS::Events::Rule"));
    expect(rules).toHaveLength(entriesOf("schedule").length);
    const functions = events.findResources("AWS::Lambda::Function");
    const alarms = Object.values(events.findResources("AWS::CloudWatch::Alarm"));
    for (const rule of rules) {
      for (const target of rule.Properties.Targets) {
        const dlq = target.DeadLetterConfig?.Arn?.["Fn::GetAtt"]?.[0];
        expect(dlq, json(target)).toMatch(/DeadLetters/);
        expect(target.RetryPolicy.MaximumRetryAttempts).toBe(2);
        const fnId = Object.keys(functions).find((id) => named(target.Arn, id)) as string;
        // Invoked asynchronously: a run that still fails after Lambda's retries goes there too.
        expect(named(functions[fnId]?.Properties.DeadLetterConfig?.TargetArn, dlq), fnId).toBe(
          true,
        );
        const alarm = alarms.find(
          (a) =>
            a.Properties.MetricName === "ApproximateNumberOfMessagesVisible" &&
            named(a.Properties.Dimensions, dlq),
        );
        expect(alarm, `alarm on ${dlq}`).toBeDefined();
        expect(json(alarm?.Properties.AlarmActions)).toContain("Alerts");
      }
    }
    // EventBridge may send to the queue, and nothing else may.
    const queuePolicies = Object.values(events.findResources("AWS::SQS::QueuePolicy"));
    expect(json(queuePolicies)).toContain("events.amazonaws.com");
  });

  it("browsers are told to use https only (HSTS, two years, sub-domains)", () => {
    const [policy] = Object.values(web.findResources("AWS::CloudFront::ResponseHeadersPolicy"));
    expect(
      policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.StrictTransportSecurity,
    ).toEqual({
      AccessControlMaxAgeSec: 63_072_000,
      IncludeSubdomains: true,
      Override: true,
    });
  });

  it("the site's server function traces its requests", () => {
    const functions = web.findResources("AWS::Lambda::Function");
    const [server] = Object.entries(functions).filter(([id]) =>
      id.startsWith("SiteServerFunction"),
    );
    expect(server?.[1].Properties.TracingConfig).toEqual({ Mode: "Active" });
  });
});

describe("mail reputation on the production stage (docs/decisions/037-mail-reputation.md)", () => {
  /** The logical id of the one resource of `type` in the Events stack whose id starts so. */
  const idOf = (type: string, prefix: string) => {
    const ids = Object.keys(events.findResources(type)).filter((id) => id.startsWith(prefix));
    expect(ids, `${type} ${prefix}`).toHaveLength(1);
    return ids[0] as string;
  };
  const functionOf = (name: string) =>
    Object.entries(events.findResources("AWS::Lambda::Function")).find(
      ([, f]) => f.Properties.Environment?.Variables?.SHOP_FUNCTION === name,
    ) as [string, Resources[string]];

  it("has a configuration set for transactional mail and one for the newsletter, each publishing bounces and complaints to the MailEvents topic", () => {
    const topic = idOf("AWS::SNS::Topic", "MailEventsTopic");
    const sets = Object.keys(events.findResources("AWS::SES::ConfigurationSet"));
    expect(sets.map((id) => id.replace(/[0-9A-F]{8}$/, "")).sort()).toEqual([
      "NewsletterMail",
      "TransactionalMail",
    ]);
    const destinations = Object.values(
      events.findResources("AWS::SES::ConfigurationSetEventDestination"),
    );
    for (const set of sets) {
      const mine = destinations.filter((d) => named(d.Properties.ConfigurationSetName, set));
      expect(mine, set).toHaveLength(1);
      const destination = mine[0]?.Properties.EventDestination;
      expect(destination.Enabled ?? true, set).toBe(true);
      expect([...destination.MatchingEventTypes].sort(), set).toEqual(["bounce", "complaint"]);
      expect(named(destination.SnsDestination, topic), set).toBe(true);
    }
    // SES may publish to the topic, for these configuration sets of the account; TLS only.
    const policies = Object.values(events.findResources("AWS::SNS::TopicPolicy")).filter((p) =>
      named(p.Properties.Topics, topic),
    );
    expect(policies).toHaveLength(1);
    const statements = policies[0]?.Properties.PolicyDocument.Statement as Array<
      Record<string, unknown>
    >;
    const ses = statements.filter(
      (s) => s.Effect === "Allow" && json(s.Principal).includes("ses.amazonaws.com"),
    );
    expect(ses.length).toBeGreaterThan(0);
    for (const s of ses) {
      expect(json(s.Action)).toContain("sns:Publish");
      expect(json(s.Condition)).toContain("configuration-set/");
      expect(json(s.Condition)).toContain("AWS:SourceAccount");
    }
    expect(
      statements.some((s) => s.Effect === "Deny" && json(s.Condition).includes("SecureTransport")),
    ).toBe(true);
  });

  it("delivers the topic raw to the mail-events queue, which the mail-events function reads, with a dead-letter queue", () => {
    const topic = idOf("AWS::SNS::Topic", "MailEventsTopic");
    const queue = idOf("AWS::SQS::Queue", "MailEventsQueue");
    const subscriptions = Object.values(events.findResources("AWS::SNS::Subscription")).filter(
      (s) => named(s.Properties.TopicArn, topic),
    );
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.Properties).toMatchObject({
      Protocol: "sqs",
      RawMessageDelivery: true,
    });
    // What SNS cannot deliver to the queue waits in a dead-letter queue, under an alarm.
    expect(json(subscriptions[0]?.Properties.RedrivePolicy)).toContain(
      "MailEventsDeliveryDeadLetters",
    );
    expect(named(subscriptions[0]?.Properties.Endpoint, queue)).toBe(true);
    // The topic may send to the queue (its policy), and nothing else may.
    const queuePolicy = Object.values(events.findResources("AWS::SQS::QueuePolicy")).find((p) =>
      named(p.Properties.Queues, queue),
    );
    expect(json(queuePolicy?.Properties.PolicyDocument)).toContain("sns.amazonaws.com");
    expect(json(queuePolicy?.Properties.PolicyDocument)).toContain(topic);
    expect(
      json(events.findResources("AWS::SQS::Queue")[queue]?.Properties.RedrivePolicy),
    ).toContain("MailEventsDeadLetters");
    const [fn] = functionOf("mailEvents");
    const mappings = Object.values(events.findResources("AWS::Lambda::EventSourceMapping")).filter(
      (m) => named(m.Properties.FunctionName, fn),
    );
    expect(mappings).toHaveLength(1);
    expect(named(mappings[0]?.Properties.EventSourceArn, queue)).toBe(true);
    expect(mappings[0]?.Properties.FunctionResponseTypes).toEqual(["ReportBatchItemFailures"]);
  });

  it("gives the mailer each configuration set's name and lets it send through them", () => {
    const [mailer, props] = functionOf("mailer");
    const variables = props.Properties.Environment.Variables;
    expect(
      named(
        variables.MAIL_CONFIGURATION_SET,
        idOf("AWS::SES::ConfigurationSet", "TransactionalMail"),
      ),
    ).toBe(true);
    expect(
      named(
        variables.NEWSLETTER_CONFIGURATION_SET,
        idOf("AWS::SES::ConfigurationSet", "NewsletterMail"),
      ),
    ).toBe(true);
    // Every statement that sends mail (the mailer's) names both sets beside the identity.
    const sends = Object.values(events.findResources("AWS::IAM::Policy"))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Array<Record<string, unknown>>)
      .filter((s) => json(s.Action).includes("ses:SendEmail"));
    expect(sends.length, mailer).toBeGreaterThan(0);
    for (const send of sends) {
      for (const set of ["TransactionalMail", "NewsletterMail"]) {
        expect(json(send.Resource), mailer).toContain(idOf("AWS::SES::ConfigurationSet", set));
      }
    }
  });
});

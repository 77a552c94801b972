// "Only through the edge": a `staging` stage on a domain of its own, synthesized as both its
// deploys build it (docs/decisions/019-web-firewall.md). Its edge part (DEPLOY_PART=edge, in
// us-east-1) holds the web ACL with AWS's managed rules and the rate rules, its logs and the
// blocked-requests alarm, and hands the ACL's ARN to the shop's region; the shop's storage
// attaches it to the images distribution, served from images.<domain> with TLS 1.2, and keeps
// access logs: a stage with a domain is production-like whatever it is called.
import type { Template } from "aws-cdk-lib/assertions";
import type { App } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { expectRulePacksPass } from "./expect-rule-packs.ts";
import {
  BODY_OVER_8KB_LABEL,
  Firewall,
  firewallRules,
  LARGE_BODY_PATHS,
  RATE_LIMITS,
} from "./Firewall.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";
import {
  deploySettings,
  EDGE_REGION,
  edgeAlertsTopicName,
  isProductionLike,
  webAclParameterName,
} from "./stage.ts";
import { synthesize } from "./synth.ts";

const STAGE = "staging";
const DOMAIN = "staging.shop.example.com";
const ALERT_EMAIL = "ops@example.com";
type Resources = ReturnType<Template["findResources"]>;
let edge: Awaited<ReturnType<typeof synthesize>>;
let firewall: Template;
let storage: Template;
beforeAll(async () => {
  Object.assign(process.env, { DOMAIN, APP_URL: `https://${DOMAIN}`, ALERT_EMAIL });
  for (const name of ["PAYMENTS", "WAF_MODE"]) delete process.env[name];
  edge = await synthesize(STAGE, undefined, { rulePacks: true, part: "edge" });
  firewall = edge.template(Firewall);
  const shop = await synthesize(STAGE, [Secrets, Storage], { part: "shop" });
  storage = shop.template(Storage);
}, 180_000);

const json = (value: unknown) => JSON.stringify(value) ?? "";
const one = (t: Template, type: string) => {
  const found: Resources = t.findResources(type);
  expect(Object.keys(found), type).toHaveLength(1);
  return Object.entries(found)[0] as [string, { Properties: Record<string, unknown> }];
};

describe("the edge part of a stage (stacks/Firewall.ts)", () => {
  it("is deployed in us-east-1, where CloudFront's web ACLs live", () => {
    expect(edge.app.region).toBe(EDGE_REGION);
  });

  it("holds one web ACL for CloudFront with AWS's three managed rule groups and the rate rules", () => {
    const [, acl] = one(firewall, "AWS::WAFv2::WebACL");
    expect(acl.Properties.Scope).toBe("CLOUDFRONT");
    const rules = acl.Properties.Rules as unknown as Array<{
      Name: string;
      Statement: Record<string, Record<string, unknown>>;
      Action?: unknown;
      OverrideAction?: unknown;
    }>;
    const groups = rules.flatMap((r) =>
      r.Statement.ManagedRuleGroupStatement ? [r.Statement.ManagedRuleGroupStatement.Name] : [],
    );
    expect(groups.sort()).toEqual([
      "AWSManagedRulesAmazonIpReputationList",
      "AWSManagedRulesCommonRuleSet",
      "AWSManagedRulesKnownBadInputsRuleSet",
    ]);
    const rates = rules.flatMap((r) =>
      r.Statement.RateBasedStatement ? [r.Statement.RateBasedStatement] : [],
    );
    expect(rates.map((r) => r.Limit)).toEqual([
      RATE_LIMITS.all,
      RATE_LIMITS.accounts,
      RATE_LIMITS.checkout,
    ]);
    for (const rate of rates) expect(rate.AggregateKeyType).toBe("IP");
    // The tighter ones count POSTs to sign-in, forgotten password, sign-up and reset, and to the checkout.
    expect(json(rates[1]?.ScopeDownStatement)).toContain('"/auth/"');
    expect(json(rates[2]?.ScopeDownStatement)).toContain('"/cart/checkout"');
    expect(json(rates[1]?.ScopeDownStatement)).toContain('"POST"');
    // Blocking, not counting, without WAF_MODE.
    for (const rule of rules) {
      expect(json(rule.Action ?? rule.OverrideAction), rule.Name).toMatch(/Block|None/);
    }
  });

  it("lets the admin's product photos, the newsletter, the checkout and contact through the 8 KB body rule, and no other path", () => {
    const rules = firewallRules("block");
    const core = rules.find((r) => r.name === "AWS-AWSManagedRulesCommonRuleSet");
    expect(json(core?.statement)).toContain(
      '"name":"SizeRestrictions_BODY","actionToUse":{"count"',
    );
    const body = rules.find((r) => r.name === "BodyOver8KbOutsideLargeForms");
    expect(body?.action).toEqual({ block: {} });
    expect(body?.priority).toBeGreaterThan(core?.priority ?? Number.POSITIVE_INFINITY);
    expect(json(body?.statement)).toContain(BODY_OVER_8KB_LABEL);
    expect(LARGE_BODY_PATHS).toEqual([
      "/admin/products/",
      "/admin/newsletter",
      "/cart/checkout",
      "/customer-service/contact",
    ]);
  });

  it("with WAF_MODE=count, every rule only counts (a first deploy)", () => {
    const app = { stage: STAGE } as App;
    expect(deploySettings(app, { DOMAIN, WAF_MODE: "count", ALERT_EMAIL }).wafMode).toBe("count");
    expect(() => deploySettings(app, { DOMAIN, WAF_MODE: "log", ALERT_EMAIL })).toThrow(
      /WAF_MODE: "log"/,
    );
    const rules = firewallRules("count");
    expect(rules.length).toBe(7);
    for (const rule of rules) {
      expect(rule.action ?? rule.overrideAction, rule.name).toEqual({ count: {} });
    }
  });

  it("logs to aws-waf-logs-… for 90 days without cookies or query strings, and alarms on a spike of blocked requests", () => {
    // (The stack's other log groups are its functions': stacks/log-groups.ts.)
    const [group] = Object.values(firewall.findResources("AWS::Logs::LogGroup")).filter(
      (g) => g.Properties.LogGroupName === `aws-waf-logs-threadline-${STAGE}`,
    );
    expect(group?.Properties.RetentionInDays).toBe(90);
    const [, logging] = one(firewall, "AWS::WAFv2::LoggingConfiguration");
    expect(json(logging.Properties.LogDestinationConfigs)).toContain(
      `log-group:aws-waf-logs-threadline-${STAGE}`,
    );
    expect(logging.Properties.RedactedFields).toEqual([
      { SingleHeader: { Name: "cookie" } },
      { QueryString: {} },
    ]);
    const [, alarm] = one(firewall, "AWS::CloudWatch::Alarm");
    expect(alarm.Properties.MetricName).toBe("BlockedRequests");
    expect(alarm.Properties.Namespace).toBe("AWS/WAFV2");
    expect(json(alarm.Properties.AlarmActions)).toContain("EdgeAlerts");
    // Named, so that the shop's part can point its CloudFront 5xx alarm at it (stacks/dashboard.ts).
    const [, topic] = one(firewall, "AWS::SNS::Topic");
    expect(topic.Properties.TopicName).toBe(
      edgeAlertsTopicName({ name: "threadline", stage: STAGE }),
    );
  });

  it("hands the web ACL's ARN to the shop's region, under the name the distributions read", () => {
    const [, handOver] = one(firewall, "Custom::AWS");
    const create = json(handOver.Properties.Create);
    expect(create).toContain(webAclParameterName({ name: "threadline", stage: STAGE }));
    expect(create).toContain("eu-west-1");
    expect(create).toContain('{"Fn::GetAtt":["WebAcl","Arn"]}');
  });

  it("passes AWS's rule packs", () => {
    expectRulePacksPass(edge);
  });
});

describe("a staging stage with a domain (the shop's part)", () => {
  it("is production-like: the images distribution and the buckets keep access logs", () => {
    expect(isProductionLike({ stage: STAGE } as App, { domain: DOMAIN, payments: "test" })).toBe(
      true,
    );
    expect(isProductionLike({ stage: STAGE } as App, { payments: "test" })).toBe(false);
    expect(isProductionLike({ stage: STAGE } as App, { payments: "stripe" })).toBe(true);
    const buckets = storage.findResources("AWS::S3::Bucket");
    const logsId = Object.keys(buckets).find((id) => id.startsWith("AccessLogs"));
    expect(logsId).toBeDefined();
    const [, cdn] = one(storage, "AWS::CloudFront::Distribution");
    expect(json(cdn.Properties.DistributionConfig)).toContain(`"${logsId}"`);
  });

  it("serves the images from images.<domain> with TLS 1.2, an alias record, and the stage's web ACL", () => {
    const [, cdn] = one(storage, "AWS::CloudFront::Distribution");
    const config = cdn.Properties.DistributionConfig as Record<string, unknown>;
    expect(config.Aliases).toEqual([`images.${DOMAIN}`]);
    expect(json(config.ViewerCertificate)).toContain('"MinimumProtocolVersion":"TLSv1.2_2021"');
    expect(config.WebACLId).toBe(
      `{{resolve:ssm:${webAclParameterName({ name: "threadline", stage: STAGE })}}}`,
    );
    const records = Object.values(storage.findResources("AWS::Route53::RecordSet"));
    expect(records.map((r) => r.Properties.Name).sort()).toEqual([
      `images.${DOMAIN}.`,
      `images.${DOMAIN}.`,
    ]);
  });
});

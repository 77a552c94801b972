// What an operator has in an incident, on the synthesized templates of the production stage
// (both parts: the shop's, in its region, and the edge part, in us-east-1) and of a development
// stage:
// - every alarm reaches someone: each alarm (the templates' AWS::CloudWatch::Alarm, and the
//   CloudFront 5xx alarm that the shop's deploy puts in us-east-1) notifies, when it goes off and
//   when it is over, a topic of its own region whose policy lets CloudWatch publish for that
//   alarm, evaluated by the rehearsal's IAM evaluator (packages/rehearsal/src/alarms.ts); the
//   topics keep the TLS Deny, and production's are subscribed by the alert address;
// - every function keeps its logs in a log group of its own (stacks/log-groups.ts), with the
//   stage's retention, retained in production and removed with any other stage.
// Each walk counts what it checked and fails below a floor, so that it cannot pass on nothing.
import { ENTRIES } from "@shop/functions/registry";
import { Template } from "aws-cdk-lib/assertions";
import { getStack } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { mayPublish } from "../packages/rehearsal/src/alarms.ts";
import type { Statement } from "../packages/rehearsal/src/iam.ts";
import { type Deployment, resolve } from "../packages/rehearsal/src/intrinsics.ts";
import { EDGE_STACKS, STACKS } from "./all.ts";
import { FUNCTION_LOG_RETENTION } from "./log-groups.ts";
import { EDGE_REGION, shopRegion } from "./stage.ts";
import { OFFLINE_ACCOUNT, synthesize } from "./synth.ts";

const ALERT_EMAIL = "ops@example.com";

type Resource = {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
interface Tpl {
  Resources: Record<string, Resource>;
  Outputs?: Record<string, { Value?: unknown; Export?: { Name?: unknown } }>;
}
/** A part of a stage as synthesized: its region and its stacks' templates. */
interface Part {
  name: string;
  region: string;
  stacks: Array<{ name: string; template: Tpl }>;
}

/** A part's templates, read at once (a later synthesis replaces SST's app). */
async function synthesizePart(stage: string, part: "shop" | "edge"): Promise<Part> {
  const synth = await synthesize(stage, undefined, { part });
  const stacks = part === "edge" ? EDGE_STACKS : STACKS;
  return {
    name: `${stage} (${part})`,
    region: synth.app.region,
    stacks: stacks.map((stack) => ({
      name: getStack(stack).stackName,
      template: Template.fromStack(getStack(stack)).toJSON() as Tpl,
    })),
  };
}

let production: Part[];
let development: Part[];
beforeAll(async () => {
  Object.assign(process.env, {
    DOMAIN: "shop.example.com",
    APP_URL: "https://shop.example.com",
    ALERT_EMAIL,
    // What a production deploy must name (STABLE_STAGE_SETTINGS in stacks/stage.ts).
    SHOP_TIME_ZONE: "UTC",
    SUPPORT_EMAIL: ALERT_EMAIL,
  });
  delete process.env.PAYMENTS;
  production = [
    await synthesizePart("production", "shop"),
    await synthesizePart("production", "edge"),
  ];
  // A development stage: no domain, no real payments, no alert address (it may go without).
  delete process.env.DOMAIN;
  delete process.env.ALERT_EMAIL;
  Object.assign(process.env, { APP_URL: "https://dev.example.com", PAYMENTS: "test" });
  development = [await synthesizePart("dev", "shop"), await synthesizePart("dev", "edge")];
}, 600_000);

const json = (value: unknown) => JSON.stringify(value) ?? "";

/**
 * The part as CloudFormation would name it once deployed, for the rehearsal's resolver: topics
 * by ARN (their TopicName, else one made of the stack and logical id), alarms by name, anything
 * else by a placeholder.
 */
function deploymentOf(part: Part): Deployment {
  const arn = (service: string, rest: string) =>
    `arn:aws:${service}:${part.region}:${OFFLINE_ACCOUNT}:${rest}`;
  const deployment: Deployment = {
    pseudo: {
      region: part.region,
      accountId: OFFLINE_ACCOUNT,
      partition: "aws",
      urlSuffix: "amazonaws.com",
    },
    parameters: { BootstrapVersion: "/cdk-bootstrap/hnb659fds/version" },
    resource(stack, id) {
      const resource = part.stacks.find((s) => s.name === stack)?.template.Resources[id];
      if (!resource) return undefined;
      const p = resource.Properties ?? {};
      const named = (key: string) =>
        p[key] === undefined ? `${stack}-${id}` : String(resolve(p[key], stack, deployment));
      if (resource.Type === "AWS::SNS::Topic") {
        const name = named("TopicName");
        return {
          ref: arn("sns", name),
          attributes: { TopicArn: arn("sns", name), TopicName: name },
        };
      }
      if (resource.Type === "AWS::CloudWatch::Alarm") {
        const name = named("AlarmName");
        return { ref: name, attributes: { Arn: arn("cloudwatch", `alarm:${name}`) } };
      }
      const placeholder = `${resource.Type}:${stack}/${id}`;
      return {
        ref: placeholder,
        attributes: new Proxy({} as Record<string, string>, {
          get: (_, attribute) => `${placeholder}.${String(attribute)}`,
        }),
      };
    },
    exportValue(name) {
      for (const { name: stack, template } of part.stacks) {
        for (const output of Object.values(template.Outputs ?? {})) {
          if (output.Export && resolve(output.Export.Name, stack, deployment) === name) {
            return String(resolve(output.Value, stack, deployment));
          }
        }
      }
      return undefined;
    },
  };
  return deployment;
}

interface Topic {
  part: Part;
  stack: string;
  id: string;
  region: string;
  /** Its AWS::SNS::TopicPolicy's statements, resolved; undefined: SNS's default policy. */
  policy?: Statement[];
  subscriptions: Array<Record<string, unknown>>;
}
interface WalkedAlarm {
  where: string;
  arn: string;
  region: string;
  actions: { ALARM: string[]; OK: string[] };
}

/** The stage's topics by ARN, and its alarms with their actions, resolved. */
function walk(parts: Part[]) {
  const topics = new Map<string, Topic>();
  const alarms: WalkedAlarm[] = [];
  for (const part of parts) {
    const deployment = deploymentOf(part);
    for (const { name: stack, template } of part.stacks) {
      const res = (value: unknown) => resolve(value, stack, deployment);
      const resources = Object.entries(template.Resources);
      for (const [id, r] of resources) {
        const p = r.Properties ?? {};
        if (r.Type === "AWS::SNS::Topic") {
          const arn = String(res({ Ref: id }));
          const policies = resources.filter(
            ([, q]) =>
              q.Type === "AWS::SNS::TopicPolicy" &&
              (res(q.Properties?.Topics) as string[]).includes(arn),
          );
          expect(policies.length, `${stack}/${id}: topic policies`).toBeLessThanOrEqual(1);
          const document = policies[0]?.[1].Properties?.PolicyDocument as
            | { Statement: unknown }
            | undefined;
          topics.set(arn, {
            part,
            stack,
            id,
            region: part.region,
            ...(document ? { policy: res(document.Statement) as Statement[] } : {}),
            subscriptions: resources
              .filter(
                ([, q]) =>
                  q.Type === "AWS::SNS::Subscription" && res(q.Properties?.TopicArn) === arn,
              )
              .map(([, q]) => q.Properties ?? {}),
          });
        }
        if (r.Type === "AWS::CloudWatch::Alarm") {
          const list = (key: string) => (p[key] === undefined ? [] : (res(p[key]) as string[]));
          alarms.push({
            where: `${stack}/${id}`,
            arn: String(res({ "Fn::GetAtt": [id, "Arn"] })),
            region: part.region,
            actions: { ALARM: list("AlarmActions"), OK: list("OKActions") },
          });
        }
        // An alarm put by a custom resource at deploy time (the CloudFront 5xx alarm, in
        // us-east-1: stacks/dashboard.ts), as its putMetricAlarm call says.
        if (r.Type === "Custom::AWS") {
          const call = JSON.parse(String(res(p.Create))) as {
            action?: string;
            region?: string;
            parameters?: { AlarmName: string; AlarmActions?: string[]; OKActions?: string[] };
          };
          if (call.action !== "putMetricAlarm" || !call.parameters) continue;
          const region = call.region ?? part.region;
          alarms.push({
            where: `${stack}/${id} (${call.parameters.AlarmName})`,
            arn: `arn:aws:cloudwatch:${region}:${OFFLINE_ACCOUNT}:alarm:${call.parameters.AlarmName}`,
            region,
            actions: {
              ALARM: call.parameters.AlarmActions ?? [],
              OK: call.parameters.OKActions ?? [],
            },
          });
        }
      }
    }
  }
  return { topics, alarms };
}

/** The topics some alarm notifies (not the MailEvents topic, SES's: stacks/Events.ts). */
function alarmTopics({ topics, alarms }: ReturnType<typeof walk>) {
  return new Map(
    [...topics].filter(([arn]) => alarms.some((alarm) => alarm.actions.ALARM.includes(arn))),
  );
}

describe("the production stage's alarms reach someone", () => {
  it("every alarm notifies, when it goes off and when it is over, a topic of its region that lets CloudWatch publish for it", () => {
    const { topics, alarms } = walk(production);
    let checked = 0;
    for (const alarm of alarms) {
      expect(alarm.actions.ALARM.length, `${alarm.where}: AlarmActions`).toBeGreaterThan(0);
      // The same topics hear when it is over.
      expect([...alarm.actions.OK].sort(), `${alarm.where}: OKActions`).toEqual(
        [...alarm.actions.ALARM].sort(),
      );
      for (const [state, targets] of Object.entries(alarm.actions)) {
        for (const target of targets) {
          const topic = topics.get(target);
          expect(topic, `${alarm.where} ${state}: ${target} is a topic of the stage`).toBeDefined();
          if (!topic) continue;
          expect(topic.region, `${alarm.where}: an alarm notifies a topic of its region`).toBe(
            alarm.region,
          );
          const decision = mayPublish(alarm, target, topic.policy);
          expect(
            decision.allowed,
            `${alarm.where} ${state} → ${topic.stack}/${topic.id}: ${decision.reason}`,
          ).toBe(true);
        }
      }
      checked += 1;
    }
    // An errors alarm per function of the registry, and the stage's others (the site, queues,
    // dead letters, the dashboard's, the firewall's, CloudFront's): 38 today, never none.
    expect(checked).toBeGreaterThanOrEqual(ENTRIES.length + 25);
    const regions = new Set(alarms.map((a) => a.region));
    expect(regions).toEqual(new Set([shopRegion(), EDGE_REGION]));
  });

  it("the alarms' topics allow CloudWatch only for alarms of the stage's account, and keep the TLS Deny", () => {
    const topics = alarmTopics(walk(production));
    expect(topics.size).toBe(2); // Alerts (the shop's region) and EdgeAlerts (us-east-1)
    for (const [arn, topic] of topics) {
      const where = `${topic.stack}/${topic.id}`;
      expect(topic.policy, `${where} has a policy of its own`).toBeDefined();
      const policy = topic.policy ?? [];
      expect(
        policy.some(
          (s) =>
            s.Effect === "Deny" &&
            json(s.Condition) === json({ Bool: { "aws:SecureTransport": "false" } }),
        ),
        `${where}: the TLS Deny`,
      ).toBe(true);
      const alarmOf = (account: string, region = topic.region) => ({
        arn: `arn:aws:cloudwatch:${region}:${account}:alarm:any`,
      });
      expect(mayPublish(alarmOf(OFFLINE_ACCOUNT), arn, policy).allowed, where).toBe(true);
      expect(mayPublish(alarmOf("111122223333"), arn, policy).allowed, where).toBe(false);
    }
  });

  it("the alert address is subscribed to every alerts topic (SNS mails it a confirmation first)", () => {
    const topics = alarmTopics(walk(production));
    for (const topic of topics.values()) {
      expect(topic.subscriptions, `${topic.stack}/${topic.id}`).toEqual([
        expect.objectContaining({ Protocol: "email", Endpoint: ALERT_EMAIL }),
      ]);
    }
  });
});

describe("the production stage's mail reputation alarms (docs/decisions/037-mail-reputation.md)", () => {
  it("watch SES's bounce and complaint rates below SES's review rates (5%, 0.1%) and may reach the alerts topic", () => {
    const { topics, alarms } = walk(production);
    const shop = production[0] as Part;
    const review = { "Reputation.BounceRate": 0.05, "Reputation.ComplaintRate": 0.001 };
    for (const [metric, reviewRate] of Object.entries(review)) {
      const found = shop.stacks.flatMap(({ name, template }) =>
        Object.entries(template.Resources)
          .filter(([, r]) => r.Type === "AWS::CloudWatch::Alarm")
          .filter(([, r]) => r.Properties?.MetricName === metric)
          .map(([id, r]) => ({ where: `${name}/${id}`, p: r.Properties ?? {} })),
      );
      expect(found, metric).toHaveLength(1);
      const [{ where, p }] = found as [{ where: string; p: Record<string, unknown> }];
      expect(p.Namespace, where).toBe("AWS/SES");
      expect(p.ComparisonOperator, where).toBe("GreaterThanOrEqualToThreshold");
      expect(Number(p.Threshold), where).toBeGreaterThan(0);
      expect(Number(p.Threshold), where).toBeLessThan(reviewRate);
      const alarm = alarms.find((a) => a.where === where) as WalkedAlarm;
      expect(alarm.actions.ALARM.length, where).toBeGreaterThan(0);
      for (const target of [...alarm.actions.ALARM, ...alarm.actions.OK]) {
        const decision = mayPublish(alarm, target, topics.get(target)?.policy);
        expect(decision.allowed, `${where} → ${target}: ${decision.reason}`).toBe(true);
      }
    }
  });
});

describe("every function keeps its logs as long as an incident needs", () => {
  /** Every function of the parts, with its log group's properties; none may lack one. */
  function logGroupsOf(parts: Part[]) {
    const found: Array<{ where: string; writes: boolean; group?: Resource }> = [];
    for (const part of parts) {
      for (const { name, template } of part.stacks) {
        for (const [id, r] of Object.entries(template.Resources)) {
          expect(r.Type, `${name}/${id}`).not.toBe("Custom::LogRetention");
          if (r.Type !== "AWS::Lambda::Function") continue;
          const ref = (r.Properties?.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined)
            ?.LogGroup?.Ref;
          const group = ref ? template.Resources[ref] : undefined;
          // Its role may write there: AWS's managed policy for it (logs:CreateLogStream and
          // PutLogEvents on any log group), or statements that say so.
          const roleId = (r.Properties?.Role as { "Fn::GetAtt"?: [string, string] } | undefined)?.[
            "Fn::GetAtt"
          ]?.[0];
          const writes = Object.entries(template.Resources).some(
            ([policyId, q]) =>
              (policyId === roleId &&
                json(q.Properties?.ManagedPolicyArns).includes("AWSLambdaBasicExecutionRole")) ||
              (q.Type === "AWS::IAM::Policy" &&
                json(q.Properties?.Roles).includes(`"${roleId}"`) &&
                json(q.Properties?.PolicyDocument).includes("logs:PutLogEvents")),
          );
          found.push({
            where: `${part.name} ${name}/${id}`,
            writes,
            ...(group?.Type === "AWS::Logs::LogGroup" ? { group } : {}),
          });
        }
      }
    }
    return found;
  }

  it("in production: a log group of its own, kept 6 months, retained when the stage is removed", () => {
    const functions = logGroupsOf(production);
    for (const { where, group, writes } of functions) {
      expect(group, `${where}: its LoggingConfig names a log group of the stack`).toBeDefined();
      expect(writes, `${where}: its role may write its logs`).toBe(true);
      expect(group?.Properties?.RetentionInDays, where).toBe(FUNCTION_LOG_RETENTION.production);
      expect(group?.DeletionPolicy, where).toBe("Retain");
      expect(group?.UpdateReplacePolicy, where).toBe("Retain");
    }
    // The registry's, the site's and the deploy's helpers (SST's, CDK's), in both parts: 23 today.
    expect(functions.length).toBeGreaterThanOrEqual(ENTRIES.length + 12);
    expect(functions.some((f) => f.where.includes("SiteServerFunction"))).toBe(true);
  });

  it("on a development stage: 2 weeks, removed with the stage", () => {
    const functions = logGroupsOf(development);
    for (const { where, group } of functions) {
      expect(group, `${where}: its LoggingConfig names a log group of the stack`).toBeDefined();
      expect(group?.Properties?.RetentionInDays, where).toBe(FUNCTION_LOG_RETENTION.other);
      expect(group?.DeletionPolicy, where).toBe("Delete");
    }
    expect(functions.length).toBeGreaterThanOrEqual(ENTRIES.length + 8);
  });
});

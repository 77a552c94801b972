// The alarms' notifications as the rehearsal evaluates them (./alarms.ts): CloudWatch publishes
// to a topic only if the topic's policy lets its service principal do it for that alarm; a topic
// whose policy is CDK's `enforceSSL` Deny alone refuses every alarm, as on AWS.
import { describe, expect, it } from "vitest";
import { alarmNotifications, mayPublish } from "./alarms.ts";
import type { Alarm } from "./deploy.ts";
import type { Statement } from "./iam.ts";

const ACCOUNT = "000000000000";
const TOPIC = `arn:aws:sns:eu-west-1:${ACCOUNT}:alerts`;
const ALARM = {
  arn: `arn:aws:cloudwatch:eu-west-1:${ACCOUNT}:alarm:production-Events-MailerErrors`,
};

/** CDK's statement for `enforceSSL` (aws-cdk-lib 2.224's Topic), as synthesized. */
const TLS_ONLY: Statement = {
  Sid: "AllowPublishThroughSSLOnly",
  Effect: "Deny",
  Principal: { AWS: "*" },
  Action: "sns:Publish",
  Resource: TOPIC,
  Condition: { Bool: { "aws:SecureTransport": "false" } },
};
/** The shop's statement for CloudWatch (stacks/alarms.ts alertsTopic), as synthesized. */
const CLOUDWATCH_ALLOW: Statement = {
  Sid: "CloudWatchAlarmsPublish",
  Effect: "Allow",
  Principal: { Service: "cloudwatch.amazonaws.com" },
  Action: "sns:Publish",
  Resource: TOPIC,
  Condition: {
    StringEquals: { "aws:SourceAccount": ACCOUNT },
    ArnLike: { "aws:SourceArn": `arn:aws:cloudwatch:eu-west-1:${ACCOUNT}:alarm:*` },
  },
};

const alarm = (logicalId: string, actions: Partial<Alarm["actions"]>): Alarm => ({
  stack: "production-threadline-Events",
  logicalId,
  name: logicalId,
  arn: `arn:aws:cloudwatch:eu-west-1:${ACCOUNT}:alarm:${logicalId}`,
  actions: { ALARM: [], OK: [], INSUFFICIENT_DATA: [], ...actions },
});

describe("CloudWatch's publish of an alarm's notification", () => {
  it("is refused by a topic whose policy is the TLS Deny alone: it replaces SNS's default policy", () => {
    expect(mayPublish(ALARM, TOPIC, [TLS_ONLY])).toMatchObject({
      allowed: false,
      reason: "no statement allows it (implicit deny)",
    });
  });

  it("is allowed by the shop's statement, over TLS, for an alarm of the account and region only", () => {
    const policy = [TLS_ONLY, CLOUDWATCH_ALLOW];
    expect(mayPublish(ALARM, TOPIC, policy)).toMatchObject({
      allowed: true,
      reason: "allowed by statement 2 (CloudWatchAlarmsPublish)",
    });
    const otherAccount = { arn: "arn:aws:cloudwatch:eu-west-1:111122223333:alarm:theirs" };
    expect(mayPublish(otherAccount, TOPIC, policy).allowed).toBe(false);
    const otherRegion = { arn: `arn:aws:cloudwatch:us-east-1:${ACCOUNT}:alarm:edge` };
    expect(mayPublish(otherRegion, TOPIC, policy).allowed).toBe(false);
  });

  it("is allowed by SNS's default policy to a topic without a policy of its own, for the account", () => {
    expect(mayPublish(ALARM, TOPIC, undefined).allowed).toBe(true);
    const otherAccount = { arn: "arn:aws:cloudwatch:eu-west-1:111122223333:alarm:theirs" };
    expect(mayPublish(otherAccount, TOPIC, undefined).allowed).toBe(false);
  });
});

describe("the stage's alarms", () => {
  it("evaluates every action of every state and names each refused one", () => {
    const stage = {
      topics: new Map([[TOPIC, "alerts"]]),
      resourcePolicies: new Map([[TOPIC, [TLS_ONLY]]]),
      alarms: [
        alarm("MailerErrorsAlarm", { ALARM: [TOPIC], OK: [TOPIC] }),
        alarm("SilentAlarm", {}),
        alarm("ElsewhereAlarm", { ALARM: ["arn:aws:sns:eu-west-1:000000000000:gone"] }),
      ],
    };
    const refused = alarmNotifications(stage);
    expect(refused.notifications).toHaveLength(3);
    expect(refused.failures).toEqual([
      "alarm: SilentAlarm notifies no one when it goes off (no AlarmActions)",
      `alarm: CloudWatch may not publish MailerErrorsAlarm's ALARM notification to ${TOPIC} (its topic policy: no statement allows it (implicit deny))`,
      `alarm: CloudWatch may not publish MailerErrorsAlarm's OK notification to ${TOPIC} (its topic policy: no statement allows it (implicit deny))`,
      "alarm: CloudWatch may not publish ElsewhereAlarm's ALARM notification to arn:aws:sns:eu-west-1:000000000000:gone (no such topic on the stage)",
    ]);
    stage.resourcePolicies.set(TOPIC, [TLS_ONLY, CLOUDWATCH_ALLOW]);
    stage.alarms = stage.alarms.slice(0, 1);
    expect(alarmNotifications(stage)).toMatchObject({
      notifications: [
        { state: "ALARM", allowed: true },
        { state: "OK", allowed: true },
      ],
      failures: [],
    });
  });
});

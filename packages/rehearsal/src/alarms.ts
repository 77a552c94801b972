// The alarms' notifications, rehearsed as IAM (docs/decisions/027-permissions-both-ways.md): when
// an alarm of the stage changes state, CloudWatch publishes to each topic of that state's actions
// as its service principal (cloudwatch.amazonaws.com), on behalf of the alarm (aws:SourceArn,
// aws:SourceAccount), over TLS. No role of the shop is involved, so only the topic's policy
// decides: a topic with a policy of its own (AWS::SNS::TopicPolicy, e.g. CDK's `enforceSSL`) has
// nothing else, SNS's default policy is replaced; a topic without one has SNS's default policy,
// which lets the account's own principals and services acting for it (AWS:SourceOwner) publish.
// Each alarm's ALARM, OK and INSUFFICIENT_DATA actions are evaluated for the journey's stage: a
// topic that would refuse CloudWatch fails the rehearsal, naming the alarm, the state and why
// (on AWS the alarm's history says "not authorized to perform: SNS:Publish" and nobody hears of
// it). An action that is not an SNS topic of the stage is not rehearsed, and fails it too.
import type { Alarm, DeployedStage } from "./deploy.ts";
import { type Decision, evaluate, type Statement } from "./iam.ts";

export const CLOUDWATCH = { type: "Service" as const, id: "cloudwatch.amazonaws.com" };

/** SNS's default topic policy (what a topic without a policy of its own has), for `topicArn`. */
export function defaultTopicPolicy(topicArn: string, account: string): Statement[] {
  return [
    {
      Sid: "__default_statement_ID",
      Effect: "Allow",
      Principal: { AWS: "*" },
      Action: [
        "SNS:GetTopicAttributes",
        "SNS:SetTopicAttributes",
        "SNS:AddPermission",
        "SNS:RemovePermission",
        "SNS:DeleteTopic",
        "SNS:Subscribe",
        "SNS:ListSubscriptionsByTopic",
        "SNS:Publish",
      ],
      Resource: topicArn,
      Condition: { StringEquals: { "AWS:SourceOwner": account } },
    },
  ];
}

/** The account of an ARN (its fifth field). */
const accountOf = (arn: string) => arn.split(":")[4] ?? "";

/**
 * Whether CloudWatch may publish `alarm`'s notification to `topicArn`, under the topic's own
 * policy (`policy`), or SNS's default one when the topic has none.
 */
export function mayPublish(
  alarm: Pick<Alarm, "arn">,
  topicArn: string,
  policy: Statement[] | undefined,
): Decision {
  const account = accountOf(alarm.arn);
  const statements = policy ?? defaultTopicPolicy(topicArn, accountOf(topicArn));
  return evaluate(
    statements,
    "sns:Publish",
    topicArn,
    {
      "aws:securetransport": ["true"],
      "aws:sourcearn": [alarm.arn],
      "aws:sourceaccount": [account],
      // What SNS's default policy reads: the account on whose behalf a service publishes.
      "aws:sourceowner": [account],
    },
    CLOUDWATCH,
  );
}

export interface AlarmNotification {
  alarm: string;
  state: keyof Alarm["actions"];
  target: string;
  allowed: boolean;
  reason: string;
}

/** Every action of every alarm of the stage, evaluated; the failures, one line each. */
export function alarmNotifications(
  stage: Pick<DeployedStage, "alarms" | "topics" | "resourcePolicies">,
): { notifications: AlarmNotification[]; failures: string[] } {
  const notifications: AlarmNotification[] = [];
  const silent: string[] = [];
  for (const alarm of stage.alarms) {
    if (alarm.actions.ALARM.length === 0) silent.push(alarm.logicalId);
    for (const [state, targets] of Object.entries(alarm.actions)) {
      for (const target of targets) {
        const base = { alarm: alarm.logicalId, state: state as AlarmNotification["state"], target };
        if (!target.startsWith("arn:aws:sns:")) {
          notifications.push({
            ...base,
            allowed: false,
            reason: "not an SNS topic: not rehearsed",
          });
          continue;
        }
        if (!stage.topics.has(target)) {
          notifications.push({ ...base, allowed: false, reason: "no such topic on the stage" });
          continue;
        }
        const policy = stage.resourcePolicies.get(target);
        const decision = mayPublish(alarm, target, policy);
        const whose = policy ? "its topic policy" : "SNS's default topic policy";
        notifications.push({
          ...base,
          allowed: decision.allowed,
          reason: `${whose}: ${decision.reason}`,
        });
      }
    }
  }
  const failures = [
    ...silent.map((alarm) => `alarm: ${alarm} notifies no one when it goes off (no AlarmActions)`),
    ...notifications
      .filter((n) => !n.allowed)
      .map(
        (n) =>
          `alarm: CloudWatch may not publish ${n.alarm}'s ${n.state} notification to ${n.target} (${n.reason})`,
      ),
  ];
  return { notifications, failures };
}

// The stage's alarms: every threshold in one place (ALARMS), each with why it is where it is.
// Every alarm notifies the Alerts topic (stacks/Events.ts) when it goes off and again when it is
// over (its OK action); the web firewall's and CloudFront's, in us-east-1, the edge part's
// EdgeAlerts topic (an alarm notifies a topic of its own region: stacks/Firewall.ts). Both topics
// are made by alertsTopic: TLS only, CloudWatch's alarms of the stage's account allowed to
// publish, ALERT_EMAIL subscribed (required on a production-like stage: stacks/stage.ts). The
// dashboard that shows the same metrics is stacks/dashboard.ts.
import { ArnFormat, Duration, Stack } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as actions from "aws-cdk-lib/aws-cloudwatch-actions";
import * as iam from "aws-cdk-lib/aws-iam";
import * as sns from "aws-cdk-lib/aws-sns";
import * as subscriptions from "aws-cdk-lib/aws-sns-subscriptions";
import type { Construct } from "constructs";
import { justify } from "./rule-packs.ts";

/** The service that publishes an alarm's notifications to its topics. */
export const CLOUDWATCH_PRINCIPAL = "cloudwatch.amazonaws.com";

/**
 * A topic that alarms notify. `enforceSSL` gives it a policy whose one statement denies
 * publishers without TLS, and a topic policy replaces SNS's default one (which let the account's
 * principals publish): without a statement of its own, CloudWatch's alarms could not publish
 * ("no resource-based policy allows the SNS:Publish action") and no alarm would reach anyone. So
 * CloudWatch may publish, for alarms of the stack's account (aws:SourceAccount) and region
 * (aws:SourceArn: the alarms are named by CloudFormation or live in another stack, so their ARNs
 * are matched by pattern, not listed), and the TLS Deny stays. `alertEmail` is subscribed (SNS
 * mails it a confirmation link first).
 */
export function alertsTopic(
  scope: Construct,
  id: string,
  options: { topicName?: string; alertEmail?: string } = {},
) {
  const stack = Stack.of(scope);
  const topic = new sns.Topic(scope, id, {
    enforceSSL: true,
    ...(options.topicName ? { topicName: options.topicName } : {}),
  });
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: "CloudWatchAlarmsPublish",
      principals: [new iam.ServicePrincipal(CLOUDWATCH_PRINCIPAL)],
      actions: ["sns:Publish"],
      resources: [topic.topicArn],
      conditions: {
        StringEquals: { "aws:SourceAccount": stack.account },
        ArnLike: {
          "aws:SourceArn": stack.formatArn({
            service: "cloudwatch",
            resource: "alarm",
            resourceName: "*",
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        },
      },
    }),
  );
  if (options.alertEmail) {
    const subscription = topic.addSubscription(
      new subscriptions.EmailSubscription(options.alertEmail),
    );
    justify(
      subscription,
      "Serverless-SNSRedrivePolicy",
      "is the operator's e-mail subscription to the alarms: a notification SNS cannot deliver to the address would wait in a dead-letter queue that only another alarm to the same address could tell about; the alarm's state and history stay in CloudWatch (its console, the stage's dashboard)",
    );
  }
  return topic;
}

/** The thresholds of the stage's alarms, each explained. */
export const ALARMS = {
  /**
   * Any function error, any message in a dead-letter queue, any throttle (of a function or of the
   * table) and any failed mail is worth a look: each is a request or a message the shop did not
   * handle as it should. Threshold 1 in a 5-minute period.
   */
  anyCount: 1,
  /**
   * The site's p99 duration, in ms, over 5 consecutive minutes. A warm page costs one table round
   * trip (docs/architecture.md §13) and a cold start about a second (docs/decisions/022-lean-bundles.md);
   * a page under a dependency's fault answers within 5 s (PAGE_BUDGET_MS,
   * docs/decisions/010-bounded-under-faults.md). One page in a hundred over 3 s for 5 minutes means
   * the site is waiting on something: a slow dependency, or every instance cold.
   */
  siteP99Ms: 3_000,
  /** Minutes the site's p99 must stay over its budget (one datapoint a minute). */
  siteP99Minutes: 5,
  /**
   * CloudFront's 5xx rate, in percent of its requests, over 5 minutes: the site answers 5xx only
   * when a dependency is down (its 503 page), so over 1% is an outage seen by shoppers.
   */
  cloudFront5xxPercent: 1,
  /**
   * Payment failures over an hour, as a share of the payments decided in it (paid + failed):
   * declined cards are normal (a few percent to about 15% of attempts for an online shop); over
   * 30% means the gateway, the webhook or the checkout is failing shoppers. At least
   * paymentMinimumAttempts decided in the hour, so that one decline of two does not alarm.
   */
  paymentFailureShare: 0.3,
  paymentMinimumAttempts: 5,
  /**
   * A queue's oldest message, in seconds: over 15 minutes the consumer is stuck, failing or
   * throttled (docs/decisions/004-dispatcher-and-work-queues.md). The newsletter's mail queue,
   * whose mails wait their turn at SES's rate for hours, has its own (its registry entry's
   * ageAlarmSeconds, docs/decisions/038-newsletter-fan-out.md).
   */
  queueAgeSeconds: 15 * 60,
  /**
   * A stream reader's iterator age, in ms: how far behind the newest change its batches are. A
   * healthy reader is seconds behind (the edge purge waits up to 5 s to fill a batch); 5 minutes
   * behind means it keeps failing a batch (it retries it 5 times before parking it) or is
   * throttled, and the stream keeps records only 24 hours.
   */
  iteratorAgeMs: 5 * 60 * 1000,
  /**
   * SES's bounce rate of the account (Reputation.BounceRate, a fraction), at its highest in an
   * hour: SES puts an account under review at 5% and may pause its sending at 10%. Half the
   * review rate leaves time to act (a stale list, a newsletter to drop) before SES does
   * (docs/decisions/037-mail-reputation.md).
   */
  mailBounceRate: 0.025,
  /** SES's complaint rate (Reputation.ComplaintRate): review at 0.1%, pause at 0.5%; half of 0.1%. */
  mailComplaintRate: 0.0005,
} as const;

/** An alarm that notifies `topic` when `metric` reaches `threshold` (one 5-minute period by default). */
export function alarmOnAny(
  scope: Construct,
  id: string,
  metric: cloudwatch.IMetric,
  topic: sns.ITopic,
  threshold: number = ALARMS.anyCount,
  options: { evaluationPeriods?: number; description?: string } = {},
) {
  const alarm = new cloudwatch.Alarm(Stack.of(scope), id, {
    metric,
    threshold,
    evaluationPeriods: options.evaluationPeriods ?? 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    ...(options.description ? { alarmDescription: options.description } : {}),
  });
  notifies(alarm, topic);
  return alarm;
}

/** An alarm when `metric` is over `threshold` (strictly) for `evaluationPeriods` periods. */
export function alarmOver(
  scope: Construct,
  id: string,
  metric: cloudwatch.IMetric,
  topic: sns.ITopic,
  threshold: number,
  description: string,
  evaluationPeriods = 1,
) {
  const alarm = new cloudwatch.Alarm(Stack.of(scope), id, {
    metric,
    threshold,
    evaluationPeriods,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    alarmDescription: description,
  });
  notifies(alarm, topic);
  return alarm;
}

/** The alarm notifies `topic` when it goes off and when it is over. */
function notifies(alarm: cloudwatch.Alarm, topic: sns.ITopic) {
  const action = new actions.SnsAction(topic);
  alarm.addAlarmAction(action);
  alarm.addOkAction(action);
}

export const FIVE_MINUTES = Duration.minutes(5);

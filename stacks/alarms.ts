// One rule for alarms: any error or any dead letter is worth a look (threshold 1 by default);
// alarms go to the Alerts topic (stacks/Events.ts; ALERT_EMAIL subscribes an address at deploy
// time).
import { Stack } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as actions from "aws-cdk-lib/aws-cloudwatch-actions";
import type * as sns from "aws-cdk-lib/aws-sns";
import type { Construct } from "constructs";

export function alarmOnAny(
  scope: Construct,
  id: string,
  metric: cloudwatch.IMetric,
  topic: sns.ITopic,
  threshold = 1,
) {
  new cloudwatch.Alarm(Stack.of(scope), id, {
    metric,
    threshold,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  }).addAlarmAction(new actions.SnsAction(topic));
}

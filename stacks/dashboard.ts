// The stage's operations dashboard (CloudWatch, one per stage) and the alarms on what it shows,
// with their thresholds in stacks/alarms.ts (ALARMS). Rows, top to bottom: the site (its Lambda,
// then its server time by kind of page); CloudFront;
// the business metrics; each function; the table; the queues, dead-letter queues and the stream
// readers. Built in the Web stack, the last one, which sees every function and queue.
//
// CloudFront publishes its metrics in us-east-1 only: the dashboard shows them from there, and
// the 5xx alarm is made there (an alarm watches metrics of its own region) by a custom resource,
// notifying the edge part's EdgeAlerts topic (an alarm notifies a topic of its own region;
// stacks/Firewall.ts).
import {
  BUSINESS_METRICS,
  DEPENDENCY_DIMENSION,
  DEPENDENCY_UNAVAILABLE_METRIC,
  metricsNamespace,
  PAGE_KIND_DIMENSION,
  PAGE_KINDS,
  SERVER_TIME_METRIC,
} from "@shop/core/common";
import { TABLE } from "@shop/core/db";
import { ArnFormat, Duration, Stack } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as iam from "aws-cdk-lib/aws-iam";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import type * as sns from "aws-cdk-lib/aws-sns";
import type * as sqs from "aws-cdk-lib/aws-sqs";
import * as cr from "aws-cdk-lib/custom-resources";
import type { Table } from "sst/constructs";
import { ALARMS, alarmOnAny, alarmOver, FIVE_MINUTES } from "./alarms.ts";
import { justify, justifyBasicExecution, SST_DEPLOY_TIME } from "./rule-packs.ts";
import { EDGE_REGION, edgeAlertsTopicName } from "./stage.ts";

/** The dashboard's name: one per stage and app. */
export const dashboardName = (app: { name: string; stage: string }) =>
  `${app.name}-${app.stage}-operations`;

/** The name of the CloudFront 5xx alarm, in us-east-1. */
export const cloudFront5xxAlarmName = (app: { name: string; stage: string }) =>
  `${app.name}-${app.stage}-cloudfront-5xx-rate`;

/** The table operations whose latency the dashboard shows (the shop's request paths use these). */
export const LATENCY_OPERATIONS = [
  "GetItem",
  "Query",
  "PutItem",
  "UpdateItem",
  "TransactWriteItems",
] as const;

export interface Monitored {
  app: { name: string; stage: string };
  alerts: sns.ITopic;
  site: lambda.IFunction;
  distribution: cloudfront.IDistribution;
  /** Every function of the shop, by name (the site included). */
  functions: Record<string, lambda.IFunction>;
  /** The functions that read the table's stream. */
  streamReaders: Record<string, lambda.IFunction>;
  table: Table;
  queues: Record<string, sqs.IQueue>;
  deadLetterQueues: Record<string, sqs.IQueue>;
}

const graph = (
  title: string,
  left: cloudwatch.IMetric[],
  options: Partial<cloudwatch.GraphWidgetProps> = {},
) => new cloudwatch.GraphWidget({ title, left, width: 8, height: 6, ...options });

/** The stage's dashboard and the alarms on its metrics. */
export function monitorStage(stack: Stack, m: Monitored) {
  const { alerts } = m;
  const namespace = metricsNamespace(m.app.stage);

  // The site (its Lambda: every page and data request CloudFront did not answer from its cache).
  const siteDuration = (statistic: string) =>
    m.site.metricDuration({ statistic, period: Duration.minutes(1), label: statistic });
  const siteP99 = siteDuration("p99");
  const siteRow = [
    graph("Site: requests", [m.site.metricInvocations({ period: FIVE_MINUTES })]),
    graph("Site: duration p50 / p99 (ms)", [siteDuration("p50"), siteP99], {
      leftAnnotations: [{ value: ALARMS.siteP99Ms, label: "p99 budget" }],
    }),
    graph("Site: errors", [m.site.metricErrors({ period: FIVE_MINUTES })]),
  ];
  // The site's own measure of each request it answered, by kind of page (web/server/server-time.ts):
  // which pages make the duration above.
  const serverTime = (statistic: string) =>
    PAGE_KINDS.map(
      (kind) =>
        new cloudwatch.Metric({
          namespace,
          metricName: SERVER_TIME_METRIC,
          dimensionsMap: { [PAGE_KIND_DIMENSION]: kind },
          statistic,
          period: FIVE_MINUTES,
          label: kind,
        }),
    );
  const serverTimeRow = [
    graph("Site: server time p50 by kind of page (ms)", serverTime("p50"), { width: 12 }),
    graph("Site: server time p99 by kind of page (ms)", serverTime("p99"), {
      width: 12,
      leftAnnotations: [{ value: ALARMS.siteP99Ms, label: "p99 budget" }],
    }),
  ];
  alarmOver(
    stack,
    "SiteP99Alarm",
    // (Without the widget's label: an alarm on a plain metric reads as one in the console.)
    m.site.metricDuration({ statistic: "p99", period: Duration.minutes(1) }),
    alerts,
    ALARMS.siteP99Ms,
    `The site's p99 duration has been over ${ALARMS.siteP99Ms} ms for ${ALARMS.siteP99Minutes} minutes (stacks/alarms.ts)`,
    ALARMS.siteP99Minutes,
  );

  // CloudFront, in us-east-1. The cache hit rate is one of CloudFront's additional metrics, which
  // the distribution's monitoring subscription turns on.
  new cloudfront.CfnMonitoringSubscription(stack, "SiteDistributionMetrics", {
    distributionId: m.distribution.distributionId,
    monitoringSubscription: {
      realtimeMetricsSubscriptionConfig: { realtimeMetricsSubscriptionStatus: "Enabled" },
    },
  });
  const edge = (metricName: string, statistic: string) =>
    new cloudwatch.Metric({
      namespace: "AWS/CloudFront",
      metricName,
      dimensionsMap: { DistributionId: m.distribution.distributionId, Region: "Global" },
      statistic,
      period: FIVE_MINUTES,
      region: EDGE_REGION,
    });
  const cloudFrontRow = [
    graph("CloudFront: requests", [edge("Requests", "Sum")]),
    graph("CloudFront: cache hit rate (%)", [edge("CacheHitRate", "Average")]),
    graph("CloudFront: 4xx and 5xx rates (%)", [
      edge("4xxErrorRate", "Average"),
      edge("5xxErrorRate", "Average"),
    ]),
  ];
  cloudFront5xxAlarm(stack, m);

  // The business metrics (embedded metric format, emitted by the functions and the site).
  const business = (metricName: string) =>
    new cloudwatch.Metric({ namespace, metricName, statistic: "Sum", period: FIVE_MINUTES });
  const ordersPaid = business(BUSINESS_METRICS.ordersPaid);
  const paymentsFailed = business(BUSINESS_METRICS.paymentsFailed);
  const mailsFailed = business(BUSINESS_METRICS.mailsFailed);
  const businessRow = [
    graph("Orders and payments", [
      business(BUSINESS_METRICS.ordersPlaced),
      ordersPaid,
      paymentsFailed,
      business(BUSINESS_METRICS.refunds),
    ]),
    graph("Mail", [
      business(BUSINESS_METRICS.mailsSent),
      mailsFailed,
      business(BUSINESS_METRICS.newsletterDeliveries),
      business(BUSINESS_METRICS.mailsSuppressed),
      business(BUSINESS_METRICS.mailHardBounces),
      business(BUSINESS_METRICS.mailComplaints),
    ]),
    graph("Dependencies unavailable", [
      new cloudwatch.MathExpression({
        expression: `SEARCH('{${namespace},${DEPENDENCY_DIMENSION}} MetricName="${DEPENDENCY_UNAVAILABLE_METRIC}"', 'Sum', 300)`,
        label: "",
        period: FIVE_MINUTES,
      }),
    ]),
  ];
  const hour = Duration.hours(1);
  alarmOver(
    stack,
    "PaymentFailureRateAlarm",
    new cloudwatch.MathExpression({
      expression: `IF(paid + failed >= ${ALARMS.paymentMinimumAttempts}, failed / (paid + failed), 0)`,
      usingMetrics: {
        paid: ordersPaid.with({ period: hour }),
        failed: paymentsFailed.with({ period: hour }),
      },
      period: hour,
      label: "share of payments that failed",
    }),
    alerts,
    ALARMS.paymentFailureShare,
    `Over ${ALARMS.paymentFailureShare * 100}% of the hour's payments failed (at least ${ALARMS.paymentMinimumAttempts} decided; stacks/alarms.ts)`,
  );
  alarmOnAny(stack, "MailsFailedAlarm", mailsFailed, alerts, ALARMS.anyCount, {
    description: "A mail could not be sent (its queue retries it; stacks/alarms.ts)",
  });

  // Each function: errors, throttles, duration, concurrency; an alarm on any throttle.
  const names = Object.keys(m.functions).sort();
  const each = (make: (fn: lambda.IFunction, name: string) => cloudwatch.IMetric) =>
    names.map((name) => make(m.functions[name] as lambda.IFunction, name));
  const functionRow = [
    graph(
      "Functions: errors",
      each((fn, label) => fn.metricErrors({ period: FIVE_MINUTES, label })),
    ),
    graph(
      "Functions: throttles",
      each((fn, label) => fn.metricThrottles({ period: FIVE_MINUTES, label })),
    ),
    graph(
      "Functions: duration p99 (ms)",
      each((fn, label) => fn.metricDuration({ statistic: "p99", period: FIVE_MINUTES, label })),
    ),
    graph(
      "Functions: concurrency",
      each((fn, label) =>
        fn.metric("ConcurrentExecutions", { statistic: "Maximum", period: FIVE_MINUTES, label }),
      ),
    ),
  ].map((w) => Object.assign(w, { width: 12 }));
  for (const name of names) {
    const fn = m.functions[name] as lambda.IFunction;
    alarmOnAny(
      stack,
      `${pascal(name)}ThrottlesAlarm`,
      fn.metricThrottles({ period: FIVE_MINUTES }),
      alerts,
      ALARMS.anyCount,
      { description: `The ${name} function was throttled (stacks/alarms.ts)` },
    );
  }

  // The table: consumed capacity, throttles, latency.
  const table = m.table.cdk.table;
  const readThrottles = table.metric("ReadThrottleEvents", {
    statistic: "Sum",
    period: FIVE_MINUTES,
  });
  const writeThrottles = table.metric("WriteThrottleEvents", {
    statistic: "Sum",
    period: FIVE_MINUTES,
  });
  // The indexes' throttles are counted apart from the table's (dimension GlobalSecondaryIndexName).
  const indexThrottles = Object.fromEntries(
    Object.keys(TABLE.indexes).flatMap((index) =>
      (["ReadThrottleEvents", "WriteThrottleEvents"] as const).map((metricName) => [
        `${metricName === "ReadThrottleEvents" ? "reads" : "writes"}_${index}`,
        table.metric(metricName, {
          dimensionsMap: { TableName: table.tableName, GlobalSecondaryIndexName: index },
          statistic: "Sum",
          period: FIVE_MINUTES,
        }),
      ]),
    ),
  );
  const tableRow = [
    graph("Table: consumed capacity", [
      table.metricConsumedReadCapacityUnits({ period: FIVE_MINUTES }),
      table.metricConsumedWriteCapacityUnits({ period: FIVE_MINUTES }),
    ]),
    graph("Table: throttles", [readThrottles, writeThrottles, ...Object.values(indexThrottles)]),
    graph(
      "Table: latency (ms)",
      LATENCY_OPERATIONS.map((operation) =>
        table.metricSuccessfulRequestLatency({
          dimensionsMap: { TableName: table.tableName, Operation: operation },
          period: FIVE_MINUTES,
          label: operation,
        }),
      ),
    ),
  ];
  alarmOnAny(
    stack,
    "TableThrottlesAlarm",
    new cloudwatch.MathExpression({
      expression: ["reads", "writes", ...Object.keys(indexThrottles)].join(" + "),
      usingMetrics: { reads: readThrottles, writes: writeThrottles, ...indexThrottles },
      period: FIVE_MINUTES,
      label: "throttled reads and writes",
    }),
    alerts,
    ALARMS.anyCount,
    { description: "The table throttled a read or a write (stacks/alarms.ts)" },
  );

  // Queues, dead-letter queues, stream readers.
  const queueNames = Object.keys(m.queues).sort();
  const deadNames = Object.keys(m.deadLetterQueues).sort();
  const readerNames = Object.keys(m.streamReaders).sort();
  const iteratorAge = (name: string, label?: string) =>
    (m.streamReaders[name] as lambda.IFunction).metric("IteratorAge", {
      statistic: "Maximum",
      period: FIVE_MINUTES,
      ...(label ? { label } : {}),
    });
  const queueRow = [
    graph(
      "Queues: depth",
      queueNames.map((name) =>
        (m.queues[name] as sqs.IQueue).metricApproximateNumberOfMessagesVisible({
          period: FIVE_MINUTES,
          label: name,
        }),
      ),
    ),
    graph(
      "Queues: oldest message (s)",
      queueNames.map((name) =>
        (m.queues[name] as sqs.IQueue).metricApproximateAgeOfOldestMessage({
          period: FIVE_MINUTES,
          label: name,
        }),
      ),
      { leftAnnotations: [{ value: ALARMS.queueAgeSeconds, label: "alarm" }] },
    ),
    graph(
      "Dead-letter queues: depth",
      deadNames.map((name) =>
        (m.deadLetterQueues[name] as sqs.IQueue).metricApproximateNumberOfMessagesVisible({
          period: FIVE_MINUTES,
          label: name,
        }),
      ),
    ),
    graph(
      "Stream readers: iterator age (ms)",
      readerNames.map((name) => iteratorAge(name, name)),
      {
        leftAnnotations: [{ value: ALARMS.iteratorAgeMs, label: "alarm" }],
      },
    ),
  ].map((w) => Object.assign(w, { width: 6 }));
  for (const name of readerNames) {
    alarmOver(
      stack,
      `${pascal(name)}IteratorAgeAlarm`,
      iteratorAge(name),
      alerts,
      ALARMS.iteratorAgeMs,
      `The ${name} stream reader is over ${ALARMS.iteratorAgeMs / 60_000} minutes behind the table's changes (stacks/alarms.ts)`,
    );
  }

  const dashboard = new cloudwatch.Dashboard(stack, "Operations", {
    dashboardName: dashboardName(m.app),
    defaultInterval: Duration.hours(3),
  });
  dashboard.addWidgets(...siteRow);
  dashboard.addWidgets(...serverTimeRow);
  dashboard.addWidgets(...cloudFrontRow);
  dashboard.addWidgets(...businessRow);
  dashboard.addWidgets(...functionRow);
  dashboard.addWidgets(...tableRow);
  dashboard.addWidgets(...queueRow);
  return dashboard;
}

const pascal = (name: string) => `${name[0]?.toUpperCase()}${name.slice(1)}`;

/**
 * CloudFront's 5xx rate over ALARMS.cloudFront5xxPercent for 5 minutes: an alarm in us-east-1
 * (where CloudFront's metrics are), made at deploy time by CDK's AwsCustomResource and removed
 * with the stage, notifying the edge part's EdgeAlerts topic when it goes off and when it is over
 * (ALERT_EMAIL subscribes to it; its policy lets CloudWatch's alarms of us-east-1 publish).
 */
function cloudFront5xxAlarm(stack: Stack, m: Monitored) {
  const alarmName = cloudFront5xxAlarmName(m.app);
  const topicArn = Stack.of(stack).formatArn({
    service: "sns",
    region: EDGE_REGION,
    resource: edgeAlertsTopicName(m.app),
  });
  const alarmArn = Stack.of(stack).formatArn({
    service: "cloudwatch",
    region: EDGE_REGION,
    resource: "alarm",
    resourceName: alarmName,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
  const put = {
    service: "CloudWatch",
    action: "putMetricAlarm",
    region: EDGE_REGION,
    parameters: {
      AlarmName: alarmName,
      AlarmDescription: `CloudFront answered over ${ALARMS.cloudFront5xxPercent}% of the site's requests with a 5xx for 5 minutes (stacks/alarms.ts)`,
      Namespace: "AWS/CloudFront",
      MetricName: "5xxErrorRate",
      Dimensions: [
        { Name: "DistributionId", Value: m.distribution.distributionId },
        { Name: "Region", Value: "Global" },
      ],
      Statistic: "Average",
      Period: 300,
      EvaluationPeriods: 1,
      Threshold: ALARMS.cloudFront5xxPercent,
      ComparisonOperator: "GreaterThanThreshold",
      TreatMissingData: "notBreaching",
      // When it goes off and when it is over, as every alarm of the stage (stacks/alarms.ts).
      AlarmActions: [topicArn],
      OKActions: [topicArn],
    },
    physicalResourceId: cr.PhysicalResourceId.of(alarmName),
  };
  new cr.AwsCustomResource(stack, "CloudFront5xxAlarm", {
    onCreate: put,
    onUpdate: put,
    onDelete: {
      service: "CloudWatch",
      action: "deleteAlarms",
      region: EDGE_REGION,
      parameters: { AlarmNames: [alarmName] },
    },
    policy: cr.AwsCustomResourcePolicy.fromStatements([
      new iam.PolicyStatement({
        actions: ["cloudwatch:PutMetricAlarm", "cloudwatch:DeleteAlarms"],
        resources: [alarmArn],
      }),
    ]),
    installLatestAwsSdk: false,
  });
  const fn = stack.node.tryFindChild(AWS_CUSTOM_RESOURCE_ID);
  const what = `CDK's AwsCustomResource function puts (and, with the stage, deletes) the CloudFront 5xx alarm in us-east-1, where CloudFront's metrics are; it ${SST_DEPLOY_TIME}`;
  justify(
    fn,
    [
      "AwsSolutions-L1",
      "Serverless-LambdaLatestVersion",
      "Serverless-LambdaDefaultMemorySize",
      "Serverless-LambdaTracing",
    ],
    `${what}; its runtime and memory are aws-cdk-lib 2.224's own, and a trace would follow a deploy, which CloudFormation's events already record`,
  );
  justify(
    fn,
    "Serverless-LambdaDLQ",
    `${what}: CloudFormation waits for its answer, and a failure fails and rolls back the deploy, so nothing is lost for a dead-letter queue to keep`,
  );
  justifyBasicExecution(fn, "CDK's AwsCustomResource function");
}

/** CDK's function behind every AwsCustomResource of a stack (one per stack). */
const AWS_CUSTOM_RESOURCE_ID = "AWS679f53fac002430cb0da5b7982bd2287";

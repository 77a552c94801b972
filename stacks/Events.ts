// What happens after a change: the table's stream and its readers, the SQS work queues between
// them and the slow or bulky work, the schedules, S3's notifications and the function URLs: every
// function of the registry (functions/src/registry.ts, docs/decisions/029-function-registry.md)
// that does not need the site, each built from its entry by stacks/functions.ts. The routing
// (docs/decisions/004-dispatcher-and-work-queues.md):
// - the dispatcher forwards work-item events (each queue entry's events) to their queue; it may
//   send to those queues and nothing else;
// - the order reactions (invoice PDF, confirmation, shipped notice, anonymisation, stock, the
//   sales aggregates) read their events from the stream themselves;
// - each queue's consumer takes its messages in batches and reports failures one by one; a
//   message that keeps failing goes to the queue's dead-letter queue. A stream batch that keeps
//   failing goes to the stream reader's dead-letter queue.
// Every dead-letter queue, every function's errors and a queue whose oldest message waits too
// long raise an alarm. Each function gets only the permissions its entry declares. What AWS's rule
// packs find here and we keep is justified next to the construct (stacks/rule-packs.ts).
import { type SettingName, type SITE_ROLE, SITE_SETTINGS } from "@shop/core/server/context";
import { ENTRIES, eventsOf, type FunctionName, WORK_QUEUES } from "@shop/functions/registry";
import { Duration } from "aws-cdk-lib";
import type * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as iam from "aws-cdk-lib/aws-iam";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import * as ses from "aws-cdk-lib/aws-ses";
import * as sqs from "aws-cdk-lib/aws-sqs";
import { type StackContext, use } from "sst/constructs";
import { alarmOnAny, alertsTopic } from "./alarms.ts";
import {
  buildFunction,
  builtIn,
  MAX_MESSAGE_BYTES,
  STREAM_READER,
  type Wiring,
  workQueues,
} from "./functions.ts";
import { justify } from "./rule-packs.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";
import { deploySettings, secretsFor } from "./stage.ts";

export function Events({ stack, app }: StackContext) {
  const { table, invoices, images, search, imagesBaseUrl } = use(Storage);
  const secrets = use(Secrets);
  const settings = deploySettings(app);

  const identity = new ses.EmailIdentity(stack, "MailIdentity", {
    identity: settings.domain
      ? ses.Identity.domain(settings.domain)
      : ses.Identity.email(settings.mailFrom),
  });
  const sendMail = new iam.PolicyStatement({
    actions: ["ses:SendEmail", "ses:SendRawEmail"],
    resources: [
      stack.formatArn({
        service: "ses",
        resource: "identity",
        resourceName: identity.emailIdentityName,
      }),
    ],
  });

  // TLS only; CloudWatch's alarms may publish; ALERT_EMAIL subscribed (stacks/alarms.ts).
  const alerts = alertsTopic(stack, "Alerts", { alertEmail: settings.alertEmail });
  const alarmOn = (id: string, metric: cloudwatch.IMetric, threshold?: number) =>
    alarmOnAny(stack, id, metric, alerts, threshold);

  /**
   * A dead-letter queue (kept 14 days for inspection and redrive) that raises an alarm. `of` names
   * the stream reader whose on-failure destination it is (the rule packs see only redrive policies
   * and functions' dead-letter configs).
   */
  const deadLetterQueues: Record<string, sqs.Queue> = {};
  const deadLetterQueue = (id: string, of?: string) => {
    const dlq = new sqs.Queue(stack, `${id}DeadLetters`, {
      retentionPeriod: Duration.days(14),
      maxMessageSizeBytes: MAX_MESSAGE_BYTES,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    deadLetterQueues[id] = dlq;
    alarmOn(`${id}DeadLettersAlarm`, dlq.metricApproximateNumberOfMessagesVisible());
    justify(
      dlq,
      "Serverless-SQSRedrivePolicy",
      "is itself a dead-letter queue: its messages stay 14 days for inspection and redrive, under an alarm; a redrive policy here would move failures a second time",
    );
    if (of) {
      justify(
        dlq,
        "AwsSolutions-SQS3",
        `is the dead-letter queue of ${of}, which this rule (it looks for queues' redrive policies only) does not see`,
      );
    }
    return dlq;
  };

  /** The values of the settings the stacks supply in this stack (settings.ts names them all). */
  const values: Partial<Record<SettingName, string>> = {
    STAGE: app.stage,
    NODE_ENV: "production",
    TABLE_NAME: table.tableName,
    INVOICES_BUCKET: invoices.bucketName,
    IMAGES_BUCKET: images.bucketName,
    IMAGES_BASE_URL: imagesBaseUrl,
    SEARCH_BUCKET: search.bucketName,
    MAIL_FROM: settings.mailFrom,
    SUPPORT_EMAIL: settings.supportEmail,
    APP_URL: settings.appUrl,
    PAYMENTS: settings.payments,
    // The site shows the sales days that the order reactions count: one zone for both.
    SHOP_TIME_ZONE: settings.timeZone,
  };
  /** The site's plain settings (stacks/Web.ts adds its own) and the secrets it is bound to. */
  const environment = Object.fromEntries(
    SITE_SETTINGS.flatMap((name) => (values[name] === undefined ? [] : [[name, values[name]]])),
  ) as Record<string, string>;
  const shopFunction = (role: typeof SITE_ROLE) => ({
    environment: { ...environment, SHOP_FUNCTION: role },
    bind: secretsFor(SITE_SETTINGS, secrets, settings.payments),
  });

  const wiring: Wiring = {
    stack,
    table,
    buckets: { invoices, images, search },
    values,
    secrets,
    payments: settings.payments,
    sendMail,
    workQueues: {},
    deadLetterQueue,
    alarmOn: (id, metric, threshold) => {
      alarmOn(id, metric, threshold);
    },
  };
  // The work queues first (the dispatcher sends to them), then the deploy's migrations, then every
  // other function built here. Upgrades cannot half-land (docs/decisions/024-migrations-on-deploy.md):
  // each other function (its code, role, triggers) depends on the migrations' Script, so
  // CloudFormation updates none of them before the data is migrated, and a failed, unfinished or
  // contended migration fails the deploy with the stage still on its code from before. The Web
  // stack, which uses this one, comes after.
  const queues = workQueues(wiring, ENTRIES);
  wiring.workQueues = queues;
  const functions = {} as Record<FunctionName, lambda.IFunction>;
  const here = ENTRIES.filter(([, entry]) => builtIn(entry) === "events");
  const onDeploy = here.filter(([, entry]) => entry.trigger.kind === "deploy");
  const scripts = onDeploy.map(([name, entry]) => {
    const built = buildFunction(name, entry, wiring);
    functions[name] = built.fn;
    return built.script;
  });
  for (const [name, entry] of here) {
    if (entry.trigger.kind === "deploy") continue;
    const consumed = WORK_QUEUES.find((q) => q.consumer === name);
    const events = entry.trigger.kind === "stream" ? eventsOf(name) : undefined;
    const { fn } = buildFunction(name, entry, wiring, {
      ...(events ? { events } : {}),
      ...(consumed ? { queue: queues[consumed.queue] } : {}),
    });
    for (const script of scripts) if (script) fn.node.addDependency(script);
    functions[name] = fn;
  }

  return {
    environment,
    values,
    shopFunction,
    settings,
    secrets,
    sendMail,
    alerts,
    /** Every function built here, by its registry name (the dashboard's rows: stacks/dashboard.ts). */
    functions,
    queues,
    wiring,
    deadLetterQueue,
    deadLetterQueues,
    STREAM_READER,
  };
}

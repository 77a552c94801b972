// What happens after a change: the table's stream and its readers, the SQS work queues between
// them and the slow or bulky work, the schedules, S3's notifications and the function URLs: every
// function of the registry (functions/src/registry.ts, docs/decisions/029-function-registry.md)
// that does not need the site, each built from its entry by stacks/functions.ts. The routing
// (docs/decisions/004-dispatcher-and-work-queues.md):
// - the dispatcher forwards work-item events (each queue entry's events) to their queue, and the
//   catalogue's changes to the edge purge's queue (made here, polled from the Web stack:
//   docs/decisions/042-two-stream-readers.md); it may send to those queues and nothing else;
// - the order reactions (invoice PDF, confirmation, shipped notice, anonymisation, stock, the
//   sales aggregates) read their events from the stream themselves;
// - each queue's consumer takes its messages in batches and reports failures one by one; a
//   message that keeps failing goes to the queue's dead-letter queue. A stream batch that keeps
//   failing goes to the stream reader's dead-letter queue.
// Every dead-letter queue, every function's errors and a queue whose oldest message waits too
// long raise an alarm. Each function gets only the permissions its entry declares. What AWS's rule
// packs find here and we keep is justified next to the construct (stacks/rule-packs.ts).
// Mail (docs/decisions/037-mail-reputation.md): a configuration set for transactional mail and
// one for the newsletter, each publishing its bounces and complaints to the MailEvents topic,
// which the mail-events function reads through a queue of its own; alarms on SES's bounce and
// complaint rates, below the rates at which SES reviews an account.
import { type SettingName, type SITE_ROLE, SITE_SETTINGS } from "@shop/core/server/context";
import { ENTRIES, eventsOf, type FunctionName, WORK_QUEUES } from "@shop/functions/registry";
import { Duration } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as iam from "aws-cdk-lib/aws-iam";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import * as ses from "aws-cdk-lib/aws-ses";
import * as sns from "aws-cdk-lib/aws-sns";
import * as sqs from "aws-cdk-lib/aws-sqs";
import { type StackContext, use } from "sst/constructs";
import { ALARMS, alarmOnAny, alertsTopic } from "./alarms.ts";
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
  // Bounces and complaints of both kinds of mail, delivered to the shop (TLS only; SES may
  // publish for these configuration sets: the event destinations add that statement).
  const mailEvents = new sns.Topic(stack, "MailEventsTopic", { enforceSSL: true });
  const configurationSet = (id: string) => {
    const set = new ses.ConfigurationSet(stack, id, { reputationMetrics: true });
    set.addEventDestination(`${id}Events`, {
      destination: ses.EventDestination.snsTopic(mailEvents),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    return set;
  };
  const transactionalMail = configurationSet("TransactionalMail");
  const newsletterMail = configurationSet("NewsletterMail");
  // SES authorizes a send on the identity and on the configuration set it names.
  const sendMail = new iam.PolicyStatement({
    actions: ["ses:SendEmail", "ses:SendRawEmail"],
    resources: [
      stack.formatArn({
        service: "ses",
        resource: "identity",
        resourceName: identity.emailIdentityName,
      }),
      ...[transactionalMail, newsletterMail].map((set) =>
        stack.formatArn({
          service: "ses",
          resource: "configuration-set",
          resourceName: set.configurationSetName,
        }),
      ),
    ],
  });

  // TLS only; CloudWatch's alarms may publish; ALERT_EMAIL subscribed (stacks/alarms.ts).
  const alerts = alertsTopic(stack, "Alerts", { alertEmail: settings.alertEmail });
  const alarmOn = (id: string, metric: cloudwatch.IMetric, threshold?: number) =>
    alarmOnAny(stack, id, metric, alerts, threshold);
  // SES's own reputation rates of the account (a fraction, 0.05 = 5%): alarmed at half the
  // rate at which SES puts the account under review (stacks/alarms.ts ALARMS).
  const reputation = (metricName: string) =>
    new cloudwatch.Metric({
      namespace: "AWS/SES",
      metricName,
      statistic: "Maximum",
      period: Duration.hours(1),
    });
  alarmOnAny(
    stack,
    "MailBounceRateAlarm",
    reputation("Reputation.BounceRate"),
    alerts,
    ALARMS.mailBounceRate,
    {
      description: `SES's bounce rate reached ${ALARMS.mailBounceRate * 100}% (SES reviews the account at 5%): see README "Mail reputation"`,
    },
  );
  alarmOnAny(
    stack,
    "MailComplaintRateAlarm",
    reputation("Reputation.ComplaintRate"),
    alerts,
    ALARMS.mailComplaintRate,
    {
      description: `SES's complaint rate reached ${ALARMS.mailComplaintRate * 100}% (SES reviews the account at 0.1%): see README "Mail reputation"`,
    },
  );

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
    MAIL_CONFIGURATION_SET: transactionalMail.configurationSetName,
    NEWSLETTER_CONFIGURATION_SET: newsletterMail.configurationSetName,
    SUPPORT_EMAIL: settings.supportEmail,
    APP_URL: settings.appUrl,
    PAYMENTS: settings.payments,
    // The site shows the sales days that the order reactions count: one zone for both.
    SHOP_TIME_ZONE: settings.timeZone,
    MAIL_RATE_PER_SECOND: String(settings.mailRatePerSecond),
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
    mailEvents,
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
  /** Every queue a function consumes: the work queues, and the mail events' (the dashboard's). */
  const consumedQueues: Record<string, sqs.Queue> = { ...queues };
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
    const built = buildFunction(name, entry, wiring, {
      ...(events ? { events } : {}),
      ...(consumed ? { queue: queues[consumed.queue] } : {}),
    });
    for (const script of scripts) if (script) built.fn.node.addDependency(script);
    functions[name] = built.fn;
    if (entry.trigger.kind === "mailEvents" && built.queue) consumedQueues[name] = built.queue;
  }

  return {
    environment,
    values,
    shopFunction,
    settings,
    secrets,
    sendMail,
    mailEvents,
    alerts,
    /** Every function built here, by its registry name (the dashboard's rows: stacks/dashboard.ts). */
    functions,
    queues: consumedQueues,
    wiring,
    deadLetterQueue,
    deadLetterQueues,
    STREAM_READER,
  };
}

// The functions fed by the table's stream. Each one is subscribed with a filter on the domain
// event types it handles (functions/src/subscriptions.ts), retries a failing batch, then sets
// it aside in its own dead-letter queue, which raises an alarm. Each gets only the permissions
// its work needs: the invoice function writes invoices, the mailer reads them and sends mail.
import { EVENT_ENTITY } from "@shop/core/server/events";
import { STREAM_CONSUMERS, type StreamConsumerName } from "@shop/functions/subscriptions";
import { Duration } from "aws-cdk-lib";
import type * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import * as sources from "aws-cdk-lib/aws-lambda-event-sources";
import * as ses from "aws-cdk-lib/aws-ses";
import * as sns from "aws-cdk-lib/aws-sns";
import * as subscriptions from "aws-cdk-lib/aws-sns-subscriptions";
import * as sqs from "aws-cdk-lib/aws-sqs";
import { Function as Fn, type StackContext, use } from "sst/constructs";
import { alarmOnAny } from "./alarms.ts";
import { readObjects, tableReadWrite, writeObjects } from "./permissions.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";

/** Mail settings: the sending domain (verified in SES) or, without one, a single address. */
export function mailSettings() {
  const domain = process.env.DOMAIN;
  const mailFrom = process.env.MAIL_FROM || (domain ? `shop@${domain}` : "shop@example.com");
  return { domain, mailFrom, supportEmail: process.env.SUPPORT_EMAIL || mailFrom };
}

export function Events({ stack, app }: StackContext) {
  const { table, invoices, images, imagesBaseUrl } = use(Storage);
  const secrets = use(Secrets);
  const mail = mailSettings();

  const identity = new ses.EmailIdentity(stack, "MailIdentity", {
    identity: mail.domain ? ses.Identity.domain(mail.domain) : ses.Identity.email(mail.mailFrom),
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

  const alerts = new sns.Topic(stack, "Alerts");
  if (process.env.ALERT_EMAIL) {
    alerts.addSubscription(new subscriptions.EmailSubscription(process.env.ALERT_EMAIL));
  }
  const alarmOn = (id: string, metric: cloudwatch.IMetric) => alarmOnAny(stack, id, metric, alerts);

  /** The environment every function of the shop reads (core/src/context/config.ts). */
  const environment = {
    STAGE: app.stage,
    NODE_ENV: "production",
    TABLE_NAME: table.tableName,
    INVOICES_BUCKET: invoices.bucketName,
    IMAGES_BUCKET: images.bucketName,
    IMAGES_BASE_URL: imagesBaseUrl,
    MAIL_FROM: mail.mailFrom,
    SUPPORT_EMAIL: mail.supportEmail,
    APP_URL: process.env.APP_URL || (mail.domain ? `https://${mail.domain}` : ""),
  };

  const functions = {} as Record<StreamConsumerName, Fn>;
  for (const [name, consumer] of Object.entries(STREAM_CONSUMERS) as Array<
    [StreamConsumerName, (typeof STREAM_CONSUMERS)[StreamConsumerName]]
  >) {
    const fn = new Fn(stack, `${name[0]?.toUpperCase()}${name.slice(1)}`, {
      handler: consumer.handler,
      environment,
      timeout: 60,
      memorySize: 512,
      // The fan-out signs each subscriber's unsubscribe link with the session secret.
      bind: name === "newsletterFanout" ? [secrets.sessionSecret] : [],
    });
    const dlq = new sqs.Queue(stack, `${name}DeadLetters`, {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    fn.addEventSource(
      new sources.DynamoEventSource(table.cdk.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        retryAttempts: 5,
        bisectBatchOnError: true,
        maxRecordAge: Duration.days(1),
        onFailure: new sources.SqsDlq(dlq),
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual("INSERT"),
            dynamodb: {
              NewImage: {
                entity: { S: lambda.FilterRule.isEqual(EVENT_ENTITY) },
                type: { S: lambda.FilterRule.or(...consumer.events) },
              },
            },
          }),
        ],
      }),
    );
    fn.addToRolePolicy(tableReadWrite(table));
    alarmOn(`${name}DeadLettersAlarm`, dlq.metricApproximateNumberOfMessagesVisible());
    alarmOn(`${name}ErrorsAlarm`, fn.metricErrors({ period: Duration.minutes(5) }));
    functions[name] = fn;
  }
  functions.invoice.addToRolePolicy(writeObjects(invoices));
  functions.mailer.addToRolePolicy(readObjects(invoices));
  functions.mailer.addToRolePolicy(sendMail);

  // Stripe's webhook: a function URL (Stripe signs every call; the handler verifies it).
  const stripeWebhook = new Fn(stack, "StripeWebhook", {
    handler: "functions/src/stripe-webhook.handler",
    environment,
    bind: [secrets.stripeSecretKey, secrets.stripeWebhookSecret, secrets.sessionSecret],
    timeout: 20,
  });
  stripeWebhook.addToRolePolicy(tableReadWrite(table));
  const webhookUrl = stripeWebhook.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });
  alarmOn("StripeWebhookErrorsAlarm", stripeWebhook.metricErrors({ period: Duration.minutes(5) }));

  stack.addOutputs({ StripeWebhookUrl: webhookUrl.url });
  return { environment, sendMail, alerts, functions };
}

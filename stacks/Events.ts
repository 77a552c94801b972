// What happens after a change: the table's stream, read by two functions here (AWS advises at most
// two readers per shard; the edge purge in Web.ts is a third, decision 004's amendment), and the
// SQS work queues between them and the slow or bulky work. The
// routing is functions/src/subscriptions.ts (docs/decisions/004-dispatcher-and-work-queues.md):
// - the dispatcher forwards work-item events (mail.requested, newsletter.send.requested) to
//   their queue; it may send to those queues and nothing else;
// - the invoice function runs the order reactions (invoice PDF, confirmation, shipped notice);
// - each queue's consumer (the mailer, the newsletter fan-out) takes its messages in batches and
//   reports failures one by one; a message that keeps failing goes to the queue's dead-letter
//   queue. A stream batch that keeps failing goes to the stream reader's dead-letter queue.
// Every dead-letter queue, every function's errors and a queue whose oldest message waits too
// long raise an alarm. Each function gets only the permissions its work needs. What AWS's rule
// packs find here and we keep is justified next to the construct (stacks/rule-packs.ts).
import type { FunctionRole } from "@shop/core/server/context";
import { EVENT_ENTITY } from "@shop/core/server/events";
import {
  QUEUES,
  type QueueName,
  queueUrlVariable,
  SCHEDULED_JOBS,
  STREAM_CONSUMERS,
  type StreamConsumerName,
} from "@shop/functions/subscriptions";
import { Duration } from "aws-cdk-lib";
import type * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import * as sources from "aws-cdk-lib/aws-lambda-event-sources";
import * as ses from "aws-cdk-lib/aws-ses";
import * as sns from "aws-cdk-lib/aws-sns";
import * as subscriptions from "aws-cdk-lib/aws-sns-subscriptions";
import * as sqs from "aws-cdk-lib/aws-sqs";
import { Cron, Function as Fn, type StackContext, use } from "sst/constructs";
import { ALARMS, alarmOnAny } from "./alarms.ts";
import { imageVariantsFunction } from "./image-variants.ts";
import {
  objectsOf,
  readObjects,
  sendMessages,
  tableReadWrite,
  writeObjects,
} from "./permissions.ts";
import { justify, justifyFunction } from "./rule-packs.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";
import { deploySettings, secretsFor } from "./stage.ts";

/** SQS's largest message: a table item (400 KB at most) always fits as JSON. */
const MAX_MESSAGE_BYTES = 1_048_576;

/** A scheduled job's time limit (the expiry walks a page of abandoned orders at a time). */
const SCHEDULED_JOB_TIMEOUT_SECONDS = 300;
const STREAM_READER =
  "reads the table's stream (an event source mapping, a synchronous invocation): a batch that keeps failing goes to the mapping's on-failure destination";

const pascal = (name: string) => `${name[0]?.toUpperCase()}${name.slice(1)}`;

export function Events({ stack, app }: StackContext) {
  const { table, invoices, images, imagesBaseUrl } = use(Storage);
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

  // SSL only: a publisher without TLS is refused by the topic's policy.
  const alerts = new sns.Topic(stack, "Alerts", { enforceSSL: true });
  if (process.env.ALERT_EMAIL) {
    alerts.addSubscription(new subscriptions.EmailSubscription(process.env.ALERT_EMAIL));
  }
  const alarmOn = (id: string, metric: cloudwatch.IMetric, threshold?: number) =>
    alarmOnAny(stack, id, metric, alerts, threshold);
  const errorsAlarm = (id: string, fn: Fn) =>
    alarmOn(`${id}ErrorsAlarm`, fn.metricErrors({ period: Duration.minutes(5) }));

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

  /** The environment the shop's functions read (core/src/context/settings.ts lists who reads what). */
  const environment = {
    STAGE: app.stage,
    NODE_ENV: "production",
    TABLE_NAME: table.tableName,
    INVOICES_BUCKET: invoices.bucketName,
    IMAGES_BUCKET: images.bucketName,
    IMAGES_BASE_URL: imagesBaseUrl,
    MAIL_FROM: settings.mailFrom,
    SUPPORT_EMAIL: settings.supportEmail,
    APP_URL: settings.appUrl,
    PAYMENTS: settings.payments,
    // The site shows the sales days that the invoice function counts: one zone for both.
    SHOP_TIME_ZONE: settings.timeZone,
  };
  /** What a function of the shop is given: its name, and the secrets it reads. */
  const shopFunction = (role: FunctionRole) => ({
    environment: { ...environment, SHOP_FUNCTION: role },
    bind: secretsFor(role, secrets, settings.payments),
  });

  // The work queues and their consumers.
  const queues = {} as Record<QueueName, sqs.Queue>;
  const consumers = {} as Record<QueueName, Fn>;
  for (const name of Object.keys(QUEUES) as QueueName[]) {
    const spec = QUEUES[name];
    const id = pascal(spec.consumer.name);
    const queue = new sqs.Queue(stack, `${pascal(name)}Queue`, {
      // Lambda's advice: at least six times the consumer's timeout, so a message in work is
      // not handed to a second consumer.
      visibilityTimeout: Duration.seconds(spec.timeoutSeconds * 6),
      maxMessageSizeBytes: MAX_MESSAGE_BYTES,
      deadLetterQueue: {
        queue: deadLetterQueue(pascal(name)),
        maxReceiveCount: spec.maxReceiveCount,
      },
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    alarmOn(
      `${pascal(name)}QueueAgeAlarm`,
      queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(5) }),
      ALARMS.queueAgeSeconds,
    );
    const fn = new Fn(stack, id, {
      handler: spec.consumer.handler,
      // (The fan-out signs each subscriber's unsubscribe link with the session secret.)
      ...shopFunction(spec.consumer.name),
      timeout: spec.timeoutSeconds,
      memorySize: 512,
    });
    fn.addEventSource(
      new sources.SqsEventSource(queue, {
        batchSize: spec.batchSize,
        maxConcurrency: spec.maxConcurrency,
        reportBatchItemFailures: true,
      }),
    );
    fn.addToRolePolicy(tableReadWrite(table));
    errorsAlarm(id, fn);
    justifyFunction(fn, `polls the ${name} queue (an SQS event source, a synchronous invocation)`);
    justify(
      fn,
      "Serverless-LambdaEventSourceMappingDestination",
      `reads an SQS queue, for which Lambda offers no on-failure destination: a message that fails ${spec.maxReceiveCount} times moves to the queue's own dead-letter queue (its RedrivePolicy)`,
    );
    queues[name] = queue;
    consumers[name] = fn;
  }
  consumers.mail.addToRolePolicy(readObjects(invoices));
  consumers.mail.addToRolePolicy(sendMail);
  justify(
    consumers.mail,
    `AwsSolutions-IAM5[${objectsOf(invoices)}]`,
    "reads any invoice or credit note PDF of the shop's own invoices bucket (one object per order or return, keyed by its id): it attaches the paid order's invoice to its confirmation e-mail and a refunded return's credit note to its refund e-mail",
  );

  // The stream's two readers, each filtered to its event types.
  const streamSource = (types: readonly string[], id: string, reportBatchItemFailures: boolean) =>
    new sources.DynamoEventSource(table.cdk.table, {
      startingPosition: lambda.StartingPosition.TRIM_HORIZON,
      batchSize: 10,
      retryAttempts: 5,
      bisectBatchOnError: true,
      reportBatchItemFailures,
      maxRecordAge: Duration.days(1),
      onFailure: new sources.SqsDlq(
        deadLetterQueue(id, `the ${id.toLowerCase()} stream reader (its on-failure destination)`),
      ),
      filters: [
        lambda.FilterCriteria.filter({
          eventName: lambda.FilterRule.isEqual("INSERT"),
          dynamodb: {
            NewImage: {
              entity: { S: lambda.FilterRule.isEqual(EVENT_ENTITY) },
              type: { S: lambda.FilterRule.or(...types) },
            },
          },
        }),
      ],
    });

  const dispatcher = new Fn(stack, "Dispatcher", {
    handler: STREAM_CONSUMERS.dispatcher.handler,
    // Only its role and the queues' URLs: it reads no table item, bucket or secret.
    environment: {
      SHOP_FUNCTION: "dispatcher",
      ...Object.fromEntries(
        (Object.keys(queues) as QueueName[]).map((name) => [
          queueUrlVariable(name),
          queues[name].queueUrl,
        ]),
      ),
    },
    timeout: 30,
    memorySize: 256,
  });
  dispatcher.addEventSource(streamSource(STREAM_CONSUMERS.dispatcher.events, "Dispatcher", true));
  dispatcher.addToRolePolicy(sendMessages(Object.values(queues)));
  errorsAlarm("Dispatcher", dispatcher);
  justifyFunction(dispatcher, STREAM_READER);

  const invoice = new Fn(stack, "Invoice", {
    handler: STREAM_CONSUMERS.invoice.handler,
    ...shopFunction("invoice"),
    timeout: 60,
    memorySize: 512,
  });
  invoice.addEventSource(streamSource(STREAM_CONSUMERS.invoice.events, "Invoice", false));
  invoice.addToRolePolicy(tableReadWrite(table));
  invoice.addToRolePolicy(writeObjects(invoices));
  errorsAlarm("Invoice", invoice);
  justifyFunction(invoice, STREAM_READER);
  justify(
    invoice,
    `AwsSolutions-IAM5[${objectsOf(invoices)}]`,
    "puts each paid order's invoice PDF and each refunded return's credit note PDF into the shop's own invoices bucket, one object per order or return keyed by its id, so the key is only known per order or return",
  );

  // Scheduled jobs (functions/src/subscriptions.ts SCHEDULED_JOBS, e.g. expiring abandoned
  // PENDING orders): the table, an errors alarm and the secrets the job reads; nothing else.
  // EventBridge invokes the job asynchronously: a run it cannot deliver, and a run that fails
  // after Lambda's retries, each end in the job's dead-letter queue (with its alarm).
  const scheduledJobs: Record<string, lambda.IFunction> = {};
  for (const [name, job] of Object.entries(SCHEDULED_JOBS)) {
    const id = pascal(name);
    const dlq = deadLetterQueue(id);
    const cron = new Cron(stack, `${id}Schedule`, {
      schedule: job.schedule,
      job: {
        function: {
          handler: job.handler,
          ...shopFunction(job.role),
          timeout: SCHEDULED_JOB_TIMEOUT_SECONDS,
          // Lambda retries a failed asynchronous run twice, then moves it here.
          deadLetterQueue: dlq,
        },
        cdk: { target: { deadLetterQueue: dlq, retryAttempts: 2, maxEventAge: Duration.hours(1) } },
      },
    });
    cron.jobFunction.addToRolePolicy(tableReadWrite(table));
    scheduledJobs[name] = cron.jobFunction;
    errorsAlarm(id, cron.jobFunction);
    justifyFunction(cron.jobFunction);
  }

  // Stripe's webhook: a function URL (Stripe signs every call; the handler verifies it).
  const stripeWebhook = new Fn(stack, "StripeWebhook", {
    handler: "functions/src/stripe-webhook.handler",
    ...shopFunction("stripeWebhook"),
    timeout: 20,
  });
  stripeWebhook.addToRolePolicy(tableReadWrite(table));
  const webhookUrl = stripeWebhook.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });
  errorsAlarm("StripeWebhook", stripeWebhook);
  justifyFunction(
    stripeWebhook,
    "answers Stripe through its function URL (a synchronous invocation); Stripe retries an unanswered event for up to three days",
  );

  // Admins' photos → their AVIF and WebP variants (S3's notification; stacks/image-variants.ts).
  const imageVariants = imageVariantsFunction(stack, {
    images,
    table,
    ...shopFunction("imageVariants"),
    deadLetters: deadLetterQueue("ImageVariants"),
  });
  errorsAlarm("ImageVariants", imageVariants);

  const functions: Record<StreamConsumerName | "mailer" | "newsletterFanout", Fn> = {
    dispatcher,
    invoice,
    mailer: consumers.mail,
    newsletterFanout: consumers.newsletter,
  };
  /** Every function of this stack, by name (the dashboard's rows: stacks/dashboard.ts). */
  const allFunctions: Record<string, lambda.IFunction> = {
    ...functions,
    ...scheduledJobs,
    stripeWebhook,
    imageVariants,
  };
  stack.addOutputs({ StripeWebhookUrl: webhookUrl.url });
  return {
    environment,
    shopFunction,
    settings,
    sendMail,
    alerts,
    functions,
    allFunctions,
    queues,
    deadLetterQueue,
    deadLetterQueues,
    STREAM_READER,
  };
}

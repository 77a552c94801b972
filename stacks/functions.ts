// Every Lambda function of the shop, built from its entry in the registry
// (functions/src/registry.ts, docs/decisions/029-function-registry.md): the function with its
// tuning, the settings it reads (plain environment, or the SST secrets it is bound to), its role's
// statements from the entry's permissions, its trigger with what the trigger needs (a work queue
// and its dead-letter queue, a stream mapping and its on-failure queue, a schedule, S3's
// notification, a function URL, the deploy's Script), an errors alarm, and the rule packs'
// justifications that follow from all of these. stacks/Events.ts builds the entries it has
// everything for; stacks/Web.ts those that need the site's distribution, and the deploy's.

import { PURGING_ENTITIES, RELEASED_SLUG_PREFIX } from "@shop/core/edge-cache";
import { SETTINGS_VARIABLE, type SettingName, settingsOf } from "@shop/core/server/context";
import { EVENT_ENTITY } from "@shop/core/server/events";
import {
  CHANGE_QUEUES,
  type FunctionEntry,
  type FunctionName,
  type Permission,
  pascal,
  queueConstruct,
  queueUrlVariable,
  type Trigger,
  WORK_QUEUES,
} from "@shop/functions/registry";
import { ArnFormat, Duration } from "aws-cdk-lib";
import type * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import type * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import * as sources from "aws-cdk-lib/aws-lambda-event-sources";
import type * as sns from "aws-cdk-lib/aws-sns";
import * as snsSubscriptions from "aws-cdk-lib/aws-sns-subscriptions";
import * as sqs from "aws-cdk-lib/aws-sqs";
import {
  type Bucket,
  type Config,
  Cron,
  Function as Fn,
  type FunctionProps,
  type Script,
  type Stack,
  type Table,
} from "sst/constructs";
import { ALARMS } from "./alarms.ts";
import { notifyOnUpload, SHARP_MODULES } from "./image-variants.ts";
import { runOnDeploy, writeMigrationsHandler } from "./migrations.ts";
import { objectsOf, sendMessages, tableReadWrite } from "./permissions.ts";
import { justify, justifyFunction } from "./rule-packs.ts";
import { BUNDLE, stageKind } from "./stage.ts";

/** SQS's largest message: a table item (400 KB at most) always fits as JSON. */
export const MAX_MESSAGE_BYTES = 1_048_576;

export const STREAM_READER =
  "reads the table's stream (an event source mapping, a synchronous invocation): a batch that keeps failing goes to the mapping's on-failure destination";

/**
 * Which stack builds an entry: the Web stack when it needs the site. The deploy's migrations are
 * built in the Events stack, first: every other function there, and the Web stack after it, waits
 * for them (stacks/Events.ts).
 */
export const builtIn = (entry: FunctionEntry): "events" | "web" =>
  entry.permissions.some((p) => "distribution" in p) ? "web" : "events";

/** What the stacks give the builder: the stage's resources and how to alarm and dead-letter. */
export interface Wiring {
  stack: Stack;
  table: Table;
  buckets: Record<"invoices" | "images" | "search", Bucket>;
  /** The values of the settings the stacks supply (the stage's, the operator's, its resources'). */
  values: Partial<Record<SettingName, string>>;
  /** The SST secrets of the stage, by setting name. */
  secrets: Record<string, Config.Secret>;
  payments: "stripe" | "test";
  sendMail?: iam.PolicyStatement;
  /** The topic SES's configuration sets publish bounces and complaints to (stacks/Events.ts). */
  mailEvents?: sns.ITopic;
  /** The work queues (queue name → queue), for the dispatcher's grant and environment. */
  workQueues: Record<string, sqs.Queue>;
  distribution?: cloudfront.IDistribution;
  deadLetterQueue(id: string, of?: string): sqs.Queue;
  alarmOn(id: string, metric: cloudwatch.IMetric, threshold?: number): void;
}

/** What one entry became. */
export interface Built {
  fn: lambda.IFunction;
  /** The work queue a queue entry consumes. */
  queue?: sqs.Queue;
  /** A URL entry's function URL. */
  url?: lambda.FunctionUrl;
  /** A deploy entry's Script: what runs it on every deploy. */
  script?: Script;
}

/** The function's plain environment and secrets: exactly the settings its entry names. */
function settingsFor(name: FunctionName, entry: FunctionEntry, wiring: Wiring) {
  const environment: Record<string, string> = {
    SHOP_FUNCTION: name,
    [SETTINGS_VARIABLE]: entry.settings.join(","),
  };
  const bind: Config.Secret[] = [];
  for (const [setting, schema] of settingsOf(entry.settings, wiring.payments)) {
    if (schema.source === "lambda") continue;
    if (schema.source === "secret") {
      const secret = wiring.secrets[setting];
      if (!secret) throw new Error(`stacks/Secrets.ts defines no secret ${setting}`);
      bind.push(secret);
      continue;
    }
    const value = wiring.values[setting];
    if (value !== undefined) environment[setting] = value;
    else if (!schema.optional) {
      throw new Error(`the ${name} function reads ${setting}, which the stacks do not supply here`);
    }
  }
  return { environment, bind };
}

/** The statements of a permission of the entry (and the rule packs' findings it answers). */
function grant(fn: Fn, name: FunctionName, permission: Permission, wiring: Wiring) {
  const { table, stack } = wiring;
  if ("table" in permission) {
    if (permission.table === "readWrite") {
      fn.addToRolePolicy(tableReadWrite(table));
      return;
    }
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...permission.table],
        resources: [
          table.tableArn,
          ...(permission.indexes ?? []).map((index) => `${table.tableArn}/index/${index}`),
        ],
        ...(permission.leadingKeys
          ? {
              conditions: {
                "ForAllValues:StringLike": { "dynamodb:LeadingKeys": [...permission.leadingKeys] },
              },
            }
          : {}),
      }),
    );
    return;
  }
  if ("bucket" in permission) {
    const bucket = wiring.buckets[permission.bucket];
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...permission.actions],
        resources: [`${bucket.bucketArn}/${permission.keys}`],
      }),
    );
    if (permission.keys.endsWith("*")) {
      if (!permission.why) {
        throw new Error(`the ${name} function's objects ${permission.keys} need a why`);
      }
      justify(
        fn,
        `AwsSolutions-IAM5[${objectsOf(bucket, permission.keys.slice(0, -1))}]`,
        permission.why,
      );
    }
    return;
  }
  if ("mail" in permission) {
    if (!wiring.sendMail) throw new Error(`the ${name} function sends mail: no SES identity here`);
    fn.addToRolePolicy(wiring.sendMail);
    return;
  }
  if ("queues" in permission) {
    fn.addToRolePolicy(sendMessages(Object.values(wiring.workQueues)));
    return;
  }
  if (!wiring.distribution) throw new Error(`the ${name} function invalidates: no distribution`);
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ["cloudfront:CreateInvalidation"],
      resources: [
        stack.formatArn({
          service: "cloudfront",
          region: "",
          resource: "distribution",
          resourceName: wiring.distribution.distributionId,
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      ],
    }),
  );
}

/** The work queue of a queue entry: its dead-letter queue, its age alarm. */
function workQueue(
  trigger: Pick<
    Extract<Trigger, { kind: "queue" }>,
    "queue" | "maxReceiveCount" | "ageAlarmSeconds"
  >,
  timeout: number,
  w: Wiring,
) {
  const id = pascal(trigger.queue);
  const queue = new sqs.Queue(w.stack, queueConstruct(trigger.queue), {
    // Lambda's advice: at least six times the consumer's timeout, so a message in work is not
    // handed to a second consumer.
    visibilityTimeout: Duration.seconds(timeout * 6),
    maxMessageSizeBytes: MAX_MESSAGE_BYTES,
    deadLetterQueue: {
      queue: w.deadLetterQueue(id),
      maxReceiveCount: trigger.maxReceiveCount,
    },
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  w.alarmOn(
    `${id}QueueAgeAlarm`,
    queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(5) }),
    trigger.ageAlarmSeconds ?? ALARMS.queueAgeSeconds,
  );
  return queue;
}

/** The kinds of change the dispatcher forwards (the registry's changes entries). */
const changesDispatched = () => CHANGE_QUEUES.map(({ trigger }) => trigger.changes);

/**
 * The work queues of the registry's queue and changes entries, made before any function (the
 * dispatcher sends to them all), in the Events stack; a consumer built in the Web stack (the
 * edge purge) polls its queue from there.
 */
export function workQueues(wiring: Wiring, entries: ReadonlyArray<[FunctionName, FunctionEntry]>) {
  const byName = Object.fromEntries(entries);
  return Object.fromEntries(
    [...WORK_QUEUES, ...CHANGE_QUEUES].map(({ queue, consumer, trigger }) => [
      queue,
      workQueue(trigger, (byName[consumer] as FunctionEntry).timeout, wiring),
    ]),
  ) as Record<string, sqs.Queue>;
}

/**
 * The stream's filters for the changes the dispatcher forwards (the registry's CHANGES_QUEUE_OF):
 * the items cached pages show (core/src/edge-cache), and a released slug claim by its key.
 */
const CHANGE_FILTERS = {
  catalogue: () => [
    lambda.FilterCriteria.filter({
      dynamodb: { NewImage: { entity: { S: lambda.FilterRule.or(...PURGING_ENTITIES) } } },
    }),
    lambda.FilterCriteria.filter({
      eventName: lambda.FilterRule.isEqual("REMOVE"),
      dynamodb: { Keys: { pk: { S: lambda.FilterRule.beginsWith(RELEASED_SLUG_PREFIX) } } },
    }),
  ],
} as const;

/**
 * The stream mapping of a stream entry: inserted events of its types and, for the dispatcher, the
 * changes it forwards (one mapping, its filters OR-ed: docs/decisions/042-two-stream-readers.md).
 */
function streamSource(
  name: FunctionName,
  events: readonly string[],
  changes: ReadonlyArray<keyof typeof CHANGE_FILTERS>,
  w: Wiring,
) {
  const id = pascal(name);
  const onFailure = new sources.SqsDlq(
    w.deadLetterQueue(id, `the ${name} stream reader (its on-failure destination)`),
  );
  return new sources.DynamoEventSource(w.table.cdk.table, {
    startingPosition: lambda.StartingPosition.TRIM_HORIZON,
    retryAttempts: 5,
    bisectBatchOnError: true,
    maxRecordAge: Duration.days(1),
    onFailure,
    // Every reader answers with its batch's first failure (functions/src/lambda/queues.ts).
    reportBatchItemFailures: true,
    batchSize: 10,
    filters: [
      lambda.FilterCriteria.filter({
        eventName: lambda.FilterRule.isEqual("INSERT"),
        dynamodb: {
          NewImage: {
            entity: { S: lambda.FilterRule.isEqual(EVENT_ENTITY) },
            type: { S: lambda.FilterRule.or(...events) },
          },
        },
      }),
      ...changes.flatMap((kind) => CHANGE_FILTERS[kind]()),
    ],
  });
}

/**
 * `fn` consumes `queue` in batches, reporting failed messages one by one; `why` is what AWS's rule
 * packs are told of its invocation, and its dead-letter queue is the queue's own.
 */
function consumeQueue(
  fn: Fn,
  queue: sqs.IQueue,
  trigger: {
    batchSize: number;
    maxConcurrency: number;
    maxReceiveCount: number;
    batchingWindowSeconds?: number;
  },
  why: string,
) {
  fn.addEventSource(
    new sources.SqsEventSource(queue, {
      batchSize: trigger.batchSize,
      maxConcurrency: trigger.maxConcurrency,
      reportBatchItemFailures: true,
      ...(trigger.batchingWindowSeconds === undefined
        ? {}
        : { maxBatchingWindow: Duration.seconds(trigger.batchingWindowSeconds) }),
    }),
  );
  justifyFunction(fn, why);
  justify(
    fn,
    "Serverless-LambdaEventSourceMappingDestination",
    `reads an SQS queue, for which Lambda offers no on-failure destination: a message that fails ${trigger.maxReceiveCount} times moves to the queue's own dead-letter queue (its RedrivePolicy)`,
  );
}

/**
 * Staging and production set their functions' reserved concurrency aside (FunctionEntry
 * `reserved`); a preview stage, which may share an account with a low limit, does not.
 */
export const reservesConcurrency = (stage: string) => {
  const kind = stageKind(stage);
  return kind === "staging" || kind === "production";
};

/**
 * Builds the function of `name` from its entry: `events` are the event types a stream entry
 * reads (the registry's eventsOf), `queue` the work queue a queue entry consumes.
 */
export function buildFunction(
  name: FunctionName,
  entry: FunctionEntry,
  wiring: Wiring,
  extra: { events?: readonly string[]; queue?: sqs.Queue } = {},
): Built {
  const { stack } = wiring;
  const id = pascal(name);
  const trigger = entry.trigger;
  const { environment, bind } = settingsFor(name, entry, wiring);
  if (entry.permissions.some((p) => "queues" in p)) {
    for (const [queue, q] of Object.entries(wiring.workQueues)) {
      environment[queueUrlVariable(queue)] = q.queueUrl;
    }
  }
  // Lambda retries a failed asynchronous invocation twice, then moves it here.
  const asyncDeadLetters =
    trigger.kind === "schedule" || trigger.kind === "upload"
      ? wiring.deadLetterQueue(id)
      : undefined;
  const props: FunctionProps = {
    handler: entry.handler === "migrations" ? writeMigrationsHandler() : entry.handler,
    environment,
    bind,
    timeout: entry.timeout,
    memorySize: entry.memory ?? 1024,
    ...(asyncDeadLetters ? { deadLetterQueue: asyncDeadLetters } : {}),
    ...(entry.reserved !== undefined && reservesConcurrency(stack.stage)
      ? { reservedConcurrentExecutions: entry.reserved }
      : {}),
    ...(trigger.kind === "deploy" ? { enableLiveDev: false } : {}),
    ...(entry.native === "sharp"
      ? {
          // The copied sharp binary is linux-x64's (stacks/image-variants.ts).
          architecture: "x86_64" as const,
          nodejs: { ...BUNDLE, esbuild: { ...BUNDLE.esbuild, external: ["sharp"] } },
          copyFiles: SHARP_MODULES.map((from) => ({ from, to: from })),
        }
      : {}),
  };

  let fn: Fn;
  let queue: sqs.Queue | undefined;
  let url: lambda.FunctionUrl | undefined;
  let script: Script | undefined;
  if (trigger.kind === "schedule") {
    // EventBridge invokes the job asynchronously: a run it cannot deliver, and a run that fails
    // after Lambda's retries, each end in the job's dead-letter queue (with its alarm).
    const cron = new Cron(stack, `${id}Schedule`, {
      schedule: trigger.schedule,
      job: {
        function: props,
        cdk: {
          target: {
            deadLetterQueue: asyncDeadLetters,
            retryAttempts: 2,
            maxEventAge: Duration.hours(1),
          },
        },
      },
    });
    fn = cron.jobFunction;
  } else {
    fn = new Fn(stack, id, props);
  }
  for (const permission of entry.permissions) grant(fn, name, permission, wiring);

  switch (trigger.kind) {
    case "queue": {
      queue = extra.queue;
      if (!queue) throw new Error(`no work queue for the ${name} function`);
      consumeQueue(
        fn,
        queue,
        trigger,
        `polls the ${trigger.queue} queue (an SQS event source, a synchronous invocation)`,
      );
      if (trigger.mailShare !== undefined) {
        // A mailer sends a throttled mail back to its own queue, delayed (functions/src/lambda/mailers.ts).
        fn.addToRolePolicy(sendMessages([queue]));
        fn.addEnvironment(queueUrlVariable(trigger.queue), queue.queueUrl);
      }
      break;
    }
    case "mailEvents": {
      // SES → the topic → this queue (raw: each body is SES's event) → the function.
      if (!wiring.mailEvents) throw new Error(`no mail events topic for the ${name} function`);
      queue = workQueue(
        { queue: name, maxReceiveCount: trigger.maxReceiveCount },
        entry.timeout,
        wiring,
      );
      // An event SNS cannot deliver to the queue (after its retries) waits in a dead-letter
      // queue of its own, under an alarm.
      wiring.mailEvents.addSubscription(
        new snsSubscriptions.SqsSubscription(queue, {
          rawMessageDelivery: true,
          deadLetterQueue: wiring.deadLetterQueue(
            `${id}Delivery`,
            "the MailEvents topic's subscription (SNS's redrive policy)",
          ),
        }),
      );
      consumeQueue(
        fn,
        queue,
        trigger,
        `polls the ${name} queue, which SES's bounce and complaint events reach through the MailEvents topic (an SQS event source, a synchronous invocation)`,
      );
      break;
    }
    case "changes": {
      // The dispatcher's to fill (stacks/Events.ts makes it with the work queues).
      queue = wiring.workQueues[trigger.queue];
      if (!queue) throw new Error(`no ${trigger.queue} queue for the ${name} function`);
      consumeQueue(
        fn,
        queue,
        trigger,
        `polls the ${trigger.queue} queue, which the dispatcher fills with the table's ${trigger.changes} changes (an SQS event source, a synchronous invocation)`,
      );
      break;
    }
    case "stream":
      fn.addEventSource(
        streamSource(
          name,
          extra.events ?? [],
          name === "dispatcher" ? changesDispatched() : [],
          wiring,
        ),
      );
      justifyFunction(fn, STREAM_READER);
      break;
    case "schedule":
      justifyFunction(fn);
      break;
    case "upload":
      notifyOnUpload(stack, fn, wiring.buckets[trigger.bucket], trigger.prefix);
      justifyFunction(fn);
      break;
    case "url":
      url = fn.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });
      stack.addOutputs({ [trigger.output]: url.url });
      justifyFunction(fn, trigger.caller);
      break;
    case "deploy":
      script = runOnDeploy(stack, fn);
      justifyFunction(
        fn,
        "run by SST's Script on every deploy (a synchronous invocation from the deploy's custom resource; a failure fails the deploy)",
      );
      break;
  }
  wiring.alarmOn(`${id}ErrorsAlarm`, fn.metricErrors({ period: Duration.minutes(5) }));
  return { fn, queue, url, script };
}

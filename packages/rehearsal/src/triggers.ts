// What invokes the functions on AWS, rehearsed: the event source mappings of the template (the
// table's stream: Lambda's DynamoDB record shape, its filter criteria, retries, then the
// on-failure queue; SQS queues: receive, filter, invoke, delete what succeeded, leave the
// reported failures for redelivery and, past maxReceiveCount, the queue's dead-letter queue),
// EventBridge schedules (what the rule's target sends: its Input, else the scheduled event), S3's
// notifications of the objects the functions create, and function URLs (HTTP → payload 2.0).
// Each acts with the function's role, as Lambda's service does: reading a stream or a queue the
// role does not allow is an IAM violation. Each invocation by a service or a URL depends on the
// function's resource-based policy (its AWS::Lambda::Permission resources), read here: a function
// URL that policy does not open answers 403, as Lambda does; a schedule or a notification it does
// not allow is a failure. What the pollers see is kept for the report: batch item failures, each
// message's deliveries, and the pollers' own errors (which fail the rehearsal).
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { _Record } from "@aws-sdk/client-dynamodb-streams";
import {
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import { listenOnLoopback, startStreamDelivery } from "@shop/local-cloud";
import type { DeployedStage, EventSourceMapping } from "./deploy.ts";
import { type FilterCriteria, matchesFilterCriteria } from "./event-filter.ts";
import {
  functionUrlEvent,
  functionUrlResponse,
  requestTooLarge,
  responseTooLarge,
} from "./function-url.ts";
import type { LambdaFunction } from "./lambda.ts";
import type { Recorder } from "./recorder.ts";
import { ACCOUNT_ID, LOCAL_CREDENTIALS, REGION, type StandIns } from "./stand-ins.ts";

export interface Failure {
  source: string;
  message: string;
}

/** An answer of 500 or more from a function URL (the site's, through CloudFront or not). */
export interface ServerError {
  function: string;
  method: string;
  path: string;
  status: number;
}
/** A message handed to a function by a queue's poller. */
export interface Delivery {
  queue: string;
  function: string;
  messageId: string;
  body: string;
  receiveCount: number;
  /** The function reported it failed (batchItemFailures) or the invocation failed. */
  failed: boolean;
}

export interface Triggers {
  /** Function URL domain → the local URL serving it. */
  functionUrls: Map<string, string>;
  /** Invokes a schedule's targets once, with what the rule sends them; answers what it sent. */
  fireSchedule(logicalId: string): Promise<unknown[]>;
  /**
   * S3's notification of an object created in `bucket`: invokes each function notified for that
   * event and prefix (asynchronously on AWS: here in the background, a failure recorded);
   * answers how many are notified. Fired for every object a function creates (recorder.ts).
   */
  fireObjectCreated(bucket: string, key: string, event?: string): number;
  /** Waits for the notifications in flight. */
  settled(): Promise<void>;
  /** Failed invocations seen by the pollers, URLs and notifications (function, error). */
  failures: Failure[];
  /** Answers of 500 or more from the function URLs. */
  serverErrors: ServerError[];
  /** Every message the queue pollers delivered, in order. */
  deliveries: Delivery[];
  /** The queue pollers' own errors (not the functions'): each fails the rehearsal. */
  pollerErrors: Failure[];
  stop(): Promise<void>;
}

export async function startTriggers(
  stage: DeployedStage,
  functions: Map<string, LambdaFunction>,
  standIns: StandIns,
  recorder: Recorder,
  options: {
    workDir: string;
    log: (line: string) => void;
    /**
     * Whether the function URLs enforce Lambda's payload limits (true unless false: the
     * self-check's fault turns them off, to prove the journey notices).
     */
    enforcePayloadLimits?: boolean;
  },
): Promise<Triggers> {
  const failures: Failure[] = [];
  const serverErrors: ServerError[] = [];
  const deliveries: Delivery[] = [];
  const pollerErrors: Failure[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const stops: Array<() => Promise<void>> = [];
  /**
   * Whether the function's resource-based policy lets `principal` invoke it with `action` (for a
   * source, when the permission names one). Answers the missing permission, or undefined.
   */
  const missingPermission = (
    functionName: string,
    action: "lambda:InvokeFunction" | "lambda:InvokeFunctionUrl",
    principal: string,
    match: (p: DeployedStage["invokePermissions"][number]) => boolean = () => true,
  ) => {
    const found = stage.invokePermissions.some(
      (p) =>
        p.functionName === functionName &&
        (p.action === action || p.action === "lambda:*") &&
        p.principal === principal &&
        match(p),
    );
    return found ? undefined : `${action} for ${principal === "*" ? "everyone" : principal}`;
  };
  const sqs = new SQSClient({
    endpoint: standIns.sqs,
    region: REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const fnOf = (name: string) => {
    const fn = functions.get(name);
    if (!fn) throw new Error(`no function named ${name} in the deployment`);
    return fn;
  };

  for (const mapping of stage.mappings) {
    const fn = fnOf(mapping.functionName);
    if (mapping.sourceArn.includes(":dynamodb:")) {
      const delivery = await streamMapping(mapping, fn);
      stops.push(() => delivery.stop());
    } else if (mapping.sourceArn.includes(":sqs:")) {
      stops.push(queueMapping(mapping, fn));
    } else {
      throw new Error(`${mapping.logicalId}: event source ${mapping.sourceArn} is not rehearsed`);
    }
  }

  const servers: Server[] = [];
  const functionUrls = new Map<string, string>();
  for (const [domain, name] of stage.functionUrls) {
    // Looked up for each request: a deploy in the journey (the restore's) may replace it.
    fnOf(name);
    // A URL of AuthType NONE answers only if the function's policy opens it to everyone: both
    // lambda:InvokeFunctionUrl (FunctionUrlAuthType NONE) and, for URLs made since October 2025,
    // lambda:InvokeFunction (InvokedViaFunctionUrl).
    const authType = stage.functionUrlAuthTypes.get(domain);
    const closed =
      authType !== "NONE"
        ? `its AuthType is ${authType}, which the rehearsal does not sign for`
        : [
            missingPermission(
              name,
              "lambda:InvokeFunctionUrl",
              "*",
              (p) => p.functionUrlAuthType === "NONE",
            ),
            missingPermission(name, "lambda:InvokeFunction", "*"),
          ]
            .filter(Boolean)
            .map((m) => `its resource-based policy grants no ${m}`)
            .join("; ");
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const fn = fnOf(name);
        if (closed) {
          failures.push({
            source: `${fn.fn.logicalId} (function URL)`,
            message: `Forbidden: ${closed}`,
          });
          res.writeHead(403, { "content-type": "application/json" });
          res.end(JSON.stringify({ Message: "Forbidden" }));
          return;
        }
        const path = (req.url ?? "/").split("?")[0] ?? "/";
        const method = req.method ?? "GET";
        const event = functionUrlEvent({
          method: req.method ?? "GET",
          url: req.url ?? "/",
          headers: req.headers,
          body: Buffer.concat(chunks),
          sourceIp: req.socket.remoteAddress ?? "127.0.0.1",
          domainName: domain,
        });
        // Lambda's payload limits (function-url.ts): a request over them never reaches the
        // function; an answer over them is the function's error.
        const refused = options.enforcePayloadLimits === false ? undefined : requestTooLarge(event);
        if (refused) {
          res.writeHead(refused.statusCode, refused.headers);
          res.end(refused.body);
          return;
        }
        const invocation = await fn.invoke(event);
        const error =
          invocation.error ??
          (options.enforcePayloadLimits === false
            ? undefined
            : responseTooLarge(invocation.result));
        if (error) {
          serverErrors.push({ function: fn.fn.logicalId, method, path, status: 502 });
          failures.push({
            source: `${fn.fn.logicalId} (function URL)`,
            message: errorText(error),
          });
          res.writeHead(502, {
            "content-type": "application/json",
            "x-amzn-errortype": error.errorType,
          });
          res.end(JSON.stringify({ Message: "Internal Server Error" }));
          return;
        }
        const answer = functionUrlResponse(invocation.result);
        if (answer.statusCode >= 500) {
          serverErrors.push({ function: fn.fn.logicalId, method, path, status: answer.statusCode });
        }
        res.writeHead(answer.statusCode, answer.headers);
        res.end(answer.body);
      });
    });
    functionUrls.set(domain, await listenOnLoopback(server));
    servers.push(server);
  }

  return {
    functionUrls,
    failures,
    serverErrors,
    deliveries,
    pollerErrors,
    async fireSchedule(logicalId) {
      const schedule = stage.schedules.find((s) => s.logicalId === logicalId);
      if (!schedule) throw new Error(`no schedule ${logicalId}`);
      const sent: unknown[] = [];
      for (const [i, target] of schedule.targets.entries()) {
        const fn = fnOf(target);
        const missing = missingPermission(
          target,
          "lambda:InvokeFunction",
          "events.amazonaws.com",
          (p) => p.sourceArn === undefined || p.sourceArn === schedule.arn,
        );
        if (missing) {
          throw new Error(
            `${fn.fn.logicalId} (schedule ${schedule.expression}): EventBridge may not invoke it: its resource-based policy grants no ${missing} from ${schedule.arn}`,
          );
        }
        const event = scheduledInput(schedule.inputs[i] ?? {}, {
          version: "0",
          id: randomUUID(),
          "detail-type": "Scheduled Event",
          source: "aws.events",
          account: ACCOUNT_ID,
          time: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
          region: REGION,
          resources: [schedule.arn],
          detail: {},
        });
        sent.push(event);
        const invocation = await fn.invoke(event);
        if (invocation.error) {
          throw new Error(
            `${fn.fn.logicalId} (schedule ${schedule.expression}): ${errorText(invocation.error)}`,
          );
        }
      }
      return sent;
    },
    fireObjectCreated(bucket, key, event = "Put") {
      const notified = stage.bucketNotifications.filter(
        (n) =>
          n.bucket === bucket &&
          n.events.some((e) => e === "s3:ObjectCreated:*" || e === `s3:ObjectCreated:${event}`) &&
          key.startsWith(n.prefix),
      );
      for (const notification of notified) {
        const fn = fnOf(notification.functionName);
        const source = `${fn.fn.logicalId} (S3 notification of ${key})`;
        const missing = missingPermission(
          notification.functionName,
          "lambda:InvokeFunction",
          "s3.amazonaws.com",
          (p) =>
            (p.sourceArn === undefined || p.sourceArn === `arn:aws:s3:::${bucket}`) &&
            (p.sourceAccount === undefined || p.sourceAccount === ACCOUNT_ID),
        );
        if (missing) {
          failures.push({
            source,
            message: `S3 may not invoke it: its resource-based policy grants no ${missing} from arn:aws:s3:::${bucket}`,
          });
          continue;
        }
        const invoked = fn
          .invoke({
            Records: [
              {
                eventVersion: "2.1",
                eventSource: "aws:s3",
                awsRegion: REGION,
                eventTime: new Date().toISOString(),
                eventName: `ObjectCreated:${event}`,
                s3: {
                  s3SchemaVersion: "1.0",
                  bucket: { name: bucket, arn: `arn:aws:s3:::${bucket}` },
                  // S3 writes the key URL-encoded, spaces as "+".
                  object: {
                    key: encodeURIComponent(key).replace(/%2F/g, "/").replace(/%20/g, "+"),
                  },
                },
              },
            ],
          })
          .then((invocation) => {
            if (invocation.error) failures.push({ source, message: errorText(invocation.error) });
          });
        inFlight.add(invoked);
        void invoked.finally(() => inFlight.delete(invoked));
      }
      return notified.length;
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async stop() {
      for (const stop of stops) await stop();
      for (const server of servers) await new Promise((resolve) => server.close(resolve));
      sqs.destroy();
    },
  };

  /** The table's stream → the function, in batches, filtered; failures to the on-failure queue. */
  async function streamMapping(mapping: EventSourceMapping, fn: LambdaFunction) {
    const p = mapping.properties;
    const streamArn = mapping.sourceArn;
    for (const action of ["DescribeStream", "GetRecords", "GetShardIterator", "ListStreams"]) {
      recorder.allows(fn.fn, `dynamodb:${action}`, action === "ListStreams" ? "*" : streamArn);
    }
    const table = [...stage.tables.values()].find((t) => t.streamArn === streamArn);
    if (!table) throw new Error(`${mapping.logicalId}: no table has the stream ${streamArn}`);
    const destination = (
      p.DestinationConfig as { OnFailure?: { Destination?: string } } | undefined
    )?.OnFailure?.Destination;
    const toLambda = (record: _Record) => ({
      ...record,
      eventSourceARN: streamArn,
      awsRegion: REGION,
    });
    const filter = p.FilterCriteria as FilterCriteria | undefined;
    return startStreamDelivery({
      endpoint: standIns.dynamodb,
      region: REGION,
      tableName: table.name,
      checkpointFile: `${options.workDir}/${mapping.logicalId}.checkpoint.json`,
      deadLetterFile: `${options.workDir}/${mapping.logicalId}.failed.jsonl`,
      filter: (record) => matchesFilterCriteria(filter, toLambda(record)),
      pollMs: 100,
      retryDelayMs: 50,
      // Lambda retries a failing batch MaximumRetryAttempts times (the rehearsal: at most 3).
      maxAttempts: Math.min(Number(p.MaximumRetryAttempts ?? 2), 2) + 1,
      deliver: async (records) => {
        for (let i = 0; i < records.length; i += mapping.batchSize) {
          const batch = records.slice(i, i + mapping.batchSize).map(toLambda);
          const invocation = await fn.invoke({ Records: batch });
          const reported = (invocation.result as { batchItemFailures?: unknown[] } | null)
            ?.batchItemFailures;
          if (invocation.error || (reported && reported.length > 0)) {
            const why = invocation.error
              ? errorText(invocation.error)
              : `${reported?.length} record(s) reported failed`;
            failures.push({ source: `${fn.fn.logicalId} (stream)`, message: why });
            throw new Error(why);
          }
        }
      },
      onFailure: async (records, error) => {
        if (!destination) {
          failures.push({
            source: `${fn.fn.logicalId} (stream)`,
            message: `a failed batch was dropped: no on-failure destination (${error})`,
          });
          return;
        }
        if (!recorder.allows(fn.fn, "sqs:SendMessage", destination)) return;
        const queue = stage.queues.get(destination);
        if (!queue)
          throw new Error(
            `${mapping.logicalId}: on-failure destination ${destination} is not a queue`,
          );
        await sqs.send(
          new SendMessageCommand({
            QueueUrl: queue.url,
            MessageBody: JSON.stringify({
              requestContext: { condition: "RetryAttemptsExhausted", functionArn: fn.fn.name },
              DDBStreamBatchInfo: {
                streamArn,
                startSequenceNumber: records[0]?.dynamodb?.SequenceNumber,
                endSequenceNumber: records.at(-1)?.dynamodb?.SequenceNumber,
                batchSize: records.length,
              },
            }),
          }),
        );
      },
      log: options.log,
    });
  }

  /** An SQS queue → the function, as Lambda's poller does it; returns the stop function. */
  function queueMapping(mapping: EventSourceMapping, fn: LambdaFunction): () => Promise<void> {
    const p = mapping.properties;
    const queue = stage.queues.get(mapping.sourceArn);
    if (!queue) throw new Error(`${mapping.logicalId}: no queue ${mapping.sourceArn}`);
    for (const action of ["ReceiveMessage", "DeleteMessage", "GetQueueAttributes"]) {
      recorder.allows(fn.fn, `sqs:${action}`, mapping.sourceArn);
    }
    const reportsItems = (p.FunctionResponseTypes as string[] | undefined)?.includes(
      "ReportBatchItemFailures",
    );
    const filter = p.FilterCriteria as FilterCriteria | undefined;
    let stopped = false;
    const remove = (m: Message) =>
      sqs.send(new DeleteMessageCommand({ QueueUrl: queue.url, ReceiptHandle: m.ReceiptHandle }));
    const loop = (async () => {
      while (!stopped) {
        try {
          const { Messages = [] } = await sqs.send(
            new ReceiveMessageCommand({
              QueueUrl: queue.url,
              MaxNumberOfMessages: Math.min(mapping.batchSize, 10),
              WaitTimeSeconds: 1,
              MessageSystemAttributeNames: ["All"],
              MessageAttributeNames: ["All"],
            }),
          );
          if (Messages.length === 0) continue;
          const records = Messages.map((m) => ({
            messageId: m.MessageId,
            receiptHandle: m.ReceiptHandle,
            body: m.Body,
            attributes: m.Attributes ?? {},
            messageAttributes: m.MessageAttributes ?? {},
            md5OfBody: m.MD5OfBody,
            eventSource: "aws:sqs",
            eventSourceARN: mapping.sourceArn,
            awsRegion: REGION,
          }));
          // Messages the filter drops are deleted, as Lambda does.
          const kept = records.filter((r) => matchesFilterCriteria(filter, r));
          for (const m of Messages.filter((_, i) => !kept.includes(records[i] as never)))
            await remove(m);
          if (kept.length === 0) continue;
          const invocation = await fn.invoke({ Records: kept });
          const failed = new Set(
            invocation.error
              ? kept.map((r) => r.messageId)
              : reportsItems
                ? (
                    (
                      invocation.result as {
                        batchItemFailures?: Array<{ itemIdentifier: string }>;
                      }
                    )?.batchItemFailures ?? []
                  ).map((f) => f.itemIdentifier)
                : [],
          );
          for (const r of kept) {
            deliveries.push({
              queue: queue.name,
              function: fn.fn.logicalId,
              messageId: r.messageId ?? "",
              body: r.body ?? "",
              receiveCount: Number(
                (r.attributes as Record<string, string>).ApproximateReceiveCount ?? 1,
              ),
              failed: failed.has(r.messageId),
            });
          }
          if (invocation.error) {
            failures.push({
              source: `${fn.fn.logicalId} (queue)`,
              message: errorText(invocation.error),
            });
            continue; // the whole batch comes back after the visibility timeout
          }
          for (const m of Messages) {
            if (
              m.MessageId &&
              !failed.has(m.MessageId) &&
              kept.some((r) => r.messageId === m.MessageId)
            ) {
              await remove(m);
            }
          }
        } catch (error) {
          if (!stopped) {
            options.log(`queue poller ${mapping.logicalId}: ${error}`);
            pollerErrors.push({
              source: `the poller of ${queue.name} (${mapping.logicalId})`,
              message: String(error),
            });
          }
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    })();
    return async () => {
      stopped = true;
      await loop;
    };
  }
}

export const errorText = (error: { errorType: string; errorMessage: string }) =>
  `${error.errorType}: ${error.errorMessage}`;

/**
 * What a rule's target receives: its Input (constant JSON), the part of the event its InputPath
 * names ($ or $.a.b), or the event itself; an InputTransformer is not rehearsed (it throws).
 */
export function scheduledInput(
  target: { Input?: string; InputPath?: string; InputTransformer?: unknown },
  event: Record<string, unknown>,
): unknown {
  if (target.InputTransformer !== undefined) {
    throw new Error("a schedule's InputTransformer is not rehearsed");
  }
  if (target.Input !== undefined) return JSON.parse(target.Input);
  if (target.InputPath !== undefined) {
    const path = /^\$((?:\.[\w-]+)*)$/.exec(target.InputPath);
    if (!path) throw new Error(`the InputPath ${target.InputPath} is not rehearsed`);
    return (path[1] ?? "")
      .split(".")
      .filter(Boolean)
      .reduce<unknown>(
        (value, key) => (value as Record<string, unknown> | undefined)?.[key],
        event,
      );
  }
  return event;
}

// The dispatcher's transport on AWS: SQS SendMessageBatch, ten messages a call, each message the
// domain event as JSON (the queues accept 1 MiB, more than a table item's 400 KB), or a catalogue
// change cut down to what the edge purge reads (core/src/edge-cache/change-message.ts). Which URL a
// queue name has comes from the function's environment (stacks/Events.ts sets it).
import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { awsClientOptions, guardCalls } from "@shop/core/server/context";
import { encodeQueueMessage } from "@shop/core/server/events";
import { logLine } from "./observability.ts";
import type { QueueMessage, QueueSend, Requeue } from "./queues.ts";

const SQS_BATCH_LIMIT = 10;

/** A QueueSend over SQS; `urlOf` answers a queue name's URL (throws for an unknown queue). */
export function sqsQueueSend(urlOf: (queue: string) => string, client?: SQSClient): QueueSend {
  let sqs = client;
  return async (queue: string, messages: QueueMessage[]) => {
    sqs ??= guardCalls(new SQSClient(awsClientOptions("sqs")), "sqs");
    const url = urlOf(queue);
    const failed: string[] = [];
    for (let start = 0; start < messages.length; start += SQS_BATCH_LIMIT) {
      const chunk = messages.slice(start, start + SQS_BATCH_LIMIT);
      const { Failed } = await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: url,
          Entries: chunk.map((message, i) => ({ Id: String(i), MessageBody: message.body })),
        }),
      );
      for (const failure of Failed ?? []) {
        logLine("error", `SQS refused a message for ${queue}`, {
          queue,
          code: failure.Code,
          reason: failure.Message,
        });
        const message = chunk[Number(failure.Id)];
        if (message) failed.push(message.id);
      }
    }
    return failed;
  };
}

/**
 * A consumer's Requeue over SQS: SendMessage of the event to its own queue (`url`, its
 * QUEUE_URL_<QUEUE> variable, which the stacks give a mailer) with DelaySeconds. Without a URL
 * (the local cloud's in-process queues, where SES never throttles) there is none, and a throttled
 * mail fails as any failure does.
 */
export function sqsRequeue(url: string | undefined, client?: SQSClient): Requeue | undefined {
  if (!url) return undefined;
  let sqs = client;
  return async (event, delaySeconds) => {
    sqs ??= guardCalls(new SQSClient(awsClientOptions("sqs")), "sqs");
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: encodeQueueMessage(event),
        DelaySeconds: delaySeconds,
      }),
    );
  };
}

// Lambda: the table's stream (work-item events, the catalogue's changes) → their SQS queues
// (routing: registry.ts; docs/decisions/042-two-stream-readers.md).
import { instrumented } from "./lambda/observability.ts";
import { dispatchToQueues } from "./lambda/queues.ts";
import { sqsQueueSend } from "./lambda/sqs.ts";
import { CHANGES_QUEUE_OF, QUEUE_OF, queueUrlVariable } from "./registry.ts";

const queueUrl = (queue: string) => {
  const url = process.env[queueUrlVariable(queue)];
  if (!url) throw new Error(`no URL for the ${queue} queue`);
  return url;
};

export const handler = instrumented(
  "dispatcher",
  dispatchToQueues(QUEUE_OF, sqsQueueSend(queueUrl), CHANGES_QUEUE_OF),
);

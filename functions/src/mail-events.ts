// Lambda: SES's bounces and complaints (the configuration sets' event destinations → the
// MailEvents topic → its SQS queue, raw: each body is SES's event) → core's suppression rules
// (core/src/mail/reputation.ts, wired in core/src/reactions/mail-events.server.ts;
// docs/decisions/037-mail-reputation.md). A malformed body is
// logged and dropped by core; a table failure reports its message, which comes back.
import { getContext } from "@shop/core/server/context";
import { handleMailEvent } from "@shop/core/server/reactions";
import { instrumented, logLine } from "./lambda/observability.ts";
import { type BatchResponse, processInOrder, type QueueRecord } from "./lambda/queues.ts";

/** The handler on a context (the process's own on Lambda; a test's table in the tests). */
export function mailEventsHandler(context = getContext) {
  return async (event: { Records: QueueRecord[] }): Promise<BatchResponse> => {
    const ctx = context();
    const answer = await processInOrder("SQS", event.Records, async (record) => {
      const outcome = await handleMailEvent(ctx, record.body);
      logLine("info", "mail event handled", { messageId: record.messageId, outcome });
    });
    return { batchItemFailures: [...answer.batchItemFailures] };
  };
}

export const handler = instrumented("mailEvents", mailEventsHandler());

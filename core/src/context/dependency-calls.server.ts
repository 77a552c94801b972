// What every AWS SDK client of the shop does around its calls (deadlines.ts sets the numbers):
// - a call that is not idempotent is not retried after a timeout (its first attempt may have
//   landed): the timeout is handed on as final; unless its attempt met a kept-alive connection
//   the service had closed (./kept-alive.server.ts), which it never reached;
// - a call that still fails for want of an answer (a timeout, a refused or reset connection)
//   once its attempts are spent becomes a DependencyUnavailable, logged as one structured line
//   naming the dependency and the operation, so an alarm or a log query finds it, and counted
//   as the metric DependencyUnavailable by dependency (./telemetry.ts);
// - a table call refused as busy (a throttle the SDK's own retries did not get past, or a
//   transaction cancelled only by a conflict) is tried again with jittered backoff within the
//   request's deadline, then becomes a busy DependencyUnavailable (./busy.server.ts);
// - the client is handed to the tracer, when the process has one (./telemetry.ts).

import { DependencyUnavailable } from "../common/errors.ts";
import { DEPENDENCY_DIMENSION, DEPENDENCY_UNAVAILABLE_METRIC } from "../common/metrics-names.ts";
import { retryWhileBusy, tableBusyReason } from "./busy.server.ts";
import type { Dependency } from "./deadlines.ts";
import { isStaleConnection } from "./kept-alive.server.ts";
import { captureClient, countMetric, logLine } from "./telemetry.ts";

/** Commands that must not be sent twice (the SDK would retry them after a timeout). */
const NOT_IDEMPOTENT: Partial<Record<Dependency, ReadonlySet<string>>> = {
  // Conditional writes and counters; TransactWriteItems is safe (one ClientRequestToken).
  dynamodb: new Set([
    "PutItemCommand",
    "UpdateItemCommand",
    "DeleteItemCommand",
    "BatchWriteItemCommand",
    "ExecuteStatementCommand",
  ]),
  // A second attempt could send the e-mail twice.
  ses: new Set(["SendEmailCommand"]),
};

const UNANSWERED_CODES = new Set([
  "ETIMEDOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
]);

/** No answer came: a timeout, or a connection that could not be made or was cut. */
function isUnanswered(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (e.name === "TimeoutError" || e.name === "DependencyTimeout") return true;
    if (typeof code === "string" && UNANSWERED_CODES.has(code)) return true;
    e = e.cause;
  }
  return false;
}

/**
 * A call to `dependency` that got no answer after its attempts: logs the structured line (one per
 * failed call) and returns the DependencyUnavailable to throw. For clients that are not AWS SDK
 * clients (Stripe's); guardCalls does it for the AWS ones.
 */
export function unanswered(fields: {
  dependency: Dependency;
  operation: string;
  attempts?: number;
  error: unknown;
}): DependencyUnavailable {
  logLine("error", "dependency.unavailable", {
    event: "dependency.unavailable",
    dependency: fields.dependency,
    operation: fields.operation,
    attempts: fields.attempts ?? 1,
    reason: fields.error instanceof Error ? fields.error.message : String(fields.error),
  });
  countMetric(
    DEPENDENCY_UNAVAILABLE_METRIC,
    { operation: fields.operation },
    { [DEPENDENCY_DIMENSION]: fields.dependency },
  );
  return new DependencyUnavailable(fields.dependency, fields.operation, { cause: fields.error });
}

// biome-ignore lint/suspicious/noExplicitAny: each SDK client has its own handler argument types.
type Handler = (args: any) => Promise<any>;
type Middleware = (next: Handler, context: { commandName?: string }) => Handler;

/** What guardCalls needs of an AWS SDK v3 client: its middleware stack. */
interface ClientLike {
  middlewareStack: {
    add(
      middleware: Middleware,
      options: { step: "initialize"; priority: "high"; name: string },
    ): void;
    add(
      middleware: Middleware,
      options: { step: "finalizeRequest"; priority: "low"; name: string },
    ): void;
    remove(name: string): boolean;
  };
}

/** Adds the two middlewares to an AWS SDK v3 client (before any command is sent), drops its logger's. */
export function guardCalls<C>(client: C & ClientLike, dependency: Dependency): C {
  const unsafe = NOT_IDEMPOTENT[dependency] ?? new Set<string>();
  // The SDK's logger middleware copies every call's input and output through the sensitive-data
  // filter for a logger that writes nothing (the shop gives its clients none): the whole
  // catalogue's Query walked once more, on the cold start's first answer and every call after.
  client.middlewareStack.remove("loggerMiddleware");
  // Outermost: sees the call's final outcome, after every retry. Each try of the table's busy
  // retries goes through the whole stack again (serialized anew, with the SDK's own attempts).
  const busyReason = dependency === "dynamodb" ? tableBusyReason : () => undefined;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = String(context.commandName ?? "call").replace(/Command$/, "");
      try {
        return await retryWhileBusy({ dependency, operation }, () => next(args), busyReason);
      } catch (error) {
        if (!isUnanswered(error)) throw error;
        const attempts = (error as { $metadata?: { attempts?: number } }).$metadata?.attempts;
        throw unanswered({ dependency, operation, attempts, error });
      }
    },
    { step: "initialize", priority: "high", name: "shopDependencyUnavailable" },
  );
  // Inside the retry middleware: a timeout of a call that must not be repeated is not retryable
  // (a new error, without the timeout as its cause, which the retry strategy would recognise).
  client.middlewareStack.add(
    (next, context) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        // A kept connection the service had closed is not final: the request never reached it,
        // so even a write goes again, on a new connection (kept-alive.server.ts).
        if (
          !unsafe.has(String(context.commandName)) ||
          !isUnanswered(error) ||
          isStaleConnection(error)
        )
          throw error;
        const final = new Error(`${(error as Error).message} (not retried: not idempotent)`);
        final.name = "DependencyTimeout";
        throw final;
      }
    },
    { step: "finalizeRequest", priority: "low", name: "shopNoRetryUnlessIdempotent" },
  );
  // Traced when the adapter has a tracer (X-Ray on Lambda: each call a subsegment).
  return captureClient(client);
}

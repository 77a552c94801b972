// Logs, metrics and traces of the shop's functions, through Powertools for AWS Lambda
// (docs/decisions/025-powertools.md): core's telemetry port
// (core/src/context/telemetry.ts) written by Powertools' Logger (JSON lines: level from
// POWERTOOLS_LOG_LEVEL or LOG_LEVEL, the function's service name, the request id and the keys of
// the record in work), Metrics (CloudWatch's embedded metric format, one namespace per stage)
// and Tracer (X-Ray: each invocation a subsegment, each AWS SDK client captured).
//
// The Tracer, with X-Ray's SDK under it (about 130 kB, some 25 ms of a cold start on the
// development machine), is imported once an environment's first invocation has answered, so a
// cold start does not wait for it: the first invocation is traced by Lambda's own segments
// only, every later one with the Tracer's subsegments, the clients built meanwhile captured then.
//
// Only on Lambda (AWS_LAMBDA_FUNCTION_NAME set: AWS, and the deploy rehearsal). The local cloud
// runs these handlers inside `npm start`'s process beside the site: there core's default stays,
// one readable JSON line per log, so the local output and the tests that read it do not change.

import type { Tracer } from "@aws-lambda-powertools/tracer";
import { consoleTelemetry, setTelemetry, type Telemetry } from "@shop/core/server/context";
import {
  createPowertools,
  powertoolsTelemetry as loggerAndMetrics,
  type Powertools,
} from "@shop/powertools";
import type { Context as LambdaContext } from "aws-lambda";

type Env = Record<string, string | undefined>;

export { metricsNamespace } from "@shop/powertools";

export interface Observability extends Powertools {
  /** Once loaded (after the environment's first invocation). */
  tracer?: Tracer;
}

/** SDK clients built before the Tracer was there: captured when it comes. */
const untraced: unknown[] = [];

/**
 * The adapter of core's port: Logger and Metrics as the site writes them (@shop/powertools), and
 * each AWS SDK client captured by the Tracer once it is there (exported for its tests).
 */
export function powertoolsTelemetry(o: Observability): Telemetry {
  return {
    ...loggerAndMetrics(o),
    captureClient(client) {
      if (o.tracer) return o.tracer.captureAWSv3Client(client);
      untraced.push(client);
      return client;
    },
  };
}

let active: Observability | undefined;

/**
 * The function's Logger, Metrics and Tracer, created once per process with its service name,
 * and installed as core's telemetry; undefined off Lambda.
 */
export function observability(service: string, env: Env = process.env): Observability | undefined {
  if (!env.AWS_LAMBDA_FUNCTION_NAME) return undefined;
  if (!active) {
    active = createPowertools(service, env);
    setTelemetry(powertoolsTelemetry(active));
  }
  return active;
}

/** Imports the Tracer, and captures the clients built before it (see the header). */
export async function loadTracer(o: Observability, service: string): Promise<void> {
  const { Tracer } = await import("@aws-lambda-powertools/tracer");
  const tracer = new Tracer({ serviceName: service });
  for (const client of untraced.splice(0)) tracer.captureAWSv3Client(client);
  o.tracer = tracer;
}

/** Correlation ids (the order, the event, the message) for the log lines of `work`. */
export async function withKeys<T>(
  keys: Record<string, string | undefined>,
  work: () => Promise<T>,
): Promise<T> {
  const logger = active?.logger;
  const defined = Object.fromEntries(
    Object.entries(keys).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  logger?.appendKeys(defined);
  try {
    return await work();
  } finally {
    logger?.removeKeys(Object.keys(defined));
  }
}

/** A log line through the function's Logger on Lambda, core's default elsewhere. */
export function logLine(
  level: "debug" | "info" | "warn" | "error",
  message: string,
  fields: Record<string, unknown> = {},
): void {
  if (active) active.logger[level](message, fields);
  else consoleTelemetry.log(level, message, fields);
}

/**
 * A Lambda handler with the function's observability: the request id on every log line, the
 * invocation traced as a subsegment (annotated with its cold start and service), an error logged
 * with its stack and thrown on. Off Lambda it is the handler itself.
 */
export function instrumented<E, R>(
  service: string,
  handler: (event: E, context?: LambdaContext) => Promise<R>,
): (event: E, context?: LambdaContext) => Promise<R> {
  const o = observability(service);
  if (!o) return handler;
  const { logger } = o;
  let tracerLoading: Promise<void> | undefined;
  return async (event, context) => {
    // From the second invocation on, the Tracer (its import began after the first answered).
    if (tracerLoading) await tracerLoading;
    if (context) logger.addContext(context);
    const { tracer } = o;
    const segment = tracer?.getSegment();
    const subsegment = segment?.addNewSubsegment(`## ${service}`);
    if (tracer && subsegment) tracer.setSegment(subsegment);
    // The Tracer is there from the environment's second invocation: never a cold start.
    tracer?.putAnnotation("ColdStart", false);
    tracer?.addServiceNameAnnotation();
    try {
      return await handler(event, context);
    } catch (error) {
      tracer?.addErrorAsMetadata(error as Error);
      logger.error("invocation failed", error as Error);
      throw error;
    } finally {
      logger.resetKeys();
      if (tracer && segment && subsegment) {
        subsegment.close();
        tracer.setSegment(segment);
      }
      tracerLoading ??= loadTracer(o, service).catch((error: unknown) => {
        logger.warn("the tracer did not load: this environment's calls are not traced", {
          error: String(error),
        });
      });
    }
  };
}

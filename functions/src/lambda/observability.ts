// Logs, metrics and traces of the shop's functions, through Powertools for AWS Lambda
// (docs/decisions/023-powertools.md): core's telemetry port
// (core/src/context/telemetry.ts) written by Powertools' Logger (JSON lines: level from
// POWERTOOLS_LOG_LEVEL or LOG_LEVEL, the function's service name, the request id and the keys of
// the record in work), Metrics (CloudWatch's embedded metric format, one namespace per stage)
// and Tracer (X-Ray: each invocation a subsegment, each AWS SDK client captured).
//
// Only on Lambda (AWS_LAMBDA_FUNCTION_NAME set: AWS, and the deploy rehearsal). The local cloud
// runs these handlers inside `npm start`'s process beside the site: there core's default stays,
// one readable JSON line per log, so the local output and the tests that read it do not change.
import { Logger } from "@aws-lambda-powertools/logger";
import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";
import { Tracer } from "@aws-lambda-powertools/tracer";
import { consoleTelemetry, setTelemetry, type Telemetry } from "@shop/core/server/context";
import type { Context as LambdaContext } from "aws-lambda";

type Env = Record<string, string | undefined>;

/** One namespace per stage: `<app>/<stage>` (SST gives every function SST_APP and SST_STAGE). */
export function metricsNamespace(env: Env = process.env): string {
  return (
    env.POWERTOOLS_METRICS_NAMESPACE ||
    `${env.SST_APP || "threadline"}/${env.SST_STAGE || env.STAGE || "local"}`
  );
}

export interface Observability {
  logger: Logger;
  metrics: Metrics;
  tracer: Tracer;
}

/** The adapter of core's port over Powertools (exported for its tests). */
export function powertoolsTelemetry({ logger, metrics, tracer }: Observability): Telemetry {
  return {
    log(level, message, fields) {
      logger[level](message, fields ?? {});
    },
    count(metric, about, dimensions) {
      // A metric of its own line, flushed at once: what it is about goes with it as metadata.
      const single = metrics.singleMetric();
      if (dimensions) single.addDimensions(dimensions);
      for (const [key, value] of Object.entries(about ?? {})) single.addMetadata(key, value);
      single.addMetric(metric, MetricUnit.Count, 1);
    },
    captureClient(client) {
      return tracer.captureAWSv3Client(client);
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
    active = {
      logger: new Logger({ serviceName: service }),
      metrics: new Metrics({ namespace: metricsNamespace(env), serviceName: service }),
      tracer: new Tracer({ serviceName: service }),
    };
    setTelemetry(powertoolsTelemetry(active));
  }
  return active;
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
  const { logger, tracer } = o;
  return async (event, context) => {
    if (context) logger.addContext(context);
    const segment = tracer.getSegment();
    const subsegment = segment?.addNewSubsegment(`## ${service}`);
    if (subsegment) tracer.setSegment(subsegment);
    tracer.annotateColdStart();
    tracer.addServiceNameAnnotation();
    try {
      return await handler(event, context);
    } catch (error) {
      tracer.addErrorAsMetadata(error as Error);
      logger.error("invocation failed", error as Error);
      throw error;
    } finally {
      logger.resetKeys();
      if (segment && subsegment) {
        subsegment.close();
        tracer.setSegment(segment);
      }
    }
  };
}

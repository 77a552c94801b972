// What the functions' and the site's telemetry adapters share (docs/decisions/025-powertools.md):
// core's telemetry port (core/src/context/telemetry.ts) written by Powertools' Logger and
// Metrics, under the stage's namespace. The functions' adapter (functions/src/lambda/observability.ts)
// adds the Tracer; the site's (web/app/lib/observability.server.ts) uses this as it is. Its own
// package, so that core, which only declares the port, imports no Powertools but Parameters, and
// neither adapter imports the other's workspace. It imports nothing the two bundles did not
// already import at their cold start: Logger, Metrics and core's metric names.

import { Logger } from "@aws-lambda-powertools/logger";
import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";
import { metricsNamespace as stageNamespace } from "@shop/core/common";
import type { Telemetry } from "@shop/core/server/context";

type Env = Record<string, string | undefined>;

/**
 * One namespace per stage (core's metricsNamespace, which the stage's dashboard and alarms watch:
 * stacks/dashboard.ts); POWERTOOLS_METRICS_NAMESPACE overrides it.
 */
export function metricsNamespace(env: Env = process.env): string {
  return env.POWERTOOLS_METRICS_NAMESPACE || stageNamespace(env.SST_STAGE || env.STAGE || "local");
}

export interface Powertools {
  logger: Logger;
  metrics: Metrics;
}

/** A service's Logger (JSON lines, level from the environment) and Metrics (the stage's namespace). */
export function createPowertools(service: string, env: Env = process.env): Powertools {
  return {
    logger: new Logger({ serviceName: service }),
    metrics: new Metrics({ namespace: metricsNamespace(env), serviceName: service }),
  };
}

/**
 * Core's port over Powertools' Logger and Metrics: a log line through the Logger; each metric a
 * line of its own, flushed at once (`singleMetric()`), with only its own dimensions (the alarms
 * watch the business metrics without any, and Powertools would add its `service` dimension to
 * every one), what it is about as metadata.
 */
export function powertoolsTelemetry({ logger, metrics }: Powertools): Telemetry {
  const emit = (
    name: string,
    unit: (typeof MetricUnit)[keyof typeof MetricUnit],
    value: number,
    about?: Record<string, string>,
    dimensions?: Record<string, string>,
  ) => {
    const single = metrics.singleMetric();
    single.clearDefaultDimensions();
    if (dimensions) single.addDimensions(dimensions);
    for (const [key, value] of Object.entries(about ?? {})) single.addMetadata(key, value);
    single.addMetric(name, unit, value);
  };
  return {
    log(level, message, fields) {
      logger[level](message, fields ?? {});
    },
    count(metric, about, dimensions) {
      emit(metric, MetricUnit.Count, 1, about, dimensions);
    },
    time(timing, milliseconds, dimensions) {
      emit(timing, MetricUnit.Milliseconds, milliseconds, undefined, dimensions);
    },
  };
}

// The site's logs and metrics on Lambda, through Powertools' Logger and Metrics
// (docs/decisions/025-powertools.md): imported first by entry.server.tsx, it installs
// core's telemetry port (core/src/context/telemetry.ts) as JSON lines of the service "site" and
// metrics in CloudWatch's embedded metric format under the stage's namespace (orders placed,
// DependencyUnavailable by dependency…). Off Lambda (`npm start`, the tests) nothing changes:
// core's default writes one JSON line per warning or error, and the render errors below go to
// the console as they did. (The site's traces are Lambda's active tracing, stacks/Web.ts; no
// Tracer here: X-Ray's SDK would add about 130 kB to every cold start of the site.)
import { Logger } from "@aws-lambda-powertools/logger";
import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";
import { setTelemetry } from "@shop/core/server/context";

const SERVICE = "site";

function install(env: Record<string, string | undefined>): Logger | undefined {
  if (!env.AWS_LAMBDA_FUNCTION_NAME) return undefined;
  const logger = new Logger({ serviceName: SERVICE });
  const metrics = new Metrics({
    namespace:
      env.POWERTOOLS_METRICS_NAMESPACE ||
      `${env.SST_APP || "threadline"}/${env.SST_STAGE || env.STAGE || "local"}`,
    serviceName: SERVICE,
  });
  setTelemetry({
    log(level, message, fields) {
      logger[level](message, fields ?? {});
    },
    count(metric, about, dimensions) {
      const single = metrics.singleMetric();
      if (dimensions) single.addDimensions(dimensions);
      for (const [key, value] of Object.entries(about ?? {})) single.addMetadata(key, value);
      single.addMetric(metric, MetricUnit.Count, 1);
    },
  });
  return logger;
}

const logger = install(process.env);

/** An error the site did not expect (a render or a loader's): one JSON line with its stack on Lambda. */
export function logError(message: string, error: unknown): void {
  if (!logger) {
    console.error(message, error);
    return;
  }
  if (error instanceof Error) logger.error(message, error);
  else logger.error(message, { error: String(error) });
}

// The site's logs and metrics on Lambda, through Powertools' Logger and Metrics
// (docs/decisions/025-powertools.md): imported first by entry.server.tsx, it installs
// core's telemetry port (core/src/context/telemetry.ts) as JSON lines of the service "site" and
// metrics in CloudWatch's embedded metric format under the stage's namespace (orders placed,
// DependencyUnavailable by dependency…). Off Lambda (`npm start`, the tests) nothing changes:
// core's default writes one JSON line per warning or error, and the render errors below go to
// the console as they did. (The site's traces are Lambda's active tracing, stacks/Web.ts; no
// Tracer here: X-Ray's SDK would add about 130 kB to every cold start of the site.)

import { PAGE_KIND_DIMENSION, type PageKind, SERVER_TIME_METRIC } from "@shop/core/common";
import { setTelemetry, timeMetric } from "@shop/core/server/context";
import { createPowertools, powertoolsTelemetry } from "@shop/powertools";

const SERVICE = "site";

function install(env: Record<string, string | undefined>) {
  if (!env.AWS_LAMBDA_FUNCTION_NAME) return undefined;
  // Logger and Metrics under the stage's namespace, which its dashboard and alarms watch.
  const powertools = createPowertools(SERVICE, env);
  setTelemetry(powertoolsTelemetry(powertools));
  return powertools.logger;
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

/**
 * The site's server time of one answered request, by kind of page (SERVER_TIME_METRIC): called by
 * the server around the Remix build (web/server/server-time.ts), through the build's entry
 * (entry.server.tsx re-exports it), so that it goes through the build's own telemetry.
 */
export function recordServerTime(kind: PageKind, milliseconds: number): void {
  timeMetric(SERVER_TIME_METRIC, milliseconds, { [PAGE_KIND_DIMENSION]: kind });
}

// The site's logs and metrics on Lambda, through Powertools' Logger and Metrics
// (docs/decisions/025-powertools.md): imported first by entry.server.tsx, it installs
// core's telemetry port (core/src/context/telemetry.ts) as JSON lines of the service "site" and
// metrics in CloudWatch's embedded metric format under the stage's namespace (orders placed,
// DependencyUnavailable by dependency…). Off Lambda (`npm start`, the tests) core's default stays:
// one JSON line per warning or error, the render errors below on the console. Either way, every
// line written while a request is answered carries its id (inRequest). (The site's traces are
// Lambda's active tracing, stacks/Web.ts; no Tracer here: X-Ray's SDK would add about 130 kB to
// every cold start of the site.)

import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { PAGE_KIND_DIMENSION, type PageKind, SERVER_TIME_METRIC } from "@shop/core/common";
import {
  consoleTelemetry,
  PAGE_BUDGET_MS,
  setTelemetry,
  type Telemetry,
  timeMetric,
  withDeadline,
} from "@shop/core/server/context";
import { createPowertools, powertoolsTelemetry } from "@shop/powertools";

const SERVICE = "site";

/**
 * The key of a request's id on each of its log lines: Powertools' name for the Lambda request id,
 * which the functions' lines carry too (functions/src/lambda/observability.ts), so that one query
 * finds a request's lines wherever they were written.
 */
export const REQUEST_ID_FIELD = "function_request_id";

/** The request each log line is written in (its id), across everything the request awaits. */
const requests = new AsyncLocalStorage<string>();

/**
 * Runs `work`, the answer to one request, with `requestId` on every log line written meanwhile:
 * the Lambda request id on AWS (web/server/lambda-handler.ts), a generated one when none is
 * given (web/server.ts). Exported by the build's entry, so that the server around the build runs
 * each request inside the build's own telemetry. The request's deadline starts here too: the
 * page budget, within which a busy table is asked again (core/src/context/busy.server.ts).
 */
export function inRequest<T>(requestId: string | undefined, work: () => T): T {
  return requests.run(requestId || randomUUID(), () => withDeadline(PAGE_BUDGET_MS, work));
}

/** `telemetry` with the current request's id added to each log line (none outside a request). */
function withRequestId(telemetry: Telemetry): Telemetry {
  return {
    ...telemetry,
    log(level, message, fields) {
      const requestId = requests.getStore();
      telemetry.log(
        level,
        message,
        requestId ? { [REQUEST_ID_FIELD]: requestId, ...fields } : fields,
      );
    },
  };
}

function install(env: Record<string, string | undefined>) {
  if (!env.AWS_LAMBDA_FUNCTION_NAME) {
    setTelemetry(withRequestId(consoleTelemetry));
    return undefined;
  }
  // Logger and Metrics under the stage's namespace, which its dashboard and alarms watch.
  const powertools = createPowertools(SERVICE, env);
  setTelemetry(withRequestId(powertoolsTelemetry(powertools)));
  return powertools.logger;
}

const logger = install(process.env);

/** An error the site did not expect (a render or a loader's): one JSON line with its stack on Lambda. */
export function logError(message: string, error: unknown): void {
  const requestId = requests.getStore();
  if (!logger) {
    if (requestId) console.error(message, { [REQUEST_ID_FIELD]: requestId }, error);
    else console.error(message, error);
    return;
  }
  const fields = requestId ? { [REQUEST_ID_FIELD]: requestId } : {};
  if (error instanceof Error) logger.error(message, { ...fields, error });
  else logger.error(message, { ...fields, error: String(error) });
}

/**
 * The site's server time of one answered request, by kind of page (SERVER_TIME_METRIC): called by
 * the server around the Remix build (web/server/server-time.ts), through the build's entry
 * (entry.server.tsx re-exports it), so that it goes through the build's own telemetry.
 */
export function recordServerTime(kind: PageKind, milliseconds: number): void {
  timeMetric(SERVER_TIME_METRIC, milliseconds, { [PAGE_KIND_DIMENSION]: kind });
}

// What the shop tells its operator, as a port: log lines, business metrics and the AWS SDK
// clients a tracer may follow (docs/decisions/025-powertools.md). Core says what
// happened; the adapters write it: Powertools' Logger, Metrics and Tracer on Lambda
// (functions/src/lambda/observability.ts for the functions, web/app/lib/observability.server.ts
// for the site), and, by default (tests, scripts, `npm start`), JSON lines on the console (see
// consoleTelemetry). Core knows no Lambda type; of Powertools it uses only Parameters, in the
// secrets loader (./sst-secrets.server.ts).
import {
  BUSINESS_METRICS,
  DEPENDENCY_UNAVAILABLE_METRIC,
  SERVER_TIME_METRIC,
} from "../common/metrics-names.ts";
import { sendToLocalCollector } from "./local-metrics.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

/**
 * The shop's metrics, each a count of occurrences, under the stage's namespace. The business
 * ones are emitted where their rule runs: an order placed (the site), paid and payment failed
 * (the webhook), refunded (the site or the webhook), a mail sent or failed (the mailer), a
 * newsletter delivery queued (the fan-out); DependencyUnavailable by dependency wherever a call
 * got no answer (./dependency-calls.server.ts).
 */
export const METRICS = [...Object.values(BUSINESS_METRICS), DEPENDENCY_UNAVAILABLE_METRIC] as const;
export type Metric = (typeof METRICS)[number];

/** The shop's timings, each in milliseconds: the site's server time by kind of page. */
export const TIMINGS = [SERVER_TIME_METRIC] as const;
export type Timing = (typeof TIMINGS)[number];

export interface Telemetry {
  log(level: LogLevel, message: string, fields?: LogFields): void;
  /**
   * One occurrence of `metric`. `dimensions` split it in CloudWatch (DependencyUnavailable by
   * `dependency`); `about` names what it is about (orderId, eventId), kept with the metric's
   * line for a log query, never a dimension (one per order would be a metric per order).
   */
  count(metric: Metric, about?: Record<string, string>, dimensions?: Record<string, string>): void;
  /** How long something took, in milliseconds, split by `dimensions` (few values each). */
  time?(timing: Timing, milliseconds: number, dimensions?: Record<string, string>): void;
  /** An AWS SDK client, to be traced (Tracer.captureAWSv3Client); answers the same client. */
  captureClient?<C>(client: C): C;
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** The console's threshold: LOG_LEVEL (or POWERTOOLS_LOG_LEVEL), warnings and errors by default. */
function consoleThreshold(): number {
  const name = (process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL || "warn").toLowerCase();
  return LEVELS[name as LogLevel] ?? LEVELS.warn;
}

/**
 * The default: one JSON line per log on the console (stderr for errors). Only warnings and errors
 * unless LOG_LEVEL says more (`LOG_LEVEL=info npm start`): the local output stays what it was,
 * each failure one line. A metric is a debug line (`LOG_LEVEL=debug npm start` shows what each
 * order emitted), never an embedded-metric line on the console. With LOCAL_METRICS_URL (set by
 * `npm start`) each metric also goes, as an embedded-metric document, to the local cloud's metrics
 * page (./local-metrics.ts), which shows what each order emitted.
 */
export const consoleTelemetry: Telemetry = {
  log(level, message, fields) {
    if (LEVELS[level] < consoleThreshold()) return;
    const line = JSON.stringify({ level, message, ...fields });
    // Looked up at each call, so that a test's spy on console.error sees the line.
    if (level === "error") console.error(line);
    else if (level === "warn") console.warn(line);
    else if (level === "debug") console.debug(line);
    else console.log(line);
  },
  count(metric, about, dimensions) {
    consoleTelemetry.log("debug", "metric", { metric, ...dimensions, ...about });
    sendToLocalCollector({ name: metric, unit: "Count", value: 1, dimensions, about });
  },
  time(timing, milliseconds, dimensions) {
    consoleTelemetry.log("debug", "metric", { metric: timing, milliseconds, ...dimensions });
    sendToLocalCollector({ name: timing, unit: "Milliseconds", value: milliseconds, dimensions });
  },
};

let current: Telemetry = consoleTelemetry;

/** Installs the adapter every later log, metric and client goes through (once, at a start). */
export function setTelemetry(telemetry: Telemetry): void {
  current = telemetry;
}

export function logLine(level: LogLevel, message: string, fields?: LogFields): void {
  current.log(level, message, fields);
}

export function countMetric(
  metric: Metric,
  about?: Record<string, string>,
  dimensions?: Record<string, string>,
): void {
  current.count(metric, about, dimensions);
}

/** How long something took (milliseconds), through the installed adapter if it takes timings. */
export function timeMetric(
  timing: Timing,
  milliseconds: number,
  dimensions?: Record<string, string>,
): void {
  current.time?.(timing, milliseconds, dimensions);
}

/** The client, given to the adapter's tracer if it has one (guardCalls calls it for each client). */
export function captureClient<C>(client: C): C {
  return current.captureClient ? current.captureClient(client) : client;
}

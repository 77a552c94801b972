// Metrics off Lambda, for the local cloud's metrics page (packages/local-cloud/src/metrics.ts):
// with LOCAL_METRICS_URL set (`npm start` sets it for the site and for the functions it runs),
// core's default telemetry (./telemetry.ts) hands each metric here, written as CloudWatch's
// embedded metric format (the document Powertools' Metrics prints on Lambda), and the documents
// go to that URL in batches (one POST every quarter of a second at most, newline-separated), so
// a page answered locally costs no request of its own. Without LOCAL_METRICS_URL (tests, scripts)
// nothing is kept or sent. A collector that is gone (the shop stopping) loses the batch, silently.
import { metricsNamespace } from "../common/metrics-names.ts";

export interface LocalMetric {
  name: string;
  unit: "Count" | "Milliseconds";
  value: number;
  /** The metric's dimensions (few values each). */
  dimensions?: Record<string, string> | undefined;
  /** What it is about (orderId, eventId…): properties of the document, never dimensions. */
  about?: Record<string, string> | undefined;
}

/** One metric as an embedded-metric-format document (one CloudWatch directive, one metric). */
export function embeddedMetric(
  metric: LocalMetric,
  namespace: string,
  at: number = Date.now(),
): Record<string, unknown> {
  const dimensions = metric.dimensions ?? {};
  return {
    _aws: {
      Timestamp: at,
      CloudWatchMetrics: [
        {
          Namespace: namespace,
          Dimensions: [Object.keys(dimensions)],
          Metrics: [{ Name: metric.name, Unit: metric.unit }],
        },
      ],
    },
    ...metric.about,
    ...dimensions,
    [metric.name]: metric.value,
  };
}

const FLUSH_EVERY_MS = 250;
let pending: string[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

async function flush(url: string): Promise<void> {
  timer = undefined;
  const body = pending.join("\n");
  pending = [];
  try {
    await fetch(url, { method: "POST", headers: { "Content-Type": "text/plain" }, body });
  } catch {
    // The local cloud is gone (the shop stopping): these metrics are lost, as a page is.
  }
}

/** Queues the metric for the local cloud when LOCAL_METRICS_URL is set; otherwise nothing. */
export function sendToLocalCollector(metric: LocalMetric, env = process.env): void {
  const url = env.LOCAL_METRICS_URL;
  if (!url) return;
  pending.push(JSON.stringify(embeddedMetric(metric, metricsNamespace(env.STAGE || "local"))));
  if (timer) return;
  timer = setTimeout(() => void flush(url), FLUSH_EVERY_MS);
  // Never what keeps a script or a test alive.
  timer.unref?.();
}

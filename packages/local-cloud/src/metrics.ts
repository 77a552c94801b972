// The local cloud's metrics page: what CloudWatch shows of the shop's metrics on AWS, for the
// metrics the site and the functions emit under `npm start`. They send each metric as a CloudWatch
// embedded-metric-format document (core/src/context/local-metrics.ts, to LOCAL_METRICS_URL, this
// stand-in's /emf), the document Powertools' Metrics prints on Lambda; the stand-in keeps the
// latest MAX_KEPT in memory (gone at a restart) and shows them grouped by the order they are
// about (their `orderId`), so one order's placed, paid and mail-sent metrics read together, and
// the rest (the site's server time by kind of page, dependencies unavailable…) by metric:
//   GET /              a small HTML page (reload to see new ones);
//   GET /metrics.json  the same as JSON: { orders: [{ orderId, metrics }], others: [{ name, dimensions, count, … }] };
//   POST /emf          documents, one JSON object a line.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./util.ts";

/** One metric of an embedded-metric document, as the page shows it. */
export interface CollectedMetric {
  namespace: string;
  name: string;
  unit: string;
  value: number;
  /** Its dimensions (PageKind, Dependency…). */
  dimensions: Record<string, string>;
  /** The document's other properties: what it is about (orderId, eventId…). */
  about: Record<string, unknown>;
  at: string;
}

export interface MetricsView {
  /** Each order's metrics, the order with the latest metric first. */
  orders: Array<{ orderId: string; metrics: CollectedMetric[] }>;
  /** The metrics about no order, by name and dimensions: how many, and their values' spread. */
  others: Array<{
    namespace: string;
    name: string;
    unit: string;
    dimensions: Record<string, string>;
    count: number;
    sum: number;
    p50: number;
    max: number;
    last: string;
  }>;
}

export interface MetricsStandIn {
  /** The page's URL (printed by `npm start`). */
  url: string;
  /** Where the shop sends its documents (LOCAL_METRICS_URL). */
  ingestUrl: string;
  /** Every metric kept, oldest first. */
  metrics(): CollectedMetric[];
  view(): MetricsView;
  stop(): Promise<void>;
}

/** How many metrics are kept (the oldest go first). */
export const MAX_KEPT = 5000;

interface Directive {
  Namespace?: unknown;
  Dimensions?: unknown;
  Metrics?: Array<{ Name?: unknown; Unit?: unknown }>;
}

/** The metrics of one embedded-metric document (none if it is not one). */
export function metricsOfDocument(document: unknown): CollectedMetric[] {
  if (!document || typeof document !== "object") return [];
  const doc = document as Record<string, unknown>;
  const aws = doc._aws as { Timestamp?: unknown; CloudWatchMetrics?: unknown } | undefined;
  if (!aws || !Array.isArray(aws.CloudWatchMetrics)) return [];
  const at = new Date(typeof aws.Timestamp === "number" ? aws.Timestamp : Date.now()).toISOString();
  const directives = aws.CloudWatchMetrics as Directive[];
  const metricNames = new Set(
    directives.flatMap((d) => (d.Metrics ?? []).map((m) => String(m.Name))),
  );
  const dimensionNames = new Set(
    directives.flatMap((d) => (Array.isArray(d.Dimensions) ? d.Dimensions.flat() : []).map(String)),
  );
  const about: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key !== "_aws" && !metricNames.has(key) && !dimensionNames.has(key)) about[key] = value;
  }
  return directives.flatMap((directive) => {
    const names = (Array.isArray(directive.Dimensions) ? directive.Dimensions.flat() : []).map(
      String,
    );
    const dimensions = Object.fromEntries(names.map((name) => [name, String(doc[name] ?? "")]));
    return (directive.Metrics ?? []).flatMap((metric) => {
      const name = String(metric.Name);
      const raw = doc[name];
      // A value, or (Powertools, several of one metric) a list of values.
      const values = (Array.isArray(raw) ? raw : [raw]).filter(
        (v): v is number => typeof v === "number",
      );
      return values.map((value) => ({
        namespace: String(directive.Namespace ?? ""),
        name,
        unit: String(metric.Unit ?? "None"),
        value,
        dimensions,
        about,
        at,
      }));
    });
  });
}

/** The metrics grouped as the page shows them. */
export function metricsView(metrics: readonly CollectedMetric[]): MetricsView {
  const orders = new Map<string, CollectedMetric[]>();
  const others = new Map<string, CollectedMetric[]>();
  for (const metric of metrics) {
    const orderId = metric.about.orderId;
    if (typeof orderId === "string" && orderId) {
      orders.set(orderId, [...(orders.get(orderId) ?? []), metric]);
    } else {
      const key = JSON.stringify([metric.namespace, metric.name, metric.dimensions]);
      others.set(key, [...(others.get(key) ?? []), metric]);
    }
  }
  return {
    orders: [...orders]
      .map(([orderId, list]) => ({ orderId, metrics: list }))
      .sort((a, b) => (b.metrics.at(-1)?.at ?? "").localeCompare(a.metrics.at(-1)?.at ?? "")),
    others: [...others.values()]
      .map((list) => {
        const first = list[0] as CollectedMetric;
        const values = list.map((m) => m.value).sort((a, b) => a - b);
        return {
          namespace: first.namespace,
          name: first.name,
          unit: first.unit,
          dimensions: first.dimensions,
          count: list.length,
          sum: values.reduce((a, b) => a + b, 0),
          p50: values[Math.floor((values.length - 1) / 2)] ?? 0,
          max: values.at(-1) ?? 0,
          last: list.at(-1)?.at ?? "",
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name) || a.last.localeCompare(b.last)),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const dims = (d: Record<string, string>) =>
  Object.entries(d)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
const round = (n: number) => String(Math.round(n * 10) / 10);

function page(view: MetricsView): string {
  const orders = view.orders
    .map(
      ({ orderId, metrics }) =>
        `<h3>Order ${escapeHtml(orderId)}</h3><table><tr><th>At</th><th>Metric</th><th>Value</th><th>Dimensions</th><th>About</th></tr>${metrics
          .map(
            (m) =>
              `<tr><td>${escapeHtml(m.at)}</td><td>${escapeHtml(m.name)}</td><td>${round(m.value)} ${escapeHtml(m.unit)}</td><td>${escapeHtml(dims(m.dimensions))}</td><td>${escapeHtml(JSON.stringify(m.about))}</td></tr>`,
          )
          .join("")}</table>`,
    )
    .join("");
  const others = view.others
    .map(
      (o) =>
        `<tr><td>${escapeHtml(o.name)}</td><td>${escapeHtml(dims(o.dimensions))}</td><td>${o.count}</td><td>${round(o.p50)}</td><td>${round(o.max)}</td><td>${round(o.sum)}</td><td>${escapeHtml(o.unit)}</td><td>${escapeHtml(o.last)}</td></tr>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Metrics (local cloud)</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;margin-bottom:1rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}</style></head>
<body><h1>Metrics</h1><p>What the shop emitted since <code>npm start</code> began (the latest ${MAX_KEPT}), as CloudWatch would receive it. Reload for new ones; <a href="/metrics.json">JSON</a>.</p>
<h2>By order</h2>${orders || "<p>No order yet.</p>"}
<h2>Other metrics</h2>${
    others
      ? `<table><tr><th>Metric</th><th>Dimensions</th><th>Count</th><th>p50</th><th>Max</th><th>Sum</th><th>Unit</th><th>Last</th></tr>${others}</table>`
      : "<p>None yet.</p>"
  }</body></html>`;
}

export async function startMetricsStandIn(port = 0): Promise<MetricsStandIn> {
  const kept: CollectedMetric[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (req.method === "POST" && path === "/emf") {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      let accepted = 0;
      for (const line of Buffer.concat(chunks).toString("utf8").split("\n")) {
        if (!line.trim()) continue;
        try {
          const metrics = metricsOfDocument(JSON.parse(line));
          kept.push(...metrics);
          accepted += metrics.length;
        } catch {
          // Not JSON: not a metric.
        }
      }
      if (kept.length > MAX_KEPT) kept.splice(0, kept.length - MAX_KEPT);
      res.writeHead(202, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ accepted }));
      return;
    }
    if (req.method === "GET" && path === "/metrics.json") {
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify(metricsView(kept)));
      return;
    }
    if (req.method === "GET" && path === "/") {
      res.writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
      });
      res.end(page(metricsView(kept)));
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("Not found: GET /, GET /metrics.json, POST /emf");
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
  });
  const url = await listenOnLoopback(server, port);
  return {
    url,
    ingestUrl: `${url}/emf`,
    metrics: () => [...kept],
    view: () => metricsView(kept),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// What an operator reads of the rehearsed functions (docs/decisions/025-powertools.md):
// their log files (as CloudWatch Logs would keep them) hold JSON lines, Powertools' Logger's and
// Metrics' (CloudWatch's embedded metric format), among the runtime's own lines. These helpers
// find the lines about one order and the metrics emitted for it.

export type LogLine = Record<string, unknown>;

/** The JSON object lines of a log (the others: the runtime's, a stack trace's, are left out). */
export function jsonLines(text: string): LogLine[] {
  return text.split("\n").flatMap((line) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) return [];
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      return parsed && typeof parsed === "object" && !Array.isArray(parsed)
        ? [parsed as LogLine]
        : [];
    } catch {
      return [];
    }
  });
}

/** Whether a line is a metric of CloudWatch's embedded metric format. */
const isMetric = (line: LogLine) => typeof line._aws === "object" && line._aws !== null;

/** The log lines (not metrics) that name the order (Logger's correlation key orderId). */
export function logLinesAbout(lines: LogLine[], orderId: string): LogLine[] {
  return lines.filter((line) => !isMetric(line) && line.orderId === orderId);
}

/** The names of the metrics emitted about the order (their orderId metadata), with their namespace. */
export function metricsAbout(
  lines: LogLine[],
  orderId: string,
): Array<{ name: string; namespace: string }> {
  return lines.filter(isMetric).flatMap((line) => {
    if (line.orderId !== orderId) return [];
    const directives =
      (
        line._aws as {
          CloudWatchMetrics?: Array<{ Namespace: string; Metrics: Array<{ Name: string }> }>;
        }
      ).CloudWatchMetrics ?? [];
    return directives.flatMap((d) =>
      d.Metrics.map((m) => ({ name: m.Name, namespace: d.Namespace })),
    );
  });
}

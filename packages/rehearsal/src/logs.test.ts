import { describe, expect, it } from "vitest";
import { jsonLines, logLinesAbout, metricsAbout } from "./logs.ts";

const log = [
  "2026-11-26T10:00:00.000Z\tINFO\tthe runtime's own line",
  JSON.stringify({ level: "INFO", message: "order placed", service: "site", orderId: "o1" }),
  JSON.stringify({ level: "INFO", message: "order placed", service: "site", orderId: "o2" }),
  JSON.stringify({
    _aws: {
      Timestamp: 1,
      CloudWatchMetrics: [
        {
          Namespace: "threadline/production",
          Dimensions: [["service"]],
          Metrics: [{ Name: "OrdersPlaced", Unit: "Count" }],
        },
      ],
    },
    service: "site",
    OrdersPlaced: 1,
    orderId: "o1",
  }),
  "{ not json",
  "ERROR Error: boom",
].join("\n");

describe("the rehearsal's log reading", () => {
  it("finds the JSON lines about an order and the metrics emitted for it, apart", () => {
    const lines = jsonLines(log);
    expect(lines).toHaveLength(3);
    expect(logLinesAbout(lines, "o1").map((l) => l.message)).toEqual(["order placed"]);
    expect(metricsAbout(lines, "o1")).toEqual([
      { name: "OrdersPlaced", namespace: "threadline/production" },
    ]);
    expect(metricsAbout(lines, "o2")).toEqual([]);
  });
});

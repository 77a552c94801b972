import { afterEach, describe, expect, it, vi } from "vitest";
import { embeddedMetric } from "./local-metrics.ts";
import {
  consoleTelemetry,
  countMetric,
  logLine,
  setTelemetry,
  type Telemetry,
  timeMetric,
} from "./telemetry.ts";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  setTelemetry(consoleTelemetry);
});

describe("the telemetry port", () => {
  it("writes one JSON line per warning or error on the console by default, and no more", () => {
    vi.stubEnv("LOG_LEVEL", "");
    vi.stubEnv("POWERTOOLS_LOG_LEVEL", "");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const infos = vi.spyOn(console, "log").mockImplementation(() => {});
    const debugs = vi.spyOn(console, "debug").mockImplementation(() => {});
    logLine("error", "dependency.unavailable", { dependency: "ssm" });
    logLine("info", "order placed", { orderId: "o1" });
    countMetric("OrdersPlaced", { orderId: "o1" });
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
      { level: "error", message: "dependency.unavailable", dependency: "ssm" },
    ]);
    expect(infos).not.toHaveBeenCalled();
    expect(debugs).not.toHaveBeenCalled();
  });

  it("says more at a lower LOG_LEVEL: info lines, and each metric as a debug line", () => {
    vi.stubEnv("LOG_LEVEL", "debug");
    const infos = vi.spyOn(console, "log").mockImplementation(() => {});
    const debugs = vi.spyOn(console, "debug").mockImplementation(() => {});
    logLine("info", "order placed", { orderId: "o1" });
    countMetric("DependencyUnavailable", { operation: "GetItem" }, { Dependency: "dynamodb" });
    expect(JSON.parse(String(infos.mock.calls[0]?.[0]))).toEqual({
      level: "info",
      message: "order placed",
      orderId: "o1",
    });
    expect(JSON.parse(String(debugs.mock.calls[0]?.[0]))).toEqual({
      level: "debug",
      message: "metric",
      metric: "DependencyUnavailable",
      Dependency: "dynamodb",
      operation: "GetItem",
    });
  });

  it("hands logs and metrics to the installed adapter", () => {
    const seen: unknown[] = [];
    const adapter: Telemetry = {
      log: (...args) => seen.push(["log", ...args]),
      count: (...args) => seen.push(["count", ...args]),
    };
    setTelemetry(adapter);
    logLine("warn", "w", { a: 1 });
    countMetric("MailsSent", { eventId: "e1" });
    expect(seen).toEqual([
      ["log", "warn", "w", { a: 1 }],
      ["count", "MailsSent", { eventId: "e1" }, undefined],
    ]);
    // An adapter that takes no timings is left alone.
    timeMetric("SiteServerTime", 12, { PageKind: "home" });
    expect(seen).toHaveLength(2);
  });
});

describe("metrics for the local cloud (LOCAL_METRICS_URL)", () => {
  it("are embedded-metric documents: the namespace, the metric's dimensions, what it is about", () => {
    expect(
      embeddedMetric(
        { name: "OrdersPlaced", unit: "Count", value: 1, about: { orderId: "o1" } },
        "Threadline/local",
        1000,
      ),
    ).toEqual({
      _aws: {
        Timestamp: 1000,
        CloudWatchMetrics: [
          {
            Namespace: "Threadline/local",
            Dimensions: [[]],
            Metrics: [{ Name: "OrdersPlaced", Unit: "Count" }],
          },
        ],
      },
      orderId: "o1",
      OrdersPlaced: 1,
    });
    expect(
      embeddedMetric(
        {
          name: "SiteServerTime",
          unit: "Milliseconds",
          value: 8,
          dimensions: { PageKind: "cart" },
        },
        "Threadline/local",
        1000,
      ),
    ).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Dimensions: [["PageKind"]] }] },
      PageKind: "cart",
      SiteServerTime: 8,
    });
  });
});

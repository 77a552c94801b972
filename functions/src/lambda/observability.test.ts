// The functions' adapter of core's telemetry port over Powertools (./observability.ts), without
// Lambda: what each call of the port becomes, the stage's namespace, and nothing installed off Lambda.
import { metricsNamespace as stageNamespace } from "@shop/core/common";
import { describe, expect, it } from "vitest";
import {
  instrumented,
  loadTracer,
  metricsNamespace,
  type Observability,
  observability,
  powertoolsTelemetry,
} from "./observability.ts";

/** Logger, Metrics and Tracer stand-ins recording what the adapter asks of them. */
function recording() {
  const calls: unknown[][] = [];
  const single = {
    clearDefaultDimensions: () => calls.push(["no default dimensions"]),
    addDimensions: (d: unknown) => calls.push(["dimensions", d]),
    addMetadata: (k: string, v: string) => calls.push(["metadata", k, v]),
    addMetric: (name: string, unit: string, value: number) =>
      calls.push(["metric", name, unit, value]),
  };
  const o = {
    logger: { info: (m: string, f: unknown) => calls.push(["info", m, f]) },
    metrics: { singleMetric: () => single },
    tracer: { captureAWSv3Client: (c: unknown) => ({ captured: c }) },
  } as unknown as Observability;
  return { o, calls };
}

describe("the functions' telemetry", () => {
  it("logs through the Logger and counts each metric on a line of its own, what it is about as metadata", () => {
    const { o, calls } = recording();
    const telemetry = powertoolsTelemetry(o);
    telemetry.log("info", "order placed", { orderId: "o1" });
    telemetry.count("DependencyUnavailable", { operation: "GetItem" }, { Dependency: "dynamodb" });
    expect(calls).toEqual([
      ["info", "order placed", { orderId: "o1" }],
      ["no default dimensions"],
      ["dimensions", { Dependency: "dynamodb" }],
      ["metadata", "operation", "GetItem"],
      ["metric", "DependencyUnavailable", "Count", 1],
    ]);
    expect(telemetry.captureClient?.("client")).toEqual({ captured: "client" });
  });

  it("writes a timing in milliseconds, with its own dimensions only", () => {
    const { o, calls } = recording();
    powertoolsTelemetry(o).time?.("SiteServerTime", 42.5, { PageKind: "product" });
    expect(calls).toEqual([
      ["no default dimensions"],
      ["dimensions", { PageKind: "product" }],
      ["metric", "SiteServerTime", "Milliseconds", 42.5],
    ]);
  });

  it("captures the clients built before the Tracer came once it is there", async () => {
    const { o } = recording();
    const withoutTracer = { ...o, tracer: undefined };
    const telemetry = powertoolsTelemetry(withoutTracer);
    const client = { name: "early" };
    expect(telemetry.captureClient?.(client)).toBe(client);
    // Once loaded (off Lambda the Tracer is disabled and hands clients back as they are).
    await loadTracer(withoutTracer, "test");
    expect(withoutTracer.tracer).toBeDefined();
  });

  it("puts a stage's metrics under its one namespace, the one its dashboard and alarms watch", () => {
    expect(metricsNamespace({ SST_APP: "threadline", SST_STAGE: "production" })).toBe(
      stageNamespace("production"),
    );
    expect(metricsNamespace({ STAGE: "pr-7" })).toBe(stageNamespace("pr-7"));
    expect(metricsNamespace({ POWERTOOLS_METRICS_NAMESPACE: "x", SST_STAGE: "y" })).toBe("x");
  });

  it("installs nothing off Lambda: the handler is itself", () => {
    const handler = async () => 1;
    expect(observability("test", {})).toBeUndefined();
    if (!process.env.AWS_LAMBDA_FUNCTION_NAME) expect(instrumented("test", handler)).toBe(handler);
  });
});

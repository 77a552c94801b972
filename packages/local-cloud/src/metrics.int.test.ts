// The local cloud's metrics page (./metrics.ts) as `npm start` wires it: with LOCAL_METRICS_URL
// set, the metrics core's rules emit through the default telemetry (an order placed, the site's
// server time) arrive as embedded-metric documents, and the page shows each order's metrics
// together and the others by metric; a document as Powertools prints it on Lambda reads the same.
import { unitsOfEach } from "@shop/core/inventory";
import { createProduct } from "@shop/core/server/catalog";
import { placeOrder } from "@shop/core/server/checkout";
import { countMetric, timeMetric } from "@shop/core/server/context";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type MetricsStandIn, type MetricsView, startMetricsStandIn } from "./metrics.ts";
import { createTestContext } from "./testing.ts";

let metrics: MetricsStandIn;
const view = async () => (await (await fetch(`${metrics.url}/metrics.json`)).json()) as MetricsView;

beforeAll(async () => {
  metrics = await startMetricsStandIn();
  vi.stubEnv("LOCAL_METRICS_URL", metrics.ingestUrl);
  vi.stubEnv("STAGE", "");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await metrics.stop();
});

describe("the local cloud's metrics page", () => {
  it("shows the metrics an order emitted, under its id, and the site's server time by kind of page", async () => {
    const { ctx } = await createTestContext();
    const tee = await createProduct(ctx, {
      slug: `tee-${crypto.randomUUID().slice(0, 8)}`,
      name: "Tee",
      category: "Women",
      priceCents: 3000,
      description: "A tee",
      sizes: ["M"],
      stock: unitsOfEach(["M"], 5),
      images: [{ key: "tee.svg", alt: "tee" }],
    });
    const { order } = await placeOrder(ctx, {
      userId: "u-metrics",
      email: "metrics@example.com",
      lines: [{ productId: tee.id, size: "M", quantity: 1 }],
      address: {
        address: "2 Side St",
        country: "France",
        city: "Lyon",
        zipCode: "69001",
        phone: "0600000000",
      },
      deliveryMethod: "STANDARD",
    });
    countMetric("MailsSent", { orderId: order.id, eventId: "e-1" });
    timeMetric("SiteServerTime", 12, { PageKind: "product" });
    timeMetric("SiteServerTime", 30, { PageKind: "product" });
    timeMetric("SiteServerTime", 7, { PageKind: "home" });

    await vi.waitFor(
      async () => {
        const seen = await view();
        const ours = seen.orders.find((o) => o.orderId === order.id);
        expect(ours?.metrics.map((m) => m.name)).toEqual(["OrdersPlaced", "MailsSent"]);
        expect(seen.others.find((o) => o.dimensions.PageKind === "product")).toMatchObject({
          namespace: "Threadline/local",
          name: "SiteServerTime",
          unit: "Milliseconds",
          count: 2,
          max: 30,
        });
      },
      { timeout: 5000, interval: 100 },
    );
    const [placed] = (await view()).orders.find((o) => o.orderId === order.id)?.metrics ?? [];
    expect(placed).toMatchObject({ unit: "Count", value: 1, dimensions: {} });

    const html = await (await fetch(metrics.url)).text();
    expect(html).toContain(`Order ${order.id}`);
    expect(html).toContain("PageKind=product");
  });

  it("reads a document as Powertools' Metrics prints it on Lambda", async () => {
    const line = JSON.stringify({
      _aws: {
        Timestamp: 1764160000000,
        CloudWatchMetrics: [
          {
            Namespace: "Threadline/production",
            Dimensions: [["Dependency"]],
            Metrics: [{ Name: "DependencyUnavailable", Unit: "Count" }],
          },
        ],
      },
      Dependency: "stripe",
      DependencyUnavailable: 1,
      orderId: "o-lambda",
      function_request_id: "req-1",
    });
    const answer = await fetch(metrics.ingestUrl, { method: "POST", body: `${line}\nnot json\n` });
    expect(await answer.json()).toEqual({ accepted: 1 });
    const order = (await view()).orders.find((o) => o.orderId === "o-lambda");
    expect(order?.metrics).toEqual([
      {
        namespace: "Threadline/production",
        name: "DependencyUnavailable",
        unit: "Count",
        value: 1,
        dimensions: { Dependency: "stripe" },
        about: { orderId: "o-lambda", function_request_id: "req-1" },
        at: new Date(1764160000000).toISOString(),
      },
    ]);
  });
});

import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { loadCharts, OrdersByStateChart, RevenueChart } from "./LazyCharts";

const revenue = () =>
  createElement(RevenueChart, {
    data: [
      { day: "2026-11-25", revenueCents: 4500 },
      { day: "2026-11-26", revenueCents: 9000 },
    ],
    label: "Revenue per day",
  });
const states = () =>
  createElement(OrdersByStateChart, {
    states: [{ state: "SHIPPED", count: 3 }],
    label: "Orders by state",
  });

describe("the dashboard's lazy charts", () => {
  it("show their fallback when rendered before loadCharts(), and draw once it has answered", async () => {
    // A render the dashboard's loader did not prepare: the chunk starts loading.
    expect(renderToString(states())).toContain("Loading the chart…");
    await loadCharts();
    // What the dashboard does: loaded first, then drawn in the same render, no fallback.
    const html = renderToString(revenue());
    expect(html).toContain('data-testid="revenue-chart"');
    expect(html).not.toContain("Loading the chart…");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(renderToString(states())).toContain('aria-label="Orders by state"');
  });
});

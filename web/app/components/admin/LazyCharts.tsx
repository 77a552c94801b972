// The dashboard's charts, loaded on first use (docs/decisions/022-lean-bundles.md): the server
// build of the site is one bundle, so a chart imported statically by its route would be parsed
// by every cold start, whatever page it serves. The dashboard's loader awaits loadCharts() first,
// so the page is rendered with the charts drawn, as before (SVG on the server, no script needed);
// in the browser the chunk loads with the page and the server's charts stay until it has.
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";

type Charts = typeof import("./charts");

let loaded: Charts | undefined;

/** Imports the charts' module once (a chunk of its own); later calls answer at once. */
export async function loadCharts(): Promise<Charts> {
  loaded ??= await import("./charts");
  return loaded;
}

/**
 * A chart as a lazy component that does not suspend once loadCharts() has answered: its factory
 * then hands React a thenable that calls back at once, so React takes the component in the same
 * render (a resolved Promise would still call back later, and the page would stream a fallback).
 */
function lazyChart<P extends object>(pick: (charts: Charts) => ComponentType<P>) {
  type Loaded = { default: ComponentType<P> };
  const Chart = lazy(() => {
    if (loaded) {
      const chart = { default: pick(loaded) };
      // biome-ignore lint/suspicious/noThenProperty: a thenable that calls back at once, on purpose.
      return { then: (resolve: (chart: Loaded) => void) => resolve(chart) } as Promise<Loaded>;
    }
    return loadCharts().then((charts) => ({ default: pick(charts) }));
  }) as unknown as ComponentType<P>;
  return function LazyChart(props: P): ReactNode {
    return (
      <Suspense fallback={<p className="text-sm text-stone-600">Loading the chart…</p>}>
        <Chart {...props} />
      </Suspense>
    );
  };
}

// In the browser, the chunk is asked for as soon as the dashboard's route module is loaded (with
// its data, on a navigation), rather than when React first renders a chart.
if (typeof document !== "undefined") void loadCharts().catch(() => {});

export const RevenueChart = lazyChart((charts) => charts.RevenueChart);
export const OrdersByStateChart = lazyChart((charts) => charts.OrdersByStateChart);

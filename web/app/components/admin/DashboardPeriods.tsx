// The dashboard's figures per period (today, the last 7 and 30 days): revenue, paid orders,
// average order value and items sold, each with its change against the period just before
// (docs/product.md §10 "Dashboard").
import { type PeriodComparison, type PeriodFigures, percentChange } from "@shop/core/insights";
import { formatPrice } from "@shop/core/pricing";

const FIGURES: ReadonlyArray<{
  name: string;
  value: (f: PeriodFigures) => number;
  format: (n: number) => string;
}> = [
  { name: "Revenue", value: (f) => f.revenueCents, format: (n) => formatPrice(n) },
  { name: "Paid orders", value: (f) => f.orders, format: String },
  { name: "Average order value", value: (f) => f.averageCents, format: (n) => formatPrice(n) },
  { name: "Items sold", value: (f) => f.items, format: String },
];

const before = (days: number) => (days === 1 ? "the day before" : `the ${days} days before`);

function Change({ now, then, days }: { now: number; then: number; days: number }) {
  const change = percentChange(now, then);
  if (change === null) {
    return <span className="text-stone-600">Nothing {before(days)}</span>;
  }
  const tone = change > 0 ? "text-green-800" : change < 0 ? "text-red-800" : "text-stone-600";
  return (
    <span className={tone}>
      {change > 0 ? "+" : ""}
      {change}% on {before(days)}
    </span>
  );
}

export function DashboardPeriods({ periods }: { periods: readonly PeriodComparison[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {periods.map((period) => {
        const id = `period-${period.days}`;
        return (
          <section
            key={period.label}
            aria-labelledby={id}
            className="rounded-lg border border-stone-200 p-4"
            data-testid={id}
          >
            <h3 id={id} className="font-semibold">
              {period.label}
            </h3>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3">
              {FIGURES.map((figure) => (
                <div key={figure.name}>
                  <dt className="text-sm text-stone-600">{figure.name}</dt>
                  <dd
                    className="text-lg font-semibold tabular-nums"
                    data-testid={`${id}-${figure.name.toLowerCase().replaceAll(" ", "-")}`}
                  >
                    {figure.format(figure.value(period.current))}
                  </dd>
                  <dd className="text-xs">
                    <Change
                      now={figure.value(period.current)}
                      then={figure.value(period.previous)}
                      days={period.days}
                    />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}

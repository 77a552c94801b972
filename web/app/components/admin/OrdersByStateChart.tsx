// How many orders are in each state, as horizontal bars drawn on the server with visx, with the
// counts in a table for screen readers (docs/product.md §10 "Dashboard").
import { type OrderState, orderStateStatus } from "@shop/core/orders";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { CHART_INK, ChartTable } from "./ChartTable";

const WIDTH = 640;
const ROW = 36;
const LABELS = 96;
const COUNTS = 64;
const INK = CHART_INK;

export function OrdersByStateChart({
  states,
  label,
}: {
  states: ReadonlyArray<{ state: OrderState; count: number }>;
  label: string;
}) {
  const height = ROW * states.length;
  const barsWidth = WIDTH - LABELS - COUNTS;
  const y = scaleBand<string>({
    domain: states.map((s) => s.state),
    range: [0, height],
    padding: 0.25,
  });
  const most = Math.max(1, ...states.map((s) => s.count));
  const x = scaleLinear<number>({ domain: [0, most], range: [0, barsWidth] });
  return (
    <figure>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="h-auto w-full"
        data-testid="states-chart"
      >
        {states.map((s) => {
          const top = y(s.state) ?? 0;
          const middle = top + y.bandwidth() / 2;
          const width = x(s.count) ?? 0;
          return (
            <Group key={s.state}>
              <text x={0} y={middle} dy="0.33em" fill={INK} fontSize={13}>
                {orderStateStatus(s.state).label}
              </text>
              <Bar x={LABELS} y={top} width={width} height={y.bandwidth()} fill="#57534e" />
              <text x={LABELS + width + 8} y={middle} dy="0.33em" fill={INK} fontSize={13}>
                {s.count}
              </text>
            </Group>
          );
        })}
      </svg>
      <ChartTable
        caption={label}
        columns={["State", "Orders"]}
        rows={states.map((s) => ({
          key: s.state,
          name: orderStateStatus(s.state).label,
          value: String(s.count),
        }))}
      />
    </figure>
  );
}

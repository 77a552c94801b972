// Revenue per day as bars, drawn on the server with visx (SVG, no script), with the same figures
// in a table for screen readers (docs/product.md §10 "Dashboard").
import { longDay, shortDay } from "@shop/core/insights";
import { formatPrice } from "@shop/core/pricing";
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { CHART_INK, ChartTable } from "./ChartTable";

// Drawn at about its size on a laptop: the text stays readable (the SVG scales with the page).
const WIDTH = 800;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 8, bottom: 32, left: 64 };
const INK = CHART_INK;

export function RevenueChart({
  data,
  label,
}: {
  data: ReadonlyArray<{ day: string; revenueCents: number }>;
  label: string;
}) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({
    domain: data.map((d) => d.day),
    range: [0, innerWidth],
    padding: 0.2,
  });
  const most = Math.max(0, ...data.map((d) => d.revenueCents));
  const y = scaleLinear<number>({
    domain: [0, most > 0 ? most : 10_000],
    range: [innerHeight, 0],
    nice: true,
  });
  // Every fifth day on the axis, ending today.
  const ticks = data.filter((_, i) => (data.length - 1 - i) % 5 === 0).map((d) => d.day);
  const tickLabel = { fill: INK, fontSize: 12, fontFamily: "inherit" } as const;
  return (
    <figure>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-4xl"
        data-testid="revenue-chart"
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          {data.map((d) => {
            const top = y(d.revenueCents) ?? innerHeight;
            return (
              <Bar
                key={d.day}
                x={x(d.day) ?? 0}
                y={top}
                width={x.bandwidth()}
                height={Math.max(0, innerHeight - top)}
                fill="#292524"
              />
            );
          })}
          <AxisLeft
            scale={y}
            numTicks={4}
            stroke={INK}
            tickStroke={INK}
            tickFormat={(value) => `${Math.round(Number(value) / 100)} €`}
            tickLabelProps={{ ...tickLabel, textAnchor: "end", dx: -4, dy: "0.33em" }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={ticks}
            stroke={INK}
            tickStroke={INK}
            tickFormat={(day) => shortDay(String(day))}
            tickLabelProps={{ ...tickLabel, textAnchor: "middle" }}
          />
        </Group>
      </svg>
      <ChartTable
        caption={label}
        columns={["Day", "Revenue"]}
        rows={data.map((d) => ({
          key: d.day,
          name: longDay(d.day),
          value: formatPrice(d.revenueCents),
        }))}
      />
    </figure>
  );
}

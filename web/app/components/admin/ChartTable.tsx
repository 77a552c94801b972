// A chart's figures as text (docs/product.md §10 "Dashboard"): the visually hidden table under
// each SVG chart, captioned with the chart's name, one row per bar.
export const CHART_INK = "#44403c";

export function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  /** The heading of the rows' names, then of their values. */
  columns: readonly [string, string];
  rows: ReadonlyArray<{ key: string; name: string; value: string }>;
}) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{columns[0]}</th>
          <th scope="col">{columns[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.name}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

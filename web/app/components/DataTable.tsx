// The one table of the shop's lists (the admin's orders, customers, low stock and top products;
// the order history; the returns): a caption for screen readers, a header row, one row per item.
// A list that `stacks` below a width hides its header there and lets each row lay its cells out
// as a card (the row's own classes say how), so it reads at 375 px; above it, a plain table.
import type { ReactNode } from "react";

export interface Column<Row> {
  /** The header cell's text. */
  header: ReactNode;
  /** The header cell's classes (default: the table's `headerCell`). */
  headerClassName?: string;
  /** The body cell's classes, fixed or per row. */
  className?: string | ((row: Row) => string);
  /** What the cell shows for a row. */
  cell: (row: Row) => ReactNode;
}

/** Below which width the rows are cards and the header is hidden. */
export type StackBelow = "sm" | "md";

// Whole class names, so that Tailwind finds them in the source.
const HEADER_GROUP: Record<StackBelow | "never", string> = {
  sm: "hidden border-b border-stone-200 text-stone-600 sm:table-header-group",
  md: "hidden border-b border-stone-200 text-stone-600 md:table-header-group",
  never: "border-b border-stone-200 text-stone-600",
};

/** The link of an admin row's first cell, to the item's page. */
export const rowLinkClass =
  "underline decoration-stone-400 underline-offset-2 hover:decoration-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900";

export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  className = "mt-6",
  headerCell = "py-3 pr-4 font-medium",
  stacks,
  rowClassName,
  rowTestId,
}: {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** Said to screen readers only (what the list is, and in which order). */
  caption?: string;
  /** Classes of the table besides its width and alignment (its margin). */
  className?: string;
  /** The header cells' classes, where a column does not set its own. */
  headerCell?: string;
  stacks?: StackBelow;
  rowClassName?: string;
  /** Each row's `data-testid`. */
  rowTestId?: string;
}) {
  return (
    <table className={`${className} w-full text-left text-sm`.trim()}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className={HEADER_GROUP[stacks ?? "never"]}>
        <tr>
          {columns.map((column, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
            <th key={i} scope="col" className={column.headerClassName ?? headerCell}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid={rowTestId} className={rowClassName}>
            {columns.map((column, i) => (
              <td
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
                key={i}
                className={
                  typeof column.className === "function" ? column.className(row) : column.className
                }
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

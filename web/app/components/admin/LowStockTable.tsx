// The low-stock sizes (docs/product.md §10 "Low stock"), lowest first, each linking to its
// product's form where the stock is changed: the Low stock page lists them all, the dashboard
// the first few.
import { Link } from "@remix-run/react";
import type { LowStockRow } from "@shop/core/server/catalog";
import { type Column, DataTable } from "../DataTable";

const columns: Column<LowStockRow>[] = [
  {
    header: "Product",
    className: "py-3 pr-4",
    cell: (row) => (
      <Link
        to={`/admin/products/${row.productId}`}
        className="font-medium text-accent-700 underline"
      >
        {row.name}
      </Link>
    ),
  },
  {
    header: "Size",
    className: "py-3 pr-4",
    cell: (row) => (
      <>
        {row.size} <span className="text-stone-500">({row.sizeName})</span>
      </>
    ),
  },
  {
    header: "Left",
    headerClassName: "py-2 text-right font-medium",
    className: (row) =>
      `py-3 text-right font-semibold tabular-nums ${row.left === 0 ? "text-red-700" : "text-stone-900"}`,
    cell: (row) => (row.left === 0 ? "Sold out" : row.left),
  },
];

export function LowStockTable({
  rows,
  className = "",
}: {
  rows: readonly LowStockRow[];
  className?: string;
}) {
  if (rows.length === 0)
    return <p className={`${className} text-stone-600`}>No size is that low.</p>;
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={(row) => `${row.productId}-${row.key}`}
      className={className}
      headerCell="py-2 pr-4 font-medium"
      rowTestId="low-stock-row"
    />
  );
}

// The low-stock sizes (docs/product.md §10 "Low stock"), lowest first, each linking to its
// product's form where the stock is changed: the Low stock page lists them all, the dashboard
// the first few.
import { Link } from "@remix-run/react";
import type { LowStockRow } from "@shop/core/server/catalog";

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
    <table className={`${className} w-full text-left text-sm`}>
      <thead className="border-b border-stone-200 text-stone-600">
        <tr>
          <th scope="col" className="py-2 pr-4 font-medium">
            Product
          </th>
          <th scope="col" className="py-2 pr-4 font-medium">
            Size
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Left
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {rows.map((row) => (
          <tr key={`${row.productId}-${row.size}`} data-testid="low-stock-row">
            <td className="py-3 pr-4">
              <Link
                to={`/admin/products/${row.productId}`}
                className="font-medium text-accent-700 underline"
              >
                {row.name}
              </Link>
            </td>
            <td className="py-3 pr-4">
              {row.size} <span className="text-stone-500">({row.sizeName})</span>
            </td>
            <td
              className={`py-3 text-right font-semibold tabular-nums ${row.left === 0 ? "text-red-700" : "text-stone-900"}`}
            >
              {row.left === 0 ? "Sold out" : row.left}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

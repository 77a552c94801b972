// Low stock (docs/product.md §10 "Low stock"): every offered size at or under the threshold
// (LOW_STOCK_THRESHOLD, 5 by default), lowest first, each linking to its product's form, where
// the stock is changed.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { listLowStock } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { ErrorPage } from "../components/ErrorPage";
import { adminLoader } from "../lib/admin.server";
import { NO_STORE } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";

export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  const ctx = getContext();
  return data(
    { rows: await listLowStock(ctx), threshold: ctx.config.lowStockThreshold },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

export const meta: MetaFunction = () => [{ title: `Low stock | Admin | ${SHOP_NAME}` }];

export default function AdminLowStock() {
  const { rows, threshold } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="low-stock-title">
      <h2 id="low-stock-title" className="text-xl font-semibold">
        Low stock
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Sizes with {threshold} units or fewer left, lowest first.
      </p>
      {rows.length === 0 ? (
        <p className="mt-6 text-stone-600">No size is that low.</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
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
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}

// The admin's landing page, "Dashboard" (docs/product.md §10 "Dashboard"): sales figures of
// today, the last 7 and 30 days against the periods before, revenue per day, orders by state,
// the top products (each with its units split by colour) and the low stock. Read from the sales
// aggregates only (core/src/insights), a fixed number of table calls whatever the number of
// orders; days in the shop's time zone.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { colourSplitText, longDay } from "@shop/core/insights";
import { getContext } from "@shop/core/server/context";
import { CHART_DAYS, loadDashboard } from "@shop/core/server/insights";
import { DashboardPeriods } from "../components/admin/DashboardPeriods";
import { loadCharts, OrdersByStateChart, RevenueChart } from "../components/admin/LazyCharts";
import { LowStockTable } from "../components/admin/LowStockTable";
import { PromotionSalesTable } from "../components/admin/PromotionSalesTable";
import { ErrorPage } from "../components/ErrorPage";
import { adminLoader } from "../lib/admin.server";
import { NO_STORE } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";

export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  // The charts' chunk, read with the figures: the page renders with the charts drawn.
  const [dashboard] = await Promise.all([loadDashboard(getContext()), loadCharts()]);
  return data({ ...dashboard, chartDays: CHART_DAYS }, { headers: { "Cache-Control": NO_STORE } });
}

export const meta: MetaFunction = () => [{ title: `Dashboard | Admin | ${SHOP_NAME}` }];

const sectionTitle = "text-lg font-semibold";
const cell = "py-2 pr-4";

export default function AdminDashboard() {
  const d = useLoaderData<typeof loader>();
  const revenueLabel = `Revenue per day, last ${d.chartDays} days`;
  return (
    <div className="space-y-10">
      <div>
        <h2 className="text-xl font-semibold">Dashboard</h2>
        <p className="mt-1 text-sm text-stone-600">
          Today is {longDay(d.today)} ({d.timeZone}). Paid orders count on the day they were paid; a
          cancelled or deleted order no longer counts.
        </p>
      </div>

      <DashboardPeriods periods={d.periods} />

      <section aria-labelledby="revenue-title">
        <h3 id="revenue-title" className={sectionTitle}>
          Revenue per day
        </h3>
        <div className="mt-3">
          <RevenueChart data={d.revenue} label={revenueLabel} />
        </div>
      </section>

      <div className="grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="states-title">
          <h3 id="states-title" className={sectionTitle}>
            Orders by state
          </h3>
          <div className="mt-3">
            <OrdersByStateChart states={d.states} label="Orders by state" />
          </div>
          <p className="mt-2 text-sm">
            <Link to="/admin/orders" className="text-accent-700 underline">
              All orders
            </Link>
          </p>
        </section>

        <section aria-labelledby="top-title">
          <h3 id="top-title" className={sectionTitle}>
            Top products, last {d.chartDays} days
          </h3>
          {d.topProducts.length === 0 ? (
            <p className="mt-3 text-stone-600">No product sold in these days.</p>
          ) : (
            <table className="mt-3 w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th scope="col" className={`${cell} font-medium`}>
                    Product
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Units sold
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {d.topProducts.map((p) => (
                  <tr key={p.productId} data-testid="top-product">
                    <td className={cell}>
                      {p.slug ? (
                        <Link to={`/product/${p.slug}`} className="text-accent-700 underline">
                          {p.name}
                        </Link>
                      ) : (
                        <span className="text-stone-600">Deleted product</span>
                      )}
                      {p.colours.length > 0 ? (
                        <span
                          className="mt-0.5 block text-xs text-stone-600"
                          data-testid="top-product-colours"
                        >
                          {colourSplitText(p.colours)}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 text-right tabular-nums">{p.units}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>

      <section aria-labelledby="promotion-sales-title">
        <h3 id="promotion-sales-title" className={sectionTitle}>
          Discounts per promotion, last {d.chartDays} days
        </h3>
        <PromotionSalesTable rows={d.promotions} />
      </section>

      <section aria-labelledby="dashboard-stock-title">
        <h3 id="dashboard-stock-title" className={sectionTitle}>
          Low stock
        </h3>
        <LowStockTable rows={d.lowStock} className="mt-3" />
        {d.lowStockTotal > d.lowStock.length ? (
          <p className="mt-2 text-sm">
            <Link to="/admin/stock" className="text-accent-700 underline">
              All {d.lowStockTotal} low-stock variants
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}

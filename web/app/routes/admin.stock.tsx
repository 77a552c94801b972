// Low stock (docs/product.md §10 "Low stock"): every variant at or under the threshold
// (LOW_STOCK_THRESHOLD, 5 by default), lowest first, each linking to its product's form, where
// the stock is changed.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { listLowStock } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { LowStockTable } from "../components/admin/LowStockTable";
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
        Variants (a colour in a size) with {threshold} units or fewer left, lowest first.
      </p>
      <LowStockTable rows={rows} className="mt-6" />
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}

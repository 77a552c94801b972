// Admin · Orders (/admin/orders): every order newest first, 20 a page (the cursor is in the URL),
// filtered by state and searched by order number or the customer's e-mail. Everything is in the
// query string, so the GET form works without JavaScript and every view can be bookmarked.
// "Export CSV" downloads a date range's orders (components/admin/OrderExportForm.tsx).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { defaultExportRange } from "@shop/core/insights";
import { ORDER_STATES, orderStateStatus, paymentStatusOf } from "@shop/core/orders";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { searchOrders } from "@shop/core/server/orders";
import { AdminSearchForm, searchFieldClass } from "../components/admin/AdminSearchForm";
import { OrderExportForm } from "../components/admin/OrderExportForm";
import { type AdminOrderRow, OrderTable } from "../components/admin/OrderTable";
import { orderDate } from "../components/OrderDetails";
import { adminLoader } from "../lib/admin.server";
import { NO_STORE } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";

const PAGE_SIZE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  const state = params.get("state") ?? "";
  const cursor = params.get("cursor") || undefined;
  const filters = { q: q.slice(0, 300), state: ORDER_STATES.find((s) => s === state) ?? "" };
  const headers = { "Cache-Control": NO_STORE };
  const exportRange = defaultExportRange(new Date());
  try {
    const page = await searchOrders(getContext(), { q, state, cursor, limit: PAGE_SIZE });
    const orders: AdminOrderRow[] = page.orders.map((order) => ({
      id: order.id,
      number: order.number,
      date: orderDate(order.createdAt),
      customer: order.email,
      totalCents: order.totalCents,
      state: orderStateStatus(order.state),
      payment: paymentStatusOf(order),
    }));
    return data(
      {
        filters,
        orders,
        next: page.cursor ?? null,
        paged: Boolean(cursor),
        error: null,
        exportRange,
      },
      { headers },
    );
  } catch (error) {
    // A bad search, state or tampered cursor: say so on the form (400), list nothing.
    if (!isDomainError(error)) throw error;
    return data(
      {
        filters,
        orders: [] as AdminOrderRow[],
        next: null,
        paged: false,
        error: { field: error.field ?? "q", message: error.message },
        exportRange,
      },
      { status: 400, headers },
    );
  }
}

export const meta: MetaFunction = () => [{ title: `Orders | Admin | ${SHOP_NAME}` }];

/** The list's URL for these filters (and page). */
function listUrl(filters: { q: string; state: string }, cursor?: string) {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.state) params.set("state", filters.state);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `/admin/orders?${query}` : "/admin/orders";
}

export default function AdminOrders() {
  const { filters, orders, next, paged, error, exportRange } = useLoaderData<typeof loader>();
  const filtered = Boolean(filters.q || filters.state);
  const fieldError = (name: string) => (error && error.field === name ? error.message : null);
  const qError = fieldError("q") ?? (error && error.field === "cursor" ? error.message : null);
  const stateError = fieldError("state");
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="text-xl font-semibold">
        Orders
      </h2>
      <AdminSearchForm
        list="Orders"
        path="/admin/orders"
        label="Search orders"
        value={filters.q}
        placeholder="TL-XXXXXXXX or customer e-mail"
        maxLength={300}
        error={qError}
        hint="An order number or a customer's e-mail address"
        filtered={filtered}
        gridClassName="sm:grid-cols-[1fr_12rem_auto]"
      >
        <div>
          <label htmlFor="orders-state" className="block text-sm font-medium text-stone-800">
            State
          </label>
          <select
            id="orders-state"
            name="state"
            defaultValue={filters.state}
            aria-invalid={stateError ? true : undefined}
            aria-describedby={stateError ? "orders-state-error" : undefined}
            className={searchFieldClass}
          >
            <option value="">All states</option>
            {ORDER_STATES.map((state) => (
              <option key={state} value={state}>
                {orderStateStatus(state).label}
              </option>
            ))}
          </select>
          {stateError ? (
            <p id="orders-state-error" className="mt-1 text-sm text-red-700">
              {stateError}
            </p>
          ) : null}
        </div>
      </AdminSearchForm>
      <OrderExportForm defaults={exportRange} />

      {orders.length === 0 ? (
        <p className="mt-6 text-stone-600" data-testid="admin-orders-empty">
          {error ? "No orders to show." : filtered ? "No orders match." : "No orders yet."}
        </p>
      ) : (
        <OrderTable
          orders={orders}
          caption={
            filtered ? "Orders matching the search, newest first" : "All orders, newest first"
          }
        />
      )}

      {paged || next ? (
        <nav aria-label="Order pages" className="mt-6 flex flex-wrap gap-4 text-sm font-medium">
          {paged ? (
            <Link to={listUrl(filters)} className="text-stone-700 underline">
              Newest orders
            </Link>
          ) : null}
          {next ? (
            <Link to={listUrl(filters, next)} className="text-stone-700 underline">
              Older orders
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../components/ErrorPage";

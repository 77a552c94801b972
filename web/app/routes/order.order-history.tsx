// Order History (/order/order-history): the signed-in user's orders, newest first, with number,
// state, date, total and the invoice download (or "Invoice is being prepared").
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { orderStatus } from "@shop/core/orders";
import { getContext } from "@shop/core/server/context";
import { listOrdersForUser } from "@shop/core/server/orders";
import { orderReturnable } from "@shop/core/server/returns";
import { ErrorPage } from "../components/ErrorPage";
import { orderDate } from "../components/OrderDetails";
import { OrderHistoryList } from "../components/OrderHistoryList";
import { NO_STORE } from "../lib/http";
import { requireUser } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";

const PAGE_SIZE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  const ctx = getContext();
  const now = new Date();
  const page = await listOrdersForUser(ctx, user.id, {
    limit: PAGE_SIZE,
    cursor: cursor && cursor.length <= 2000 ? cursor : undefined,
  }).catch((error: unknown) => {
    // A tampered cursor is the visitor's mistake, not ours.
    if (cursor) throw data("Invalid page", { status: 400 });
    throw error;
  });
  return data(
    {
      orders: page.orders.map((order) => ({
        id: order.id,
        number: order.number,
        status: orderStatus(order),
        paid: order.payment === "paid",
        date: orderDate(order.createdAt),
        totalCents: order.totalCents,
        invoiceReady: Boolean(order.invoiceKey),
        returnable: orderReturnable(ctx, order, now),
      })),
      next: page.cursor ?? null,
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

export const meta: MetaFunction = () => [{ title: `Order History | ${SHOP_NAME}` }];

export default function OrderHistory() {
  const { orders, next } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Order History</h1>
      {orders.length === 0 ? (
        <p className="mt-4 text-stone-600">You have not placed any orders yet.</p>
      ) : (
        <OrderHistoryList orders={orders} />
      )}
      {next ? (
        <Link
          to={`?cursor=${encodeURIComponent(next)}`}
          className="mt-6 inline-block text-sm font-medium text-accent-700 underline"
        >
          Older orders
        </Link>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}

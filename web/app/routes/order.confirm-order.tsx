// The order confirmation (/order/confirm-order?id=<orderId>, owner only). The payment event may
// still be on its way: the page then says so and looks again every 1.5 s (a meta refresh and a
// reload link without JavaScript).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator, useRouteError } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { getContext } from "@shop/core/server/context";
import { getOrderForUser } from "@shop/core/server/orders";
import { listReturnsOfOrder, orderReturnable } from "@shop/core/server/returns";
import { useEffect } from "react";
import { ErrorPage } from "../components/ErrorPage";
import { OrderDetails, orderView } from "../components/OrderDetails";
import { ReturnsList } from "../components/ReturnsList";
import { NO_STORE } from "../lib/http";
import { returnRow } from "../lib/returns";
import { requireUser } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";

const RECHECK_MS = 1500;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const ctx = getContext();
  const order = await getOrderForUser(ctx, user.id, id);
  if (!order) throw data("Order not found", { status: 404 });
  // Only a delivered order has returns (core/src/returns): no read for the others.
  const returns = order.state === "DELIVERED" ? await listReturnsOfOrder(ctx, order.id) : [];
  return data(
    {
      order: orderView(order),
      returns: returns.map(returnRow),
      returnable: orderReturnable(ctx, order),
      exchangeOf: order.exchangeOf ?? null,
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

export const meta: MetaFunction = () => [{ title: `Order confirmation | ${SHOP_NAME}` }];

export default function ConfirmOrder() {
  const { order, returns, returnable, exchangeOf } = useLoaderData<typeof loader>();
  const awaiting = order.payment === "awaiting";
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;

  useEffect(() => {
    if (!awaiting) return;
    const timer = window.setInterval(() => revalidate(), RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [awaiting, revalidate]);

  return (
    <div className="container-page py-10 lg:py-14">
      {awaiting ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <p className="text-sm font-medium text-accent-700">Order {order.number}</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">
        {exchangeOf
          ? "Your replacement order"
          : order.payment === "paid"
            ? "Thank you for your order"
            : order.payment === "failed"
              ? "Your payment did not go through"
              : "Your payment is being confirmed"}
      </h1>
      <div role="status" className="mt-4 text-stone-700">
        {exchangeOf ? (
          <p>
            Order <strong data-testid="order-number">{order.number}</strong> sends the new size of
            your exchange{" "}
            <Link to={`/order/returns/${exchangeOf}`} className="underline">
              {exchangeOf}
            </Link>
            , at no charge.
          </p>
        ) : order.payment === "paid" ? (
          <p>
            Your order number is <strong data-testid="order-number">{order.number}</strong>, placed
            on {order.date}. An email has been sent to confirm your order.
          </p>
        ) : order.payment === "failed" ? (
          <p>{order.paymentError ?? "The payment failed."}</p>
        ) : (
          <p>
            Your payment is being confirmed. This page updates itself.{" "}
            <a
              href={`/order/confirm-order?id=${encodeURIComponent(order.id)}`}
              className="underline"
            >
              Reload
            </a>
          </p>
        )}
      </div>
      <OrderDetails order={order} />
      {returns.length > 0 || returnable ? (
        <section aria-labelledby="order-returns" className="mt-10">
          <h2 id="order-returns" className="text-xl font-semibold">
            Returns
          </h2>
          {returns.length > 0 ? (
            <ReturnsList
              returns={returns}
              caption={`Returns of order ${order.number}`}
              linkTo={(rma) => `/order/returns/${rma}`}
            />
          ) : null}
          {returnable ? (
            <Link
              to={`/order/returns/new?order=${encodeURIComponent(order.id)}`}
              className="mt-4 inline-block text-sm font-medium text-accent-700 underline"
            >
              Return or exchange items
            </Link>
          ) : null}
        </section>
      ) : null}
      <div className="mt-10 flex flex-wrap gap-4 text-sm font-medium">
        <Link to="/order/order-history" className="text-accent-700 underline hover:text-accent-800">
          Order History
        </Link>
        <Link to="/product" className="text-accent-700 underline hover:text-accent-800">
          Continue shopping
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}

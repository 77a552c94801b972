// Admin · one customer (/admin/customers/<id>, docs/product.md §10 "Customers"): when they signed
// up, their newsletter status, their address's mail state (a hard bounce or a complaint that
// stopped mail to it: core/src/mail/reputation.ts), how many reviews they wrote, what they spent, and every order with
// its total (each a link to /admin/orders/<id>), and their returns (each a link to
// /admin/returns/<rma>). Two core reads (customerOverview, listReturnsForUser); a deleted
// account is not found (its orders stay, anonymised, under Orders).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { orderStateStatus, paymentStatusOf } from "@shop/core/orders";
import { getContext } from "@shop/core/server/context";
import { customerOverview } from "@shop/core/server/customers";
import { listReturnsForUser } from "@shop/core/server/returns";
import type { ReactNode } from "react";
import { type AdminOrderRow, OrderTable } from "../components/admin/OrderTable";
import { ErrorPage } from "../components/ErrorPage";
import { orderDate } from "../components/OrderDetails";
import { Price } from "../components/Price";
import { ReturnsList } from "../components/ReturnsList";
import { adminLoader } from "../lib/admin.server";
import { NO_STORE } from "../lib/http";
import { returnRow } from "../lib/returns";
import { SHOP_NAME } from "../lib/shop";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await adminLoader(request);
  const ctx = getContext();
  const [overview, returns] = await Promise.all([
    customerOverview(ctx, params.id ?? ""),
    listReturnsForUser(ctx, params.id ?? ""),
  ]);
  if (!overview) throw data("Customer not found", { status: 404 });
  const { customer } = overview;
  const orders: AdminOrderRow[] = overview.orders.map((order) => ({
    id: order.id,
    number: order.number,
    date: orderDate(order.createdAt),
    customer: customer.email,
    totalCents: order.totalCents,
    state: orderStateStatus(order.state),
    payment: paymentStatusOf(order),
  }));
  return data(
    {
      name: `${customer.firstName} ${customer.lastName}`.trim() || customer.email,
      email: customer.email,
      emailVerified: customer.emailVerified,
      isAdmin: customer.isAdmin,
      signedUp: orderDate(customer.createdAt),
      subscribed: overview.subscribed,
      mailState: overview.mailState,
      reviewCount: overview.reviewCount,
      totalSpentCents: overview.totalSpentCents,
      orders,
      returns: returns.map(returnRow),
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.name ?? "Customer"} | Admin | ${SHOP_NAME}` },
];

function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-stone-200 p-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-stone-600">{label}</dt>
      <dd className="mt-1 font-medium break-all text-stone-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export default function AdminCustomer() {
  const c = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="customer-title">
      <Link to="/admin/customers" className="text-sm font-medium text-stone-700 underline">
        Back to customers
      </Link>
      <h2 id="customer-title" className="mt-3 text-xl font-semibold">
        {c.name}
        {c.isAdmin ? (
          <span className="ml-2 align-middle rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
            Admin
          </span>
        ) : null}
      </h2>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="E-mail" testId="customer-email">
          {c.email}
          {c.emailVerified ? null : (
            <span className="ml-1 font-normal text-stone-600">(not verified)</span>
          )}
        </Fact>
        <Fact label="Signed up" testId="customer-signed-up">
          {c.signedUp}
        </Fact>
        <Fact label="Newsletter" testId="customer-newsletter">
          {c.subscribed ? "Subscribed" : "Not subscribed"}
        </Fact>
        <Fact label="Mail" testId="customer-mail-state">
          {c.mailState ?? "Delivered normally"}
        </Fact>
        <Fact label="Orders" testId="customer-order-count">
          {c.orders.length}
        </Fact>
        <Fact label="Total spent" testId="customer-total-spent">
          <Price cents={c.totalSpentCents} />
        </Fact>
        <Fact label="Reviews written" testId="customer-review-count">
          {c.reviewCount}
        </Fact>
      </dl>
      <p className="mt-2 text-sm text-stone-600">
        Total spent counts paid orders, less those refunded or with a refund due, and less what
        returns refunded.
      </p>

      <h3 className="mt-8 text-lg font-semibold">Orders</h3>
      {c.orders.length === 0 ? (
        <p className="mt-2 text-stone-600" data-testid="customer-orders-empty">
          No orders yet.
        </p>
      ) : (
        <OrderTable orders={c.orders} caption={`Orders of ${c.name}, newest first`} />
      )}

      <h3 className="mt-8 text-lg font-semibold">Returns</h3>
      {c.returns.length === 0 ? (
        <p className="mt-2 text-stone-600">No returns.</p>
      ) : (
        <ReturnsList
          returns={c.returns}
          caption={`Returns of ${c.name}, newest first`}
          linkTo={(rma) => `/admin/returns/${rma}`}
        />
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}

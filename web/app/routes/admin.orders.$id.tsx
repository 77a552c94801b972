// Admin · one order (/admin/orders/<id>): lines, address, delivery, totals and promotion (the
// customer's OrderDetails), plus payment, refund, invoice, customer and history; the buttons
// for the allowed next states (intent=state) and deletion behind a confirmation
// (intent=delete); a refund still due can be issued again (intent=refund). A refused change answers with the server's reason and changes nothing.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { orderStateActions, orderStateStatus, paymentStatusOf } from "@shop/core/orders";
import { formatPrice } from "@shop/core/pricing";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import {
  changeOrderState,
  deleteOrder,
  getOrder,
  type Order,
  refundOrder,
} from "@shop/core/server/orders";
import { listReturnsOfOrder } from "@shop/core/server/returns";
import { AdminErrorBanner } from "../components/admin/AdminErrorBanner";
import {
  DeleteOrderButton,
  OrderAdminPanel,
  type OrderAdminView,
} from "../components/admin/OrderAdminPanel";
import { ErrorPage } from "../components/ErrorPage";
import { OrderDetails, orderDate, orderView } from "../components/OrderDetails";
import { ReturnsList } from "../components/ReturnsList";
import { adminAction, adminLoader } from "../lib/admin.server";
import { readForm } from "../lib/form.server";
import { NO_STORE } from "../lib/http";
import { returnRow } from "../lib/returns";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await adminLoader(request);
  const ctx = getContext();
  const order = await getOrder(ctx, params.id ?? "");
  if (!order) throw data("Order not found", { status: 404 });
  // Only a delivered order has returns (core/src/returns): no read for the others.
  const returns = order.state === "DELIVERED" ? await listReturnsOfOrder(ctx, order.id) : [];
  return data(
    {
      order: orderView(order),
      admin: adminView(order),
      returns: returns.map(returnRow),
      exchangeOf: order.exchangeOf ?? null,
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

export const action = keepsInput(submit);

async function submit({ request, params }: ActionFunctionArgs) {
  await adminAction(request);
  const id = params.id ?? "";
  const form = await readForm(request);
  const intent = form.get("intent");
  const ctx = getContext();
  try {
    if (intent === "state") {
      const order = await changeOrderState(ctx, id, form.get("state"));
      return redirectWithToast(`/admin/orders/${encodeURIComponent(order.id)}`, {
        type: "success",
        title: "Success",
        description: stateChanged(order),
      });
    }
    if (intent === "refund") {
      const order = await refundOrder(ctx, id);
      return redirectWithToast(`/admin/orders/${encodeURIComponent(order.id)}`, {
        type: "success",
        title: "Success",
        description: `${formatPrice(order.totalCents)} refunded for order ${order.number}`,
      });
    }
    if (intent === "delete") {
      const order = await deleteOrder(ctx, id);
      return redirectWithToast("/admin/orders", {
        type: "success",
        title: "Success",
        description: `Order ${order.number} deleted`,
      });
    }
    return data({ intent: "unknown", error: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { intent: intent === "state" ? "state" : "other", error: error.message },
      { status: error.status },
    );
  }
}

/** The toast after a change; a cancellation says what happened to the money. */
function stateChanged(order: Order): string {
  const said = `Order ${order.number} is now ${orderStateStatus(order.state).label.toLowerCase()}`;
  if (order.state !== "CANCELED" || order.payment !== "paid") return said;
  if (order.refundDue) return `${said}; a refund of ${formatPrice(order.totalCents)} is due`;
  return `${said}; ${formatPrice(order.totalCents)} refunded`;
}

function adminView(order: Order): OrderAdminView {
  const steps: Array<[string, string | undefined]> = [
    ["Placed", order.createdAt],
    ["Paid", order.paidAt],
    ["Shipped", order.shippedAt],
    ["Delivered", order.deliveredAt],
    ["Canceled", order.canceledAt],
    ["Refunded", order.refundedAt],
  ];
  return {
    id: order.id,
    number: order.number,
    customer: order.email,
    totalCents: order.totalCents,
    paid: order.payment === "paid",
    state: orderStateStatus(order.state),
    payment: paymentStatusOf(order),
    paymentError: order.paymentError ?? null,
    promotion: order.promotion
      ? { code: order.promotion.code, label: order.promotion.label }
      : null,
    actions: orderStateActions(order),
    refund: {
      due: order.refundDue === true,
      refundedAt: order.refundedAt ? orderDate(order.refundedAt) : null,
      refundId: order.refundId ?? null,
    },
    invoiceReady: Boolean(order.invoiceKey),
    timeline: steps.flatMap(([label, at]) => (at ? [{ label, date: orderDate(at) }] : [])),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.order ? `Order ${data.order.number}` : "Order"} | Admin | ${SHOP_NAME}` },
];

export default function AdminOrder() {
  const { order, admin, returns, exchangeOf } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  return (
    <section aria-labelledby="order-title">
      <AdminErrorBanner message={answer && answer.intent !== "state" ? answer.error : null} />
      <Link to="/admin/orders" className="text-sm font-medium text-stone-700 underline">
        ← All orders
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="order-title" className="text-xl font-semibold">
            Order {order.number}
          </h2>
          <p className="mt-1 text-sm text-stone-600">Placed on {order.date}</p>
        </div>
        <DeleteOrderButton
          number={order.number}
          keptPayment={admin.paid && !admin.refund.refundedAt}
        />
      </div>
      <OrderAdminPanel
        order={admin}
        stateError={answer && answer.intent === "state" ? answer.error : null}
      />
      {exchangeOf ? (
        <p className="mt-4 text-sm text-stone-700">
          Replacement at no charge for return{" "}
          <Link to={`/admin/returns/${exchangeOf}`} className="underline">
            {exchangeOf}
          </Link>
        </p>
      ) : null}
      {returns.length > 0 ? (
        <section aria-labelledby="order-returns" className="mt-6">
          <h3 id="order-returns" className="text-lg font-semibold">
            Returns
          </h3>
          <ReturnsList
            returns={returns}
            caption={`Returns of order ${order.number}`}
            linkTo={(rma) => `/admin/returns/${rma}`}
          />
        </section>
      ) : null}
      <OrderDetails order={order} />
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}

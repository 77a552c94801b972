// What only the admin sees of an order: customer, payment and refund, invoice, the dates it
// went through, the state buttons (only the allowed next states; one refused for a reason is
// shown disabled with that reason) and deletion behind a confirmation.
import { Form, useNavigation } from "@remix-run/react";
import type { OrderState, OrderStateAction, OrderStatus } from "@shop/core/orders";
import { InvoiceLink } from "../InvoiceLink";
import { Price } from "../Price";
import { StatusBadge } from "../StatusBadge";
import { ConfirmButton } from "./ConfirmButton";

export interface OrderAdminView {
  id: string;
  number: string;
  customer: string;
  totalCents: number;
  paid: boolean;
  state: OrderStatus;
  payment: OrderStatus;
  paymentError: string | null;
  promotion: { code: string; label: string } | null;
  actions: OrderStateAction[];
  refund: { due: boolean; refundedAt: string | null; refundId: string | null };
  invoiceReady: boolean;
  timeline: Array<{ label: string; date: string }>;
}

const ACTION_LABELS: Record<OrderState, string> = {
  PENDING: "Mark as pending",
  SHIPPED: "Mark as shipped",
  DELIVERED: "Mark as delivered",
  CANCELED: "Cancel order",
};

const card = "rounded-lg border border-stone-200 p-5";
const heading = "text-sm font-semibold uppercase tracking-wide text-stone-600";

export function OrderAdminPanel({
  order,
  stateError,
}: {
  order: OrderAdminView;
  /** The server's reason when the last state change was refused. */
  stateError: string | null;
}) {
  return (
    <div className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      <section aria-labelledby="order-state-heading" className={`${card} lg:col-span-1`}>
        <h3 id="order-state-heading" className={heading}>
          State
        </h3>
        <p className="mt-3">
          <StatusBadge status={order.state} />
        </p>
        {stateError ? (
          <div
            role="alert"
            data-testid="order-state-error"
            className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          >
            <p className="font-semibold">Error</p>
            <p className="mt-1">{stateError}</p>
          </div>
        ) : null}
        <OrderStateButtons order={order} />
      </section>

      <section aria-labelledby="order-payment-heading" className={card}>
        <h3 id="order-payment-heading" className={heading}>
          Payment
        </h3>
        <p className="mt-3 flex flex-wrap items-center gap-2">
          <StatusBadge status={order.payment} />
          <Price cents={order.totalCents} className="font-medium text-stone-900" />
        </p>
        {order.paymentError ? (
          <p className="mt-2 text-sm text-stone-700">Gateway: {order.paymentError}</p>
        ) : null}
        <p className="mt-2 text-sm text-stone-700" data-testid="order-promotion">
          {order.promotion
            ? `Promotion ${order.promotion.code}: ${order.promotion.label}`
            : "No promotion."}
        </p>
        <p className="mt-2 text-sm text-stone-700" data-testid="order-refund">
          {order.refund.due
            ? "A refund is due: the order was cancelled after payment and the money has not gone back yet."
            : order.refund.refundedAt
              ? `Refunded on ${order.refund.refundedAt}${order.refund.refundId ? ` (${order.refund.refundId})` : ""}.`
              : "No refund."}
        </p>
        {order.refund.due ? (
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="refund" />
            <button
              type="submit"
              className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-stone-900"
            >
              Issue refund
            </button>
          </Form>
        ) : null}
        <p className="mt-3 text-sm">
          <InvoiceLink order={order} />
        </p>
      </section>

      <section aria-labelledby="order-customer-heading" className={card}>
        <h3 id="order-customer-heading" className={heading}>
          Customer
        </h3>
        <p className="mt-3 break-all text-sm text-stone-900" data-testid="order-customer">
          {/* An anonymised order (the account was deleted) has no address to write to. */}
          {order.customer.includes("@") ? (
            <a href={`mailto:${order.customer}`} className="underline">
              {order.customer}
            </a>
          ) : (
            order.customer
          )}
        </p>
        <h3 className={`${heading} mt-5`}>History</h3>
        <ol className="mt-2 space-y-1 text-sm text-stone-700">
          {order.timeline.map((step) => (
            <li key={step.label}>
              {step.label} <span className="text-stone-500">{step.date}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function OrderStateButtons({ order }: { order: OrderAdminView }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "state";
  if (order.actions.length === 0) {
    return (
      <p className="mt-4 text-sm text-stone-600">
        This order is final: its state can no longer change.
      </p>
    );
  }
  return (
    <ul className="mt-4 flex flex-col gap-3">
      {order.actions.map((action) => {
        const reasonId = `state-${action.to}-reason`;
        if (action.to === "CANCELED" && !action.refusal) {
          return (
            <li key={action.to}>
              <ConfirmButton
                label={ACTION_LABELS.CANCELED}
                question={`Cancel order ${order.number}?`}
                detail={
                  order.paid ? (
                    <>
                      The customer paid <Price cents={order.totalCents} />: the payment is refunded.
                    </>
                  ) : (
                    "The customer will not be charged."
                  )
                }
                fields={{ intent: "state", state: "CANCELED" }}
                className="w-full rounded-md border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700 disabled:opacity-50"
              />
            </li>
          );
        }
        return (
          <li key={action.to}>
            <Form method="post">
              <input type="hidden" name="intent" value="state" />
              <input type="hidden" name="state" value={action.to} />
              <button
                type="submit"
                disabled={Boolean(action.refusal) || busy}
                aria-describedby={action.refusal ? reasonId : undefined}
                className="w-full rounded-md bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
              >
                {ACTION_LABELS[action.to]}
              </button>
            </Form>
            {action.refusal ? (
              <p id={reasonId} className="mt-1 text-sm text-stone-600">
                {action.refusal}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export function DeleteOrderButton({
  number,
  keptPayment,
}: {
  number: string;
  /** Paid and not refunded: deleting the order does not give the money back. */
  keptPayment: boolean;
}) {
  return (
    <ConfirmButton
      label="Delete order"
      question={`Delete order ${number}?`}
      detail={
        <>
          <p>
            The order, its number and its payment link are removed for good; the customer's order
            history will no longer list it.
          </p>
          {keptPayment ? (
            <p className="mt-2 font-medium text-red-800">
              This order was paid and not refunded: deleting it does not refund the customer.
            </p>
          ) : null}
        </>
      }
      fields={{ intent: "delete" }}
    />
  );
}

// The order history's rows: a table on wide screens, stacked cards on narrow ones.
import { Link } from "@remix-run/react";
import type { OrderStatus } from "@shop/core/orders";
import { Price } from "./Price";
import { StatusBadge } from "./StatusBadge";

export interface OrderRow {
  id: string;
  number: string;
  status: OrderStatus;
  paid: boolean;
  date: string;
  totalCents: number;
  invoiceReady: boolean;
  /** Delivered and within the return window: "Return or exchange items". */
  returnable: boolean;
}

export function OrderHistoryList({ orders }: { orders: OrderRow[] }) {
  return (
    <table className="mt-6 w-full text-left text-sm">
      <caption className="sr-only">Your orders, newest first</caption>
      <thead className="hidden border-b border-stone-200 text-stone-600 sm:table-header-group">
        <tr>
          <th scope="col" className="py-3 pr-4 font-medium">
            Order
          </th>
          <th scope="col" className="py-3 pr-4 font-medium">
            State
          </th>
          <th scope="col" className="py-3 pr-4 font-medium">
            Date
          </th>
          <th scope="col" className="py-3 pr-4 font-medium">
            Total
          </th>
          <th scope="col" className="py-3 font-medium">
            Invoice
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {orders.map((order) => (
          <tr
            key={order.id}
            data-testid="order-row"
            className="grid grid-cols-2 gap-1 py-4 sm:table-row sm:py-0"
          >
            <td className="font-medium text-stone-900 sm:py-4 sm:pr-4">
              <Link
                to={`/order/confirm-order?id=${encodeURIComponent(order.id)}`}
                className="underline"
              >
                {order.number}
              </Link>
            </td>
            <td className="text-stone-700 sm:py-4 sm:pr-4">
              <StatusBadge status={order.status} />
            </td>
            <td className="text-stone-700 sm:py-4 sm:pr-4">{order.date}</td>
            <td className="font-medium text-stone-900 sm:py-4 sm:pr-4">
              <Price cents={order.totalCents} />
            </td>
            <td className="col-span-2 sm:py-4">
              {order.invoiceReady ? (
                <a
                  href={`/order/invoice/${encodeURIComponent(order.id)}`}
                  download
                  className="font-medium text-accent-700 underline hover:text-accent-800"
                >
                  Download invoice<span className="sr-only"> {order.number}</span>
                </a>
              ) : order.paid ? (
                <span className="text-stone-600">Invoice is being prepared</span>
              ) : (
                <span className="text-stone-600">No invoice until paid</span>
              )}
              {order.returnable ? (
                <Link
                  to={`/order/returns/new?order=${encodeURIComponent(order.id)}`}
                  className="mt-1 block font-medium text-accent-700 underline hover:text-accent-800"
                >
                  Return or exchange items<span className="sr-only"> of {order.number}</span>
                </Link>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// The admin's order list: a table on wide screens, stacked cards on narrow ones (375 px).
import { Link } from "@remix-run/react";
import type { OrderStatus } from "@shop/core/orders";
import { Price } from "../Price";
import { StatusBadge } from "../StatusBadge";

export interface AdminOrderRow {
  id: string;
  number: string;
  date: string;
  customer: string;
  totalCents: number;
  state: OrderStatus;
  payment: OrderStatus;
}

const th = "py-3 pr-4 font-medium";

export function OrderTable({ orders, caption }: { orders: AdminOrderRow[]; caption: string }) {
  return (
    <table className="mt-6 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden border-b border-stone-200 text-stone-600 md:table-header-group">
        <tr>
          <th scope="col" className={th}>
            Order
          </th>
          <th scope="col" className={th}>
            Date
          </th>
          <th scope="col" className={th}>
            Customer
          </th>
          <th scope="col" className={th}>
            Total
          </th>
          <th scope="col" className={th}>
            State
          </th>
          <th scope="col" className="py-3 font-medium">
            Payment
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {orders.map((order) => (
          <tr
            key={order.id}
            data-testid="admin-order-row"
            className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 py-4 md:table-row md:py-0"
          >
            <td className="font-medium text-stone-900 md:py-3 md:pr-4">
              <Link
                to={`/admin/orders/${encodeURIComponent(order.id)}`}
                className="underline decoration-stone-400 underline-offset-2 hover:decoration-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900"
              >
                {order.number}
              </Link>
            </td>
            <td className="text-right text-stone-600 md:py-3 md:pr-4 md:text-left">{order.date}</td>
            <td className="col-span-2 min-w-0 break-all text-stone-700 md:py-3 md:pr-4 md:break-normal">
              {order.customer}
            </td>
            <td className="font-medium text-stone-900 md:py-3 md:pr-4">
              <Price cents={order.totalCents} />
            </td>
            <td className="flex flex-wrap justify-end gap-1 md:table-cell md:py-3 md:pr-4">
              <span className="sr-only md:hidden">State: </span>
              <StatusBadge status={order.state} />
            </td>
            <td className="col-span-2 md:py-3">
              <span className="sr-only md:hidden">Payment: </span>
              <StatusBadge status={order.payment} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// The order history's rows: a table on wide screens, stacked cards on narrow ones.
import { Link } from "@remix-run/react";
import type { OrderStatus } from "@shop/core/orders";
import { type Column, DataTable } from "./DataTable";
import { InvoiceLink } from "./InvoiceLink";
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

const columns: Column<OrderRow>[] = [
  {
    header: "Order",
    className: "font-medium text-stone-900 sm:py-4 sm:pr-4",
    cell: (order) => (
      <Link to={`/order/confirm-order?id=${encodeURIComponent(order.id)}`} className="underline">
        {order.number}
      </Link>
    ),
  },
  {
    header: "State",
    className: "text-stone-700 sm:py-4 sm:pr-4",
    cell: (order) => <StatusBadge status={order.status} />,
  },
  { header: "Date", className: "text-stone-700 sm:py-4 sm:pr-4", cell: (order) => order.date },
  {
    header: "Total",
    className: "font-medium text-stone-900 sm:py-4 sm:pr-4",
    cell: (order) => <Price cents={order.totalCents} />,
  },
  {
    header: "Invoice",
    headerClassName: "py-3 font-medium",
    className: "col-span-2 sm:py-4",
    cell: (order) => (
      <>
        <InvoiceLink order={order} />
        {order.returnable ? (
          <Link
            to={`/order/returns/new?order=${encodeURIComponent(order.id)}`}
            className="mt-1 block font-medium text-accent-700 underline hover:text-accent-800"
          >
            Return or exchange items<span className="sr-only"> of {order.number}</span>
          </Link>
        ) : null}
      </>
    ),
  },
];

export function OrderHistoryList({ orders }: { orders: OrderRow[] }) {
  return (
    <DataTable
      rows={orders}
      columns={columns}
      rowKey={(order) => order.id}
      caption="Your orders, newest first"
      stacks="sm"
      rowClassName="grid grid-cols-2 gap-1 py-4 sm:table-row sm:py-0"
      rowTestId="order-row"
    />
  );
}

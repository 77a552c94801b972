// The admin's order list: a table on wide screens, stacked cards on narrow ones (375 px).
import { Link } from "@remix-run/react";
import type { OrderStatus } from "@shop/core/orders";
import { type Column, DataTable, rowLinkClass } from "../DataTable";
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

const columns: Column<AdminOrderRow>[] = [
  {
    header: "Order",
    className: "font-medium text-stone-900 md:py-3 md:pr-4",
    cell: (order) => (
      <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} className={rowLinkClass}>
        {order.number}
      </Link>
    ),
  },
  {
    header: "Date",
    className: "text-right text-stone-600 md:py-3 md:pr-4 md:text-left",
    cell: (order) => order.date,
  },
  {
    header: "Customer",
    className: "col-span-2 min-w-0 break-all text-stone-700 md:py-3 md:pr-4 md:break-normal",
    cell: (order) => order.customer,
  },
  {
    header: "Total",
    className: "font-medium text-stone-900 md:py-3 md:pr-4",
    cell: (order) => <Price cents={order.totalCents} />,
  },
  {
    header: "State",
    className: "flex flex-wrap justify-end gap-1 md:table-cell md:py-3 md:pr-4",
    cell: (order) => (
      <>
        <span className="sr-only md:hidden">State: </span>
        <StatusBadge status={order.state} />
      </>
    ),
  },
  {
    header: "Payment",
    headerClassName: "py-3 font-medium",
    className: "col-span-2 md:py-3",
    cell: (order) => (
      <>
        <span className="sr-only md:hidden">Payment: </span>
        <StatusBadge status={order.payment} />
      </>
    ),
  },
];

export function OrderTable({ orders, caption }: { orders: AdminOrderRow[]; caption: string }) {
  return (
    <DataTable
      rows={orders}
      columns={columns}
      rowKey={(order) => order.id}
      caption={caption}
      stacks="md"
      rowClassName="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 py-4 md:table-row md:py-0"
      rowTestId="admin-order-row"
    />
  );
}

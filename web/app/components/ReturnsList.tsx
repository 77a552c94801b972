// An order's or a customer's returns: number, state, date and refund, each linking to its page.
import { Link } from "@remix-run/react";
import type { ReturnState } from "@shop/core/returns";
import { returnStatus } from "@shop/core/returns";
import { type Column, DataTable } from "./DataTable";
import { Price } from "./Price";
import { StatusBadge } from "./StatusBadge";

export interface ReturnRow {
  rma: string;
  state: ReturnState;
  date: string;
  refundCents: number;
  exchange: boolean;
  orderNumber: string;
}

export function ReturnsList({
  returns,
  linkTo,
  caption,
}: {
  returns: ReturnRow[];
  linkTo: (rma: string) => string;
  caption: string;
}) {
  const columns: Column<ReturnRow>[] = [
    {
      header: "Return",
      className: "py-3 pr-4 font-medium",
      cell: (r) => (
        <Link to={linkTo(r.rma)} className="underline">
          {r.rma}
        </Link>
      ),
    },
    {
      header: "State",
      className: "py-3 pr-4",
      cell: (r) => <StatusBadge status={returnStatus(r.state)} />,
    },
    {
      header: "Date",
      headerClassName: "hidden py-2 pr-4 font-medium sm:table-cell",
      className: "hidden py-3 pr-4 text-stone-700 sm:table-cell",
      cell: (r) => r.date,
    },
    {
      header: "Refund",
      headerClassName: "py-2 font-medium",
      className: "py-3",
      cell: (r) =>
        r.exchange && r.refundCents === 0 ? "Exchange" : <Price cents={r.refundCents} />,
    },
  ];
  return (
    <DataTable
      rows={returns}
      columns={columns}
      rowKey={(r) => r.rma}
      caption={caption}
      className="mt-4"
      headerCell="py-2 pr-4 font-medium"
      rowTestId="return-row"
    />
  );
}

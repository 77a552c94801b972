// An order's or a customer's returns: number, state, date and refund, each linking to its page.
import { Link } from "@remix-run/react";
import type { ReturnState } from "@shop/core/returns";
import { returnStatus } from "@shop/core/returns";
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
  return (
    <table className="mt-4 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-stone-200 text-stone-600">
        <tr>
          <th scope="col" className="py-2 pr-4 font-medium">
            Return
          </th>
          <th scope="col" className="py-2 pr-4 font-medium">
            State
          </th>
          <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">
            Date
          </th>
          <th scope="col" className="py-2 font-medium">
            Refund
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {returns.map((r) => (
          <tr key={r.rma} data-testid="return-row">
            <td className="py-3 pr-4 font-medium">
              <Link to={linkTo(r.rma)} className="underline">
                {r.rma}
              </Link>
            </td>
            <td className="py-3 pr-4">
              <StatusBadge status={returnStatus(r.state)} />
            </td>
            <td className="hidden py-3 pr-4 text-stone-700 sm:table-cell">{r.date}</td>
            <td className="py-3">
              {r.exchange && r.refundCents === 0 ? "Exchange" : <Price cents={r.refundCents} />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

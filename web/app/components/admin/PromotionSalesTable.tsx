import { formatPrice } from "@shop/core/pricing";

export interface PromotionSalesRow {
  id: string;
  label: string;
  code?: string;
  orders: number;
  discountCents: number;
}

/** The dashboard's discounts per promotion (docs/product.md §10 "Dashboard"), most first. */
export function PromotionSalesTable({ rows }: { rows: readonly PromotionSalesRow[] }) {
  if (rows.length === 0) {
    return (
      <p className="mt-3 text-stone-600">No paid order was given a promotion in these days.</p>
    );
  }
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-stone-200 text-stone-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Promotion
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              Paid orders
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Discount given
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {rows.map((p) => (
            <tr key={p.id} data-testid="promotion-sales">
              <th scope="row" className="py-2 pr-4 font-normal">
                <span className="break-words">{p.label}</span>
                <span className="mt-0.5 block break-all font-mono text-xs text-stone-600">
                  {p.code ?? "Automatic"}
                </span>
              </th>
              <td
                className="py-2 pr-4 text-right tabular-nums"
                data-testid="promotion-sales-orders"
              >
                {p.orders}
              </td>
              <td className="py-2 text-right tabular-nums" data-testid="promotion-sales-discount">
                {formatPrice(p.discountCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

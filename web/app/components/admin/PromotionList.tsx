import { Link } from "@remix-run/react";
import type { PromotionState } from "@shop/core/promotions";
import { ConfirmButton } from "./ConfirmButton";

export interface PromotionRow {
  id: string;
  /** None: an automatic offer. */
  code?: string;
  label: string;
  /** "7.50 €", "20%", "Free delivery". */
  amount: string;
  /** What it gives, in words: "20% off Women". */
  gives: string;
  /** The fixed-amount form can edit it. */
  editable: boolean;
  expiresAt?: string;
  usage: string;
  /** Paid orders given it so far, a cancelled one taken back (docs/product.md §9). */
  orders: number;
  /** What those orders were given, formatted ("12.50 €"). */
  discountGiven: string;
  state: PromotionState;
}

const STATE_CLASS: Record<PromotionState, string> = {
  scheduled: "bg-sky-50 text-sky-900 ring-sky-200",
  active: "bg-accent-50 text-accent-800 ring-accent-200",
  expired: "bg-stone-100 text-stone-700 ring-stone-300",
  "used up": "bg-amber-50 text-amber-900 ring-amber-200",
};

/** The promotions as cards (one column on a phone): what a code gives, until when, how used. */
export function PromotionList({ promotions }: { promotions: readonly PromotionRow[] }) {
  if (promotions.length === 0) {
    return <p className="text-stone-600">There are no promotions yet.</p>;
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {promotions.map((promotion) => (
        <li
          key={promotion.id}
          data-testid="promotion-row"
          className="rounded-xl border border-stone-200 p-4"
        >
          <article aria-label={`Promotion ${promotion.code ?? promotion.label}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="break-all font-mono text-base font-semibold text-stone-900">
                  {promotion.code ?? "Automatic"}
                </h3>
                <p className="break-words text-sm text-stone-600">{promotion.label}</p>
                <p className="break-words text-sm text-stone-600" data-testid="promotion-gives">
                  {promotion.gives}
                </p>
              </div>
              <span
                data-testid="promotion-state"
                className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${STATE_CLASS[promotion.state]}`}
              >
                {promotion.state}
              </span>
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-stone-500">Amount</dt>
                <dd data-testid="promotion-amount" className="font-medium tabular-nums">
                  {promotion.amount}
                </dd>
              </div>
              <div>
                <dt className="text-stone-500">Expires</dt>
                <dd data-testid="promotion-expiry" className="font-medium tabular-nums">
                  {promotion.expiresAt ? promotion.expiresAt.slice(0, 10) : "Never"}
                </dd>
              </div>
              <div>
                <dt className="text-stone-500">Used</dt>
                <dd data-testid="promotion-usage" className="font-medium tabular-nums">
                  {promotion.usage}
                </dd>
              </div>
            </dl>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-stone-500">Paid orders</dt>
                <dd data-testid="promotion-orders" className="font-medium tabular-nums">
                  {promotion.orders}
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-stone-500">Discount given</dt>
                <dd data-testid="promotion-discount-given" className="font-medium tabular-nums">
                  {promotion.discountGiven}
                </dd>
              </div>
            </dl>
            <div className="mt-4 flex flex-wrap gap-3">
              {promotion.editable && promotion.code ? (
                <Link
                  to={`/admin/promotions?edit=${encodeURIComponent(promotion.code)}`}
                  aria-label={`Edit ${promotion.code}`}
                  className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50"
                >
                  Edit
                </Link>
              ) : null}
              <ConfirmButton
                label="Delete"
                question={`Delete the promotion ${promotion.code ?? promotion.label}?`}
                detail="It stops applying at once; a code cannot be given to a new promotion. Orders already placed keep their discount."
                fields={{ intent: "delete", code: promotion.id }}
              />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

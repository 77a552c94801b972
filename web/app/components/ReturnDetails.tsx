// One return as its customer and the admin see it: state, items (colour and size, and the exchange's new ones),
// reason, refund, the admin's message, the replacement order; the instructions while it is open.
import { type ReturnState, returnStatus } from "@shop/core/returns";
import { Price } from "./Price";
import { StatusBadge } from "./StatusBadge";

export interface ReturnView {
  rma: string;
  orderId: string;
  orderNumber: string;
  state: ReturnState;
  date: string;
  reason: string;
  lines: Array<{ quantity: number; name: string; size: string; exchangeFor: string | null }>;
  refundCents: number;
  shippingCents: number;
  rejectMessage: string | null;
  replacementOrder: { id: string; number: string } | null;
  refundRequested: boolean;
  /** Why the last refund did not go through (the provider's reason), until asked again. */
  refundError: string | null;
  faulty: boolean;
  timeline: Array<{ label: string; date: string }>;
}

export function ReturnDetails({ view }: { view: ReturnView }) {
  return (
    <div className="mt-6 space-y-6">
      <p>
        State: <StatusBadge status={returnStatus(view.state)} />
        {view.state === "received" && view.refundRequested ? (
          <span className="ml-2 text-sm text-stone-600">Refund on its way</span>
        ) : null}
      </p>
      <section aria-labelledby="return-items">
        <h2 id="return-items" className="text-lg font-semibold">
          Items
        </h2>
        <ul className="mt-2 space-y-1 text-stone-800">
          {view.lines.map((l) => (
            <li key={`${l.name}-${l.size}-${l.exchangeFor ?? ""}`}>
              {l.quantity} × {l.name} ({l.size})
              {l.exchangeFor ? `, exchanged for ${l.exchangeFor}` : ""}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-stone-700">Reason: {view.reason}</p>
        <p className="mt-1 text-sm text-stone-700">
          Refund: <Price cents={view.refundCents} />
          {view.shippingCents > 0 ? " (delivery included)" : ""}
        </p>
        {view.refundError ? (
          <p className="mt-2 text-sm text-red-800">
            The last refund did not go through: {view.refundError}
          </p>
        ) : null}
        {view.rejectMessage ? (
          <p className="mt-2 text-sm text-red-800">Our answer: {view.rejectMessage}</p>
        ) : null}
        {view.replacementOrder ? (
          <p className="mt-2 text-sm text-stone-700" data-testid="replacement-order">
            Replacement order: {view.replacementOrder.number}
          </p>
        ) : null}
      </section>
      {view.timeline.length > 0 ? (
        <ol className="text-sm text-stone-700">
          {view.timeline.map((t) => (
            <li key={t.label}>
              {t.label}: {t.date}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

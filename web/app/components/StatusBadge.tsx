import type { OrderStatus, StatusTone } from "@shop/core/orders";

const TONES: Record<StatusTone, string> = {
  neutral: "bg-stone-100 text-stone-700 ring-stone-300",
  progress: "bg-sky-50 text-sky-800 ring-sky-200",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
  danger: "bg-red-50 text-red-800 ring-red-200",
};

/** An order's state and payment in one phrase (core's orderStatus), coloured by its tone. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[status.tone]}`}
    >
      {status.label}
    </span>
  );
}

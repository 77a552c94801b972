import { formatPrice } from "@shop/core/pricing";
import { useCurrency } from "../lib/currency";

/** A price in EUR cents, shown in the visitor's display currency. */
export function Price({ cents, className }: { cents: number; className?: string }) {
  const { currency } = useCurrency();
  return <span className={className}>{formatPrice(cents, currency)}</span>;
}

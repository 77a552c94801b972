// The way back from a return's pages (asking for one, following one) to its order.
import { Link } from "@remix-run/react";

export function BackToOrder({ orderId }: { orderId: string }) {
  return (
    <Link
      to={`/order/confirm-order?id=${encodeURIComponent(orderId)}`}
      className="mt-8 inline-block text-sm font-medium text-accent-700 underline"
    >
      Back to the order
    </Link>
  );
}

// An order's invoice: its download once stored, else why there is none yet (the order history,
// the admin's order page).
/** The invoice's link once it is stored, else why there is none yet. */
export function InvoiceLink({
  order,
}: {
  order: { id: string; number: string; invoiceReady: boolean; paid: boolean };
}) {
  if (order.invoiceReady)
    return (
      <a
        href={`/order/invoice/${encodeURIComponent(order.id)}`}
        download
        className="font-medium text-accent-700 underline hover:text-accent-800"
      >
        Download invoice<span className="sr-only"> {order.number}</span>
      </a>
    );
  return (
    <span className="text-stone-600">
      {order.paid ? "Invoice is being prepared" : "No invoice until paid"}
    </span>
  );
}

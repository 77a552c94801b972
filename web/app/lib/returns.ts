// What the pages show of a return (loaders map core's Return to this plain data).

import { variantName } from "@shop/core/catalog";
import { formatInvoiceDate } from "@shop/core/invoices";
import { returnReasonLabel } from "@shop/core/returns";
import type { Return } from "@shop/core/server/returns";
import type { ReturnView } from "../components/ReturnDetails";
import type { ReturnRow } from "../components/ReturnsList";

export function returnRow(r: Return): ReturnRow {
  return {
    rma: r.rma,
    state: r.state,
    date: formatInvoiceDate(r.createdAt),
    refundCents: r.refund.totalCents,
    exchange: r.lines.some((l) => Boolean(l.exchangeSize)),
    orderNumber: r.orderNumber,
  };
}

export function returnView(r: Return): ReturnView {
  const steps: Array<[string, string | undefined]> = [
    ["Requested", r.createdAt],
    ["Approved", r.approvedAt],
    ["Rejected", r.rejectedAt],
    ["Cancelled", r.cancelledAt],
    ["Received", r.receivedAt],
    ["Refunded", r.refundedAt],
  ];
  return {
    rma: r.rma,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    state: r.state,
    date: formatInvoiceDate(r.createdAt),
    reason: returnReasonLabel(r.reason),
    lines: r.lines.map((l) => ({
      quantity: l.quantity,
      name: l.name,
      size: variantName(l.colour, l.size),
      exchangeFor: l.exchangeSize
        ? variantName(l.exchangeColour ?? l.colour, l.exchangeSize)
        : null,
    })),
    refundCents: r.refund.totalCents,
    shippingCents: r.refund.shippingCents,
    rejectMessage: r.rejectMessage ?? null,
    replacementOrder:
      r.replacementOrderId && r.replacementOrderNumber
        ? { id: r.replacementOrderId, number: r.replacementOrderNumber }
        : null,
    refundRequested: Boolean(r.refundRequestedAt),
    refundError: r.state === "received" && !r.refundRequestedAt ? (r.refundError ?? null) : null,
    faulty: r.faulty === true,
    timeline: steps.flatMap(([label, at]) => (at ? [{ label, date: formatInvoiceDate(at) }] : [])),
  };
}

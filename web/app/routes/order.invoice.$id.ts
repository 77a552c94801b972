// An order's invoice PDF (/order/invoice/<orderId>), streamed from the invoices bucket; only
// for the order's owner or an admin, 404 for anyone else (no hint that the order exists).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getContext } from "@shop/core/server/context";
import { getInvoicePdf, invoiceFileName } from "@shop/core/server/invoices";
import { getOrder } from "@shop/core/server/orders";
import { NO_STORE } from "../lib/http";
import { requireUser } from "../lib/session.server";
import { servesUnavailablePage } from "../lib/unavailable.server";

export const INVOICE_PENDING = "Invoice is being prepared";

export const loader = servesUnavailablePage(load);

async function load({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const ctx = getContext();
  const order = await getOrder(ctx, params.id ?? "");
  if (!order || (order.userId !== user.id && !user.isAdmin)) {
    return new Response("Not found", { status: 404, headers: { "Cache-Control": NO_STORE } });
  }
  const pdf = order.payment === "paid" ? await getInvoicePdf(ctx, order.id) : null;
  if (!pdf) {
    return new Response(INVOICE_PENDING, {
      status: 404,
      headers: {
        "Cache-Control": NO_STORE,
        "Retry-After": "5",
        "Content-Type": "text/plain; charset=utf-8",
      },
    });
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(order)}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": NO_STORE,
    },
  });
}

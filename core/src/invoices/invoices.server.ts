// Invoice PDFs in the private invoices bucket, key invoices/<orderId>.pdf. Writing the same
// order's invoice again replaces it with the same content, so the order.paid reaction can run
// as often as the event is delivered. The invoice area knows the invoice's own data, not the
// order: the orders area hands it what to print (the dependency goes orders → invoices).
import type { Context } from "../context/index.server.ts";
import { getObjectBytes, putObject } from "../storage/index.server.ts";
import type { InvoiceData } from "./layout.ts";
import { renderInvoicePdf } from "./pdf.ts";

export const invoiceKey = (orderId: string) => `invoices/${orderId}.pdf`;
export const invoiceFileName = (invoice: { number: string }) => `invoice-${invoice.number}.pdf`;

/** Builds the order's invoice and stores it (private); returns its key and bytes. */
export async function storeInvoice(
  ctx: Context,
  orderId: string,
  invoice: InvoiceData,
): Promise<{ key: string; pdf: Uint8Array }> {
  const pdf = await renderInvoicePdf(invoice);
  const key = invoiceKey(orderId);
  await putObject(ctx, {
    Bucket: ctx.config.invoicesBucket,
    Key: key,
    Body: pdf,
    ContentType: "application/pdf",
    ContentDisposition: `attachment; filename="${invoiceFileName(invoice)}"`,
  });
  return { key, pdf };
}

/** The stored invoice of an order, or null. Callers check that the order is the user's. */
export async function getInvoicePdf(ctx: Context, orderId: string): Promise<Uint8Array | null> {
  return getObjectBytes(ctx, ctx.config.invoicesBucket, invoiceKey(orderId));
}

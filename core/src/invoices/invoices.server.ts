// Invoice PDFs in the private invoices bucket, key invoices/<orderId>.pdf. Writing the same
// order's invoice again replaces it with the same content, so the order.paid reaction can run
// as often as the event is delivered.
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import type { Context } from "../context/index.server.ts";
import type { Order } from "../orders/orders.server.ts";
import type { InvoiceData } from "./layout.ts";
import { renderInvoicePdf } from "./pdf.ts";

export const invoiceKey = (orderId: string) => `invoices/${orderId}.pdf`;
export const invoiceFileName = (order: Pick<Order, "number">) => `invoice-${order.number}.pdf`;

export function invoiceDataFromOrder(order: Order): InvoiceData {
  return {
    number: order.number,
    createdAt: order.createdAt,
    email: order.email,
    address: order.address,
    deliveryMethod: order.deliveryMethod,
    lines: order.lines.map(({ name, size, quantity, unitPriceCents }) => ({
      name,
      size,
      quantity,
      unitPriceCents,
    })),
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
    ...(order.promotion ? { promotionLabel: order.promotion.label } : {}),
  };
}

/** Builds the order's invoice and stores it (private); returns its key and bytes. */
export async function storeInvoice(
  ctx: Context,
  order: Order,
): Promise<{ key: string; pdf: Uint8Array }> {
  const pdf = await renderInvoicePdf(invoiceDataFromOrder(order));
  const key = invoiceKey(order.id);
  await ctx.s3.send(
    new PutObjectCommand({
      Bucket: ctx.config.invoicesBucket,
      Key: key,
      Body: pdf,
      ContentType: "application/pdf",
      ContentDisposition: `attachment; filename="${invoiceFileName(order)}"`,
    }),
  );
  return { key, pdf };
}

/** The stored invoice of an order, or null. Callers check that the order is the user's. */
export async function getInvoicePdf(ctx: Context, orderId: string): Promise<Uint8Array | null> {
  try {
    const { Body } = await ctx.s3.send(
      new GetObjectCommand({ Bucket: ctx.config.invoicesBucket, Key: invoiceKey(orderId) }),
    );
    return Body ? await Body.transformToByteArray() : null;
  } catch (error) {
    if (error instanceof Error && (error.name === "NoSuchKey" || error.name === "NotFound")) {
      return null;
    }
    throw error;
  }
}

// The order's e-mails: the reactions to order.paid and order.shipped (registered in
// ./reactions.server.ts). The order reactions' work: the invoice PDF is
// stored in the invoices bucket (same key every time) and the confirmation e-mail is queued to
// the mailer with the PDF attached by reference; the customer is told when the order ships.
//
// Delivery is at least once and a process may die between steps, so each e-mail is queued in one
// transaction with a mark on the order item, under the condition that the mark is absent: a
// redelivery or a concurrent delivery queues nothing more, and a crash before the transaction
// leaves nothing behind but an invoice that the next delivery writes again. The mailer then sends
// each queued e-mail once (../mail/queue.server.ts).
import { namedColour, variantName } from "../catalog/variants.ts";
import type { Context } from "../context/index.server.ts";
import { conditionalUpdate } from "../db/conditional.server.ts";
import { orderKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { invoiceFileName, storeInvoice } from "../invoices/invoices.server.ts";
import type { InvoiceData } from "../invoices/layout.ts";
import { mailRequest, type QueuedMail } from "../mail/queue.server.ts";
import { renderMail } from "../mail/render.server.ts";
import { getOrder, type Order } from "../orders/orders.server.ts";
import { formatPrice } from "../pricing/money.ts";

/** order.paid → invoice PDF in S3 → confirmation e-mail queued with the invoice, once. */
export async function sendOrderConfirmation(ctx: Context, event: DomainEvent): Promise<void> {
  const order = await orderOf(ctx, event);
  if (order?.payment !== "paid" || order.confirmationQueuedAt) return;
  if (order.anonymisedAt) {
    // Paid after the customer deleted their account: the books still get the invoice, but
    // there is no address left to mail (core/src/accounts/order-anonymisation.server.ts).
    if (!order.invoiceKey)
      await recordInvoice(ctx, order.id, (await storeOrderInvoice(ctx, order)).key);
    return;
  }
  const { key } = await storeOrderInvoice(ctx, order);
  await queueOnce(
    ctx,
    order.id,
    "confirmationQueuedAt",
    {
      to: order.email,
      ...(await renderMail("order-confirmation", confirmationProps(ctx, order))),
      attachments: [
        { fileName: invoiceFileName(order), contentType: "application/pdf", invoicesKey: key },
      ],
    },
    { invoiceKey: key },
  );
}

/** order.shipped → "your order has shipped", once (nobody to tell once anonymised). */
export async function sendShippedNotice(ctx: Context, event: DomainEvent): Promise<void> {
  const order = await orderOf(ctx, event);
  if (order?.state !== "SHIPPED" || order.shippedNoticeQueuedAt || order.anonymisedAt) return;
  await queueOnce(ctx, order.id, "shippedNoticeQueuedAt", {
    to: order.email,
    ...(await renderMail("order-shipped", {
      number: order.number,
      deliveryMethod: order.deliveryMethod,
      address: addressLines(order),
      ordersUrl: `${ctx.config.appUrl}/order`,
    })),
  });
}

/** What the order's invoice shows. */
export function invoiceDataFromOrder(order: Order): InvoiceData {
  return {
    number: order.number,
    createdAt: order.createdAt,
    email: order.email,
    address: order.address,
    deliveryMethod: order.deliveryMethod,
    lines: order.lines.map(({ name, colour, size, quantity, unitPriceCents }) => ({
      name,
      ...(namedColour(colour) ? { colour: namedColour(colour) } : {}),
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
    ...(order.promotions
      ? {
          promotions: order.promotions.map((promotion) => ({
            label: promotion.label,
            itemsCents: promotion.totalCents - promotion.shippingCents,
          })),
        }
      : {}),
  };
}

/** Builds the order's invoice PDF and stores it (the same key every time). */
export const storeOrderInvoice = (ctx: Context, order: Order) =>
  storeInvoice(ctx, order.id, invoiceDataFromOrder(order));

async function orderOf(ctx: Context, event: DomainEvent): Promise<Order | null> {
  const orderId = event.payload.orderId;
  return typeof orderId === "string" ? getOrder(ctx, orderId) : null;
}

/** Queues `mail` and sets `mark` on the order in one transaction, unless the mark is set. */
async function queueOnce(
  ctx: Context,
  orderId: string,
  mark: "confirmationQueuedAt" | "shippedNoticeQueuedAt",
  mail: QueuedMail,
  extra: Record<string, string> = {},
): Promise<void> {
  const names: Record<string, string> = { "#mark": mark };
  const values: Record<string, string> = { ":now": new Date().toISOString() };
  const sets = ["#mark = :now"];
  for (const [i, [name, value]] of Object.entries(extra).entries()) {
    names[`#x${i}`] = name;
    values[`:x${i}`] = value;
    sets.push(`#x${i} = :x${i}`);
  }
  try {
    await transact(ctx, [
      {
        Update: {
          TableName: ctx.tableName,
          Key: orderKey(orderId),
          UpdateExpression: `SET ${sets.join(", ")}`,
          ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(#mark)",
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
      mailRequest(ctx, { ...mail, orderId }),
    ]);
  } catch (error) {
    // Queued already by another delivery (or the order is gone): nothing more to do.
    if (error instanceof TransactionCancelled && error.failedAt(0)) return;
    throw error;
  }
}

/** Records the stored invoice's key on the order (the same key every time: idempotent). */
async function recordInvoice(ctx: Context, orderId: string, key: string): Promise<void> {
  await conditionalUpdate(ctx, {
    TableName: ctx.tableName,
    Key: orderKey(orderId),
    UpdateExpression: "SET invoiceKey = :key",
    ConditionExpression: "attribute_exists(pk)",
    ExpressionAttributeValues: { ":key": key },
  });
}

function addressLines(order: Order): string[] {
  const a = order.address;
  return [a.company, a.address, a.apartment, `${a.zipCode} ${a.city}`, a.country].filter(
    (line): line is string => Boolean(line),
  );
}

function confirmationProps(ctx: Context, order: Order) {
  return {
    number: order.number,
    total: formatPrice(order.totalCents),
    lines: order.lines.map((l) => ({
      quantity: l.quantity,
      name: l.name,
      variant: variantName(l.colour, l.size),
      amount: formatPrice(l.unitPriceCents * l.quantity),
    })),
    totals: [
      { label: "Subtotal", amount: formatPrice(order.subtotalCents) },
      {
        label: "Shipping",
        amount: order.shippingCents === 0 ? "Free" : formatPrice(order.shippingCents),
      },
      { label: "Taxes", amount: formatPrice(order.taxCents) },
      ...(order.promotions
        ? order.promotions.map((promotion) => ({
            label: promotion.label,
            amount:
              promotion.totalCents > promotion.shippingCents
                ? formatPrice(promotion.shippingCents - promotion.totalCents)
                : "Delivery",
          }))
        : order.discountCents > 0
          ? [
              {
                label: order.promotion?.label ?? "Discount",
                amount: formatPrice(-order.discountCents),
              },
            ]
          : []),
      { label: "Total", amount: formatPrice(order.totalCents) },
    ],
    deliveryMethod: order.deliveryMethod,
    address: addressLines(order),
    ordersUrl: `${ctx.config.appUrl}/order`,
  };
}

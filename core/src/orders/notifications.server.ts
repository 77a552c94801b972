// What happens after an order is paid or shipped (reactions to order.paid and order.shipped,
// registered in ../events/reactions.server.ts). The invoice function's work: the invoice PDF is
// stored in the invoices bucket (same key every time) and the confirmation e-mail is queued to
// the mailer with the PDF attached by reference; the customer is told when the order ships.
//
// Delivery is at least once and a process may die between steps, so each e-mail is queued in one
// transaction with a mark on the order item, under the condition that the mark is absent: a
// redelivery or a concurrent delivery queues nothing more, and a crash before the transaction
// leaves nothing behind but an invoice that the next delivery writes again. The mailer then sends
// each queued e-mail once (../mail/queue.server.ts).
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { orderKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { invoiceFileName, storeInvoice } from "../invoices/invoices.server.ts";
import { mailRequest, type QueuedMail } from "../mail/queue.server.ts";
import { escapeHtml } from "../mail/send.server.ts";
import { formatPrice } from "../pricing/money.ts";
import { getOrder, type Order } from "./orders.server.ts";

/** order.paid → invoice PDF in S3 → confirmation e-mail queued with the invoice, once. */
export async function sendOrderConfirmation(ctx: Context, event: DomainEvent): Promise<void> {
  const order = await orderOf(ctx, event);
  if (order?.payment !== "paid" || order.confirmationQueuedAt) return;
  if (order.anonymisedAt) {
    // Paid after the customer deleted their account: the books still get the invoice, but
    // there is no address left to mail (./anonymise.server.ts).
    if (!order.invoiceKey) await recordInvoice(ctx, order.id, (await storeInvoice(ctx, order)).key);
    return;
  }
  const { key } = await storeInvoice(ctx, order);
  await queueOnce(
    ctx,
    order.id,
    "confirmationQueuedAt",
    {
      to: order.email,
      subject: `Your Threadline order ${order.number}`,
      ...confirmationBody(ctx, order),
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
    subject: `Your order ${order.number} has shipped`,
    ...shippedBody(ctx, order),
  });
}

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
      mailRequest(ctx, mail),
    ]);
  } catch (error) {
    // Queued already by another delivery (or the order is gone): nothing more to do.
    if (error instanceof TransactionCancelled && error.failedAt(0)) return;
    throw error;
  }
}

/** Records the stored invoice's key on the order (the same key every time: idempotent). */
async function recordInvoice(ctx: Context, orderId: string, key: string): Promise<void> {
  try {
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: orderKey(orderId),
        UpdateExpression: "SET invoiceKey = :key",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":key": key },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== "ConditionalCheckFailedException") throw error;
  }
}

function addressLines(order: Order): string[] {
  const a = order.address;
  return [a.company, a.address, a.apartment, `${a.zipCode} ${a.city}`, a.country].filter(
    (line): line is string => Boolean(line),
  );
}

function confirmationBody(ctx: Context, order: Order): { text: string; html: string } {
  const lines = order.lines.map(
    (l) => `${l.quantity} × ${l.name} (${l.size}) — ${formatPrice(l.unitPriceCents * l.quantity)}`,
  );
  const totals: Array<[string, string]> = [
    ["Subtotal", formatPrice(order.subtotalCents)],
    ["Shipping", order.shippingCents === 0 ? "Free" : formatPrice(order.shippingCents)],
    ["Taxes", formatPrice(order.taxCents)],
    ...(order.discountCents > 0
      ? [
          [order.promotion?.label ?? "Discount", formatPrice(-order.discountCents)] as [
            string,
            string,
          ],
        ]
      : []),
    ["Total", formatPrice(order.totalCents)],
  ];
  const ordersUrl = `${ctx.config.appUrl}/order`;
  const text = [
    "Hello,",
    "",
    `Thank you for your order ${order.number}. We have received your payment of ${formatPrice(order.totalCents)}.`,
    "",
    ...lines,
    "",
    ...totals.map(([label, value]) => `${label}: ${value}`),
    "",
    `Delivery (${order.deliveryMethod}) to:`,
    ...addressLines(order),
    "",
    "Your invoice is attached to this e-mail.",
    `Your orders: ${ordersUrl}`,
    "",
    "Threadline",
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#111">
<h1 style="font-size:20px">Thank you for your order ${e(order.number)}</h1>
<p>We have received your payment of ${e(formatPrice(order.totalCents))}.</p>
<table cellpadding="4">${order.lines
    .map(
      (l) =>
        `<tr><td>${l.quantity} ×</td><td>${e(l.name)} (${e(l.size)})</td><td align="right">${e(formatPrice(l.unitPriceCents * l.quantity))}</td></tr>`,
    )
    .join("")}</table>
<table cellpadding="4">${totals
    .map(([label, value]) => `<tr><td>${e(label)}</td><td align="right">${e(value)}</td></tr>`)
    .join("")}</table>
<p>Delivery (${e(order.deliveryMethod)}) to:<br>${addressLines(order).map(e).join("<br>")}</p>
<p>Your invoice is attached to this e-mail. <a href="${e(ordersUrl)}">See your orders</a>.</p>
<p>Threadline</p></body></html>`;
  return { text, html };
}

function shippedBody(ctx: Context, order: Order): { text: string; html: string } {
  const ordersUrl = `${ctx.config.appUrl}/order`;
  const text = [
    "Hello,",
    "",
    `Good news: your order ${order.number} has shipped (${order.deliveryMethod}).`,
    "It is on its way to:",
    ...addressLines(order),
    "",
    `Your orders: ${ordersUrl}`,
    "",
    "Threadline",
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#111">
<h1 style="font-size:20px">Your order ${e(order.number)} has shipped</h1>
<p>It is on its way (${e(order.deliveryMethod)}) to:<br>${addressLines(order).map(e).join("<br>")}</p>
<p><a href="${e(ordersUrl)}">See your orders</a></p>
<p>Threadline</p></body></html>`;
  return { text, html };
}

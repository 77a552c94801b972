// What happens after an order is paid or shipped (reactions to order.paid and order.shipped,
// registered in ../events/reactions.server.ts): the invoice PDF is stored in the invoices
// bucket and e-mailed with the confirmation; the customer is told when the order ships.
//
// Delivery is at least once, and a process may die between steps, so each e-mail is sent under a
// claim on the order item: claim (conditional) → work → mark sent. A redelivery after the mark
// sends nothing; a concurrent delivery finds a fresh claim and throws, to be retried; a claim
// left by a crash goes stale after CLAIM_SECONDS and the next delivery completes the work.
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { orderKey } from "../db/keys.ts";
import type { DomainEvent } from "../events/index.server.ts";
import { invoiceFileName, storeInvoice } from "../invoices/invoices.server.ts";
import { escapeHtml, sendMail } from "../mail/send.server.ts";
import { formatPrice } from "../pricing/money.ts";
import { getOrder, type Order } from "./orders.server.ts";

const CLAIM_SECONDS = 120;

export class NotificationInProgress extends Error {
  constructor(orderId: string, what: string) {
    super(`The ${what} of order ${orderId} is being sent by another delivery; retry later`);
    this.name = "NotificationInProgress";
  }
}

/** order.paid → invoice PDF in S3 → confirmation e-mail with the invoice attached, once. */
export async function sendOrderConfirmation(ctx: Context, event: DomainEvent): Promise<void> {
  const order = await orderOf(ctx, event);
  if (order?.payment !== "paid" || order.confirmationSentAt) return;
  if (!(await claim(ctx, order.id, "confirmation"))) return;
  const { key, pdf } = await storeInvoice(ctx, order);
  await sendMail(ctx, {
    to: order.email,
    subject: `Your Threadline order ${order.number}`,
    ...confirmationBody(ctx, order),
    attachments: [
      { fileName: invoiceFileName(order), contentType: "application/pdf", content: pdf },
    ],
  });
  await markSent(ctx, order.id, "confirmation", { invoiceKey: key });
}

/** order.shipped → "your order has shipped", once. */
export async function sendShippedNotice(ctx: Context, event: DomainEvent): Promise<void> {
  const order = await orderOf(ctx, event);
  if (order?.state !== "SHIPPED") return;
  if (!(await claim(ctx, order.id, "shippedNotice"))) return;
  await sendMail(ctx, {
    to: order.email,
    subject: `Your order ${order.number} has shipped`,
    ...shippedBody(ctx, order),
  });
  await markSent(ctx, order.id, "shippedNotice");
}

async function orderOf(ctx: Context, event: DomainEvent): Promise<Order | null> {
  const orderId = event.payload.orderId;
  return typeof orderId === "string" ? getOrder(ctx, orderId) : null;
}

/** True when this delivery may send; false when it was sent already; throws while another sends. */
async function claim(ctx: Context, orderId: string, what: string): Promise<boolean> {
  const now = new Date();
  try {
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: orderKey(orderId),
        UpdateExpression: "SET #claimed = :now",
        ConditionExpression:
          "attribute_exists(pk) AND attribute_not_exists(#sent) AND (attribute_not_exists(#claimed) OR #claimed < :stale)",
        ExpressionAttributeNames: { "#claimed": `${what}ClaimedAt`, "#sent": `${what}SentAt` },
        ExpressionAttributeValues: {
          ":now": now.toISOString(),
          ":stale": new Date(now.getTime() - CLAIM_SECONDS * 1000).toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (!(error instanceof Error && error.name === "ConditionalCheckFailedException")) throw error;
    const { Item } = await ctx.db.send(
      new GetCommand({
        TableName: ctx.tableName,
        Key: orderKey(orderId),
        ProjectionExpression: "pk, #sent",
        ExpressionAttributeNames: { "#sent": `${what}SentAt` },
        ConsistentRead: true,
      }),
    );
    if (!Item || Item[`${what}SentAt`]) return false;
    throw new NotificationInProgress(orderId, what);
  }
}

async function markSent(
  ctx: Context,
  orderId: string,
  what: string,
  extra: Record<string, string> = {},
): Promise<void> {
  const names: Record<string, string> = {
    "#sent": `${what}SentAt`,
    "#claimed": `${what}ClaimedAt`,
  };
  const values: Record<string, string> = { ":now": new Date().toISOString() };
  const sets = ["#sent = :now"];
  for (const [i, [name, value]] of Object.entries(extra).entries()) {
    names[`#x${i}`] = name;
    values[`:x${i}`] = value;
    sets.push(`#x${i} = :x${i}`);
  }
  await ctx.db.send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: orderKey(orderId),
      UpdateExpression: `SET ${sets.join(", ")} REMOVE #claimed`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
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

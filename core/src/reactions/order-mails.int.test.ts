import { GetObjectCommand } from "@aws-sdk/client-s3";
import { createTestContext, deliverEventsTo } from "@shop/local-cloud/testing";
import { describe, expect, inject, it } from "vitest";
import { createProduct } from "../catalog/product-saves.server.ts";
import { confirmCardPayment } from "../checkout/card-payment.server.ts";
import { placeOrder } from "../checkout/placing.server.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import { changeOrderState } from "../orders/admin-changes.server.ts";
import { getOrder } from "../orders/orders.server.ts";
import { createPromotion } from "../promotions/promotion-admin.server.ts";
import { storeOrderInvoice } from "./order-mails.server.ts";
import { handleEvent } from "./reactions.server.ts";

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
  attachments: Array<{ filename: string; content: string }>;
}

async function mailTo(to: string): Promise<StoredMail[]> {
  const res = await fetch(`${inject("cloud").mailboxUrl}/store`);
  const { emails } = (await res.json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.includes(to));
}

async function paidOrder() {
  const test = await createTestContext();
  const { ctx } = test;
  const shirt = await createProduct(ctx, {
    slug: "shirt",
    name: "<b>Shirt</b>",
    category: "Men",
    priceCents: 2000,
    description: "A shirt",
    sizes: ["M"],
    stock: unitsOfEach(["M"], 50),
    images: [{ key: "shirt.svg", alt: "shirt" }],
  });
  await createPromotion(ctx, {
    code: "WELCOME10",
    label: "Welcome offer: 10 € off",
    amountCents: 1000,
  });
  const email = `buyer-${crypto.randomUUID()}@example.com`;
  const { order } = await placeOrder(ctx, {
    userId: "u1",
    email,
    lines: [{ productId: shirt.id, size: "M", quantity: 3 }],
    address: {
      address: "1 <Main> Street",
      country: "Spain",
      city: "Madrid",
      zipCode: "28001",
      phone: "600000000",
    },
    deliveryMethod: "STANDARD",
    promotionCode: "WELCOME10",
  });
  await confirmCardPayment(ctx, {
    userId: "u1",
    orderId: order.id,
    card: { cardNumber: "4242424242424242", expiry: "12/30", cvc: "123" },
  });
  const event = (type: string) => ({
    id: crypto.randomUUID(),
    type,
    payload: { orderId: order.id, number: order.number, userId: "u1" },
    occurredAt: new Date().toISOString(),
  });
  return { test, ctx, order, email, event };
}

describe("when an order is paid", () => {
  it("stores the invoice PDF and mails one confirmation with it, even when delivered twice", async () => {
    const { test, ctx, order, email, event } = await paidOrder();
    // The stream delivers order.paid too (written when the payment succeeded), and then the
    // queued mail.requested: three deliveries of the paid order in all.
    const delivery = await deliverEventsTo(test, (e) => handleEvent(ctx, e));
    const paid = event("order.paid");
    await handleEvent(ctx, paid);
    await handleEvent(ctx, paid);
    await delivery.drain();
    await delivery.stop();

    const stored = await (await ctx.s3()).send(
      new GetObjectCommand({ Bucket: ctx.config.invoicesBucket, Key: `invoices/${order.id}.pdf` }),
    );
    const pdf = Buffer.from((await stored.Body?.transformToByteArray()) ?? []);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Your Threadline order ${order.number}`);
    expect(mail?.body.text).toContain("We have received your payment of 70.00 €.");
    expect(mail?.body.text).toContain("Welcome offer: 10 € off: -10.00 €");
    expect(mail?.body.html).toContain("&lt;b&gt;Shirt&lt;/b&gt;");
    expect(mail?.body.html).toContain("1 &lt;Main&gt; Street");
    expect(mail?.body.html).not.toContain("<b>Shirt</b>");
    expect(mail?.attachments[0]?.filename).toBe(`invoice-${order.number}.pdf`);
    expect(Buffer.from(mail?.attachments[0]?.content ?? "", "base64").equals(pdf)).toBe(true);
    expect(await getOrder(ctx, order.id)).toMatchObject({
      confirmationQueuedAt: expect.any(String),
      invoiceKey: `invoices/${order.id}.pdf`,
    });
  });

  it("concurrent deliveries queue one confirmation", async () => {
    const { test, ctx, email, event } = await paidOrder();
    const paid = event("order.paid");
    await Promise.all([1, 2, 3].map(() => handleEvent(ctx, paid)));
    const delivery = await deliverEventsTo(test, (e) => handleEvent(ctx, e));
    await delivery.drain();
    await delivery.stop();
    expect(await mailTo(email)).toHaveLength(1);
  });

  it("completes after a crash between storing the invoice and queuing the e-mail", async () => {
    const { test, ctx, order, email, event } = await paidOrder();
    // A delivery stored the invoice and died: nothing was queued, the order is not marked.
    await storeOrderInvoice(ctx, order);
    expect((await getOrder(ctx, order.id))?.confirmationQueuedAt).toBeUndefined();
    const delivery = await deliverEventsTo(test, (e) => handleEvent(ctx, e));
    await handleEvent(ctx, event("order.paid"));
    await delivery.drain();
    await delivery.stop();
    expect(await mailTo(email)).toHaveLength(1);
  });
});

describe("when an order ships", () => {
  it("tells the customer once", async () => {
    const { test, ctx, order, email, event } = await paidOrder();
    await changeOrderState(ctx, order.id, "SHIPPED");
    const delivery = await deliverEventsTo(test, (e) => handleEvent(ctx, e));
    const shipped = event("order.shipped");
    await handleEvent(ctx, shipped);
    await handleEvent(ctx, shipped);
    await delivery.drain();
    await delivery.stop();
    const mails = (await mailTo(email)).filter((m) => m.subject.includes("has shipped"));
    expect(mails.map((m) => m.subject)).toEqual([`Your order ${order.number} has shipped`]);
    expect(mails[0]?.body.text).toContain("1 <Main> Street");
  });
});

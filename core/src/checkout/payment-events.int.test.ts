// From a payment's success to the customer's mailbox, through the table's stream as deployed:
// replayed success events change nothing, and a delivery process killed between the payment and
// the invoice, once restarted, still produces the invoice and the e-mail.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { createTestContext, deliverEventsTo, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, inject, it } from "vitest";
import { getOrder, listOrdersForUser } from "../orders/orders.server.ts";
import { handleEvent } from "../reactions/index.server.ts";
import { handlePaymentWebhook } from "./payment-webhook.server.ts";
import { chargeTestCard, orderingOf, productInput, testShop } from "./test-fixtures.ts";

async function mailsTo(to: string) {
  const res = await fetch(`${inject("cloud").mailboxUrl}/store`);
  const { emails } = (await res.json()) as {
    emails: Array<{ destination: { to: string[] }; attachments: unknown[] }>;
  };
  return emails.filter((m) => m.destination.to.includes(to));
}

/** The shop's reactions to the table's stream, with its checkpoint in `dir` (kept across restarts). */
const delivery = (test: TestContext, dir: string) =>
  deliverEventsTo(test, (event) => handleEvent(test.ctx, event), { dir });

/** A paid-for order of two tees by a customer of its own, and the gateway's success event. */
async function placedOrder(test: TestContext) {
  const { ctx, products } = await testShop(test, { products: { tee: productInput("tee") } });
  const userId = `payer-${crypto.randomUUID()}`;
  const order = await orderingOf(ctx, products.tee, "M")(userId, { quantity: 2 });
  return {
    order,
    userId,
    email: `${userId}@example.com`,
    success: await chargeTestCard(ctx, order),
  };
}

const invoiceExists = async (test: TestContext, orderId: string) =>
  (await test.ctx.s3())
    .send(
      new HeadObjectCommand({
        Bucket: test.ctx.config.invoicesBucket,
        Key: `invoices/${orderId}.pdf`,
      }),
    )
    .then(() => true)
    .catch(() => false);

describe("payment success to invoice and e-mail", () => {
  it("the same success event delivered five times gives one paid order, one invoice and one e-mail", async () => {
    const test = await createTestContext();
    const reader = await delivery(test, await mkdtemp(join(tmpdir(), "pay-")));
    const { order, userId, email, success } = await placedOrder(test);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push((await handlePaymentWebhook(test.ctx, success.rawBody, success.signature)).body);
    }
    await reader.drain();
    await reader.drain();
    await reader.stop();
    expect(answers).toEqual([
      "paid",
      "already-paid",
      "already-paid",
      "already-paid",
      "already-paid",
    ]);
    const orders = (await listOrdersForUser(test.ctx, userId)).orders;
    expect(orders.filter((o) => o.payment === "paid")).toHaveLength(1);
    expect(await invoiceExists(test, order.id)).toBe(true);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.attachments).toHaveLength(1);
  });

  it("a delivery killed between the payment and the invoice, restarted, still produces both", async () => {
    const test = await createTestContext();
    const dir = await mkdtemp(join(tmpdir(), "pay-"));
    const first = await delivery(test, dir);
    const { order, email, success } = await placedOrder(test);
    await first.drain();
    await first.stop(); // the process dies: nothing delivers events now

    expect((await handlePaymentWebhook(test.ctx, success.rawBody, success.signature)).body).toBe(
      "paid",
    );
    expect(await invoiceExists(test, order.id)).toBe(false);
    expect(await mailsTo(email)).toHaveLength(0);

    const restarted = await delivery(test, dir);
    await restarted.drain();
    await restarted.drain();
    await restarted.stop();
    expect(await invoiceExists(test, order.id)).toBe(true);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await getOrder(test.ctx, order.id))?.invoiceKey).toBe(`invoices/${order.id}.pdf`);
  });
});

import { describe, expect, it } from "vitest";
import {
  signWebhookPayload,
  verifyStripeWebhook,
  WebhookSignatureError,
} from "./signature.server.ts";
import { paymentIntentObject, refundObject, stripeEvent } from "./stripe-events.server.ts";

const secret = "whsec_test_secret";
const event = (type: string, object: object) =>
  JSON.stringify(stripeEvent(type, object, { id: "evt_1" }));
const succeeded = event(
  "payment_intent.succeeded",
  paymentIntentObject({ id: "pi_1", amountCents: 4500, orderId: "order-1" }),
);

describe("webhook signatures (Stripe's scheme)", () => {
  it("signs as t=…,v1=… and verifies into the shop's event", async () => {
    const header = await signWebhookPayload(succeeded, secret);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifyStripeWebhook(succeeded, header, secret)).toEqual({
      type: "payment.succeeded",
      eventId: "evt_1",
      paymentId: "pi_1",
      orderId: "order-1",
      amountCents: 4500,
    });
  });

  it("maps a failed payment with its message, and ignores other events", async () => {
    const failed = event(
      "payment_intent.payment_failed",
      paymentIntentObject({
        id: "pi_2",
        amountCents: 4500,
        lastPaymentError: { message: "Your card was declined." },
      }),
    );
    const failedHeader = await signWebhookPayload(failed, secret);
    expect(await verifyStripeWebhook(failed, failedHeader, secret)).toMatchObject({
      type: "payment.failed",
      paymentId: "pi_2",
      message: "Your card was declined.",
    });
    const other = event("charge.refunded", { id: "ch_1" });
    const otherHeader = await signWebhookPayload(other, secret);
    expect(await verifyStripeWebhook(other, otherHeader, secret)).toMatchObject({
      type: "ignored",
      stripeType: "charge.refunded",
    });
  });

  it("maps a succeeded or failed refund with its return (metadata), and ignores one pending", async () => {
    const refund = (status: string) =>
      event(
        "refund.updated",
        refundObject({
          id: "re_1",
          paymentId: "pi_1",
          amountCents: 2500,
          metadata: { rma: "RMA-4Q8ZK2MX" },
          status,
        }),
      );
    const done = refund("succeeded");
    expect(await verifyStripeWebhook(done, await signWebhookPayload(done, secret), secret)).toEqual(
      {
        type: "refund.succeeded",
        eventId: "evt_1",
        refundId: "re_1",
        paymentId: "pi_1",
        amountCents: 2500,
        rma: "RMA-4Q8ZK2MX",
      },
    );
    const failed = refund("failed");
    expect(
      await verifyStripeWebhook(failed, await signWebhookPayload(failed, secret), secret),
    ).toMatchObject({ type: "refund.failed", refundId: "re_1", rma: "RMA-4Q8ZK2MX" });
    const pending = refund("pending");
    expect(
      await verifyStripeWebhook(pending, await signWebhookPayload(pending, secret), secret),
    ).toMatchObject({ type: "ignored", stripeType: "refund.updated" });
  });

  it("refuses a wrong secret, a tampered body, a missing header and an old signature", async () => {
    const header = await signWebhookPayload(succeeded, secret);
    const refuse = (body: string, h: string | undefined, now?: Date) =>
      expect(verifyStripeWebhook(body, h, secret, now)).rejects.toThrow(WebhookSignatureError);
    await refuse(succeeded, await signWebhookPayload(succeeded, "whsec_other"));
    await refuse(succeeded.replace('"amount":4500', '"amount":1'), header);
    await refuse(succeeded, undefined);
    await refuse(succeeded, "garbage");
    await refuse(succeeded, header, new Date(Date.now() + 60 * 60 * 1000));
  });
});

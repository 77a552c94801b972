import { describe, expect, it } from "vitest";
import { verifyStripeWebhook, WebhookSignatureError } from "./signature.server.ts";
import {
  paymentIntentObject,
  refundObject,
  signedStripeEvent,
  stripeEvent,
} from "./stripe-events.server.ts";

const secret = "whsec_test_secret";
/** A charge turned down, as the local gateway answers the declined test card. */
const declined = paymentIntentObject({
  id: "pi_2",
  amountCents: 100,
  orderId: "order-2",
  lastPaymentError: { code: "card_declined", message: "Your card was declined." },
});

describe("Stripe's webhook events, built as Stripe sends them", () => {
  it("wraps an object in Stripe's envelope: a test-mode event of the type, with its id and time", () => {
    const intent = paymentIntentObject({ id: "pi_1", amountCents: 4500, orderId: "order-1" });
    const event = stripeEvent("payment_intent.succeeded", intent, {
      id: "evt_1",
      created: new Date("2026-11-30T10:00:00Z"),
    });
    expect(event).toEqual({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      created: Date.parse("2026-11-30T10:00:00Z") / 1000,
      livemode: false,
      data: {
        object: {
          id: "pi_1",
          object: "payment_intent",
          amount: 4500,
          currency: "eur",
          metadata: { orderId: "order-1" },
          status: "succeeded",
        },
      },
    });
  });

  it("gives each event its own evt_ id and the current time unless told", () => {
    const before = Math.floor(Date.now() / 1000);
    const a = stripeEvent("customer.created", { id: "cus_1" });
    const b = stripeEvent("customer.created", { id: "cus_1" });
    expect(a.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(b.id).not.toBe(a.id);
    expect(a.created).toBeGreaterThanOrEqual(before);
    expect(a.created).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it("writes a failed charge's error and a refund's fields as Stripe names them", () => {
    expect(declined).toEqual({
      id: "pi_2",
      object: "payment_intent",
      amount: 100,
      currency: "eur",
      metadata: { orderId: "order-2" },
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined", message: "Your card was declined." },
    });
    expect(
      refundObject({
        id: "re_1",
        paymentId: "pi_1",
        amountCents: 2500,
        metadata: { rma: "RMA-4Q8ZK2MX" },
        status: "failed",
        failureReason: "expired_or_canceled_card",
      }),
    ).toEqual({
      id: "re_1",
      object: "refund",
      amount: 2500,
      currency: "eur",
      payment_intent: "pi_1",
      metadata: { rma: "RMA-4Q8ZK2MX" },
      status: "failed",
      failure_reason: "expired_or_canceled_card",
    });
  });

  it("signs the event's JSON body so that the webhook accepts it, and refuses it changed", async () => {
    const event = stripeEvent("payment_intent.payment_failed", declined);
    const { rawBody, signature } = await signedStripeEvent(event, secret);
    expect(JSON.parse(rawBody)).toEqual(event);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifyStripeWebhook(rawBody, signature, secret)).toEqual({
      type: "payment.failed",
      eventId: event.id,
      paymentId: "pi_2",
      orderId: "order-2",
      message: "Your card was declined.",
    });
    const changed = rawBody.replace('"orderId":"order-2"', '"orderId":"order-3"');
    expect(changed).not.toBe(rawBody);
    await expect(verifyStripeWebhook(changed, signature, secret)).rejects.toThrow(
      WebhookSignatureError,
    );
    await expect(verifyStripeWebhook(rawBody, signature, "whsec_other")).rejects.toThrow(
      WebhookSignatureError,
    );
  });
});

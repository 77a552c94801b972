import { signWebhookPayload, stripeEvent } from "@shop/core/server/payments";
import { describe, expect, it, vi } from "vitest";

// Events of a type the shop does not handle are verified, then acknowledged without touching the
// table, so this runs without a cloud; the paid/failed paths are covered in core's integration tests.
const secret = process.env.STRIPE_WEBHOOK_SECRET || "whsec_local_test_gateway";
// The laptop's payment setting (npm start sets it): the local test gateway verifies the events.
process.env.PAYMENTS ??= "test";
// The unit files share their worker's imports (vitest.config.ts), and the handler's context is
// made once from the environment: imported afresh, it is made with the setting above.
vi.resetModules();
const { handler } = await import("./stripe-webhook.ts");
const body = JSON.stringify(stripeEvent("customer.created", { id: "cus_1" }));

describe("the Stripe webhook function", () => {
  it("acknowledges a correctly signed event", async () => {
    const answer = await handler({
      body,
      headers: { "stripe-signature": await signWebhookPayload(body, secret) },
    });
    expect(answer.statusCode).toBe(200);
  });

  it("reads a base64 body as Lambda function URLs may send it", async () => {
    const answer = await handler({
      body: Buffer.from(body).toString("base64"),
      isBase64Encoded: true,
      headers: { "stripe-signature": await signWebhookPayload(body, secret) },
    });
    expect(answer.statusCode).toBe(200);
  });

  it("answers 400 to a missing or wrong signature and to a tampered body", async () => {
    expect((await handler({ body })).statusCode).toBe(400);
    const wrong = await signWebhookPayload(body, "whsec_wrong");
    expect((await handler({ body, headers: { "stripe-signature": wrong } })).statusCode).toBe(400);
    const good = await signWebhookPayload(body, secret);
    const tampered = body.replace("cus_1", "cus_2");
    expect(
      (await handler({ body: tampered, headers: { "stripe-signature": good } })).statusCode,
    ).toBe(400);
  });
});

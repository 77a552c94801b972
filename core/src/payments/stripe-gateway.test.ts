import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { isDependencyUnavailable } from "../common/errors.ts";
import { createStripeGateway } from "./stripe-gateway.server.ts";

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: URLSearchParams;
}

/** A fetch that answers like Stripe's API and records requests: nothing leaves the machine. */
function fakeStripe(reply: (sent: Sent) => object, status: (sent: Sent) => number = () => 200) {
  const sent: Sent[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const request: Sent = {
      url: String(input),
      method: init?.method ?? "GET",
      headers,
      body: new URLSearchParams(typeof init?.body === "string" ? init.body : ""),
    };
    sent.push(request);
    return new Response(JSON.stringify(reply(request)), {
      status: status(request),
      headers: { "content-type": "application/json", "request-id": "req_1" },
    });
  };
  const gateway = createStripeGateway({
    secretKey: "sk_test_fake",
    webhookSecret: "whsec_fake",
    httpClient: Stripe.createFetchHttpClient(fetch as typeof globalThis.fetch),
  });
  return { gateway, sent };
}

describe("the Stripe adapter (offline, fake HTTP client)", () => {
  it("creates a PaymentIntent for the server total in EUR, keyed by the order id", async () => {
    const { gateway, sent } = fakeStripe(() => ({
      id: "pi_123",
      object: "payment_intent",
      client_secret: "pi_123_secret_abc",
    }));
    const created = await gateway.createPayment({
      orderId: "order-1",
      amountCents: 4500,
      currency: "eur",
      idempotencyKey: "order-1",
      customerEmail: "ana@example.com",
    });
    expect(created).toEqual({ paymentId: "pi_123", clientSecret: "pi_123_secret_abc" });
    const [request] = sent;
    expect(request?.method).toBe("POST");
    expect(request?.url).toMatch(/\/v1\/payment_intents$/);
    expect(request?.headers["idempotency-key"]).toBe("order-1");
    expect(request?.body.get("amount")).toBe("4500");
    expect(request?.body.get("currency")).toBe("eur");
    expect(request?.body.get("metadata[orderId]")).toBe("order-1");
    expect(request?.body.get("receipt_email")).toBe("ana@example.com");
  });

  it("refunds a payment with its own idempotency key", async () => {
    const { gateway, sent } = fakeStripe(() => ({ id: "re_1", object: "refund" }));
    expect(await gateway.refund("pi_123", "refund-order-1")).toEqual({ refundId: "re_1" });
    expect(sent[0]?.url).toMatch(/\/v1\/refunds$/);
    expect(sent[0]?.body.get("payment_intent")).toBe("pi_123");
    expect(sent[0]?.headers["idempotency-key"]).toBe("refund-order-1");
  });

  it("refunds part of a payment (a return): the amount and the return in the metadata", async () => {
    const { gateway, sent } = fakeStripe(() => ({ id: "re_2", object: "refund" }));
    expect(
      await gateway.refund("pi_123", "return-RMA-4Q8ZK2MX", {
        amountCents: 2500,
        metadata: { rma: "RMA-4Q8ZK2MX" },
      }),
    ).toEqual({ refundId: "re_2" });
    expect(sent[0]?.body.get("amount")).toBe("2500");
    expect(sent[0]?.body.get("metadata[rma]")).toBe("RMA-4Q8ZK2MX");
    expect(sent[0]?.headers["idempotency-key"]).toBe("return-RMA-4Q8ZK2MX");
  });
});

describe("when Stripe does not answer", () => {
  it("retries with the same idempotency key, then fails as unavailable with one log line", async () => {
    const keys: string[] = [];
    const fetch = async (_input: string | URL | Request, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get("idempotency-key") ?? "");
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), {
        code: "ECONNREFUSED",
      });
    };
    const gateway = createStripeGateway({
      secretKey: "sk_test_fake",
      webhookSecret: "whsec_fake",
      httpClient: Stripe.createFetchHttpClient(fetch as typeof globalThis.fetch),
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failure = await gateway
        .createPayment({
          orderId: "order-9",
          amountCents: 4500,
          currency: "eur",
          idempotencyKey: "order-9",
          customerEmail: "ana@example.com",
        })
        .catch((error: unknown) => error);
      expect(isDependencyUnavailable(failure)).toBe(true);
      expect(failure).toMatchObject({ dependency: "stripe", operation: "paymentIntents.create" });
      // Every attempt is the same request: one key, so at most one PaymentIntent.
      expect(keys.length).toBeGreaterThan(1);
      expect(new Set(keys)).toEqual(new Set(["order-9"]));
      const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
      expect(lines).toEqual([
        expect.objectContaining({
          event: "dependency.unavailable",
          dependency: "stripe",
          operation: "paymentIntents.create",
        }),
      ]);
    } finally {
      logged.mockRestore();
    }
  });
});

describe("cancelling an abandoned payment (Stripe adapter, offline)", () => {
  it("cancels the PaymentIntent as abandoned, with an idempotency key", async () => {
    const { gateway, sent } = fakeStripe(() => ({
      id: "pi_123",
      object: "payment_intent",
      status: "canceled",
    }));
    expect(await gateway.cancelPayment("pi_123")).toBe("canceled");
    expect(sent[0]?.url).toMatch(/\/v1\/payment_intents\/pi_123\/cancel$/);
    expect(sent[0]?.body.get("cancellation_reason")).toBe("abandoned");
    expect(sent[0]?.headers["idempotency-key"]).toBe("cancel-pi_123");
  });

  const unexpectedState = {
    error: {
      type: "invalid_request_error",
      code: "payment_intent_unexpected_state",
      message: "This PaymentIntent's status is succeeded",
    },
  };

  it("answers 'paid' when the money is already moving, so the order is left to the webhook", async () => {
    for (const status of ["succeeded", "processing", "requires_capture"]) {
      const { gateway, sent } = fakeStripe(
        (r) =>
          r.method === "POST" ? unexpectedState : { id: "pi_1", object: "payment_intent", status },
        (r) => (r.method === "POST" ? 400 : 200),
      );
      expect(await gateway.cancelPayment("pi_1")).toBe("paid");
      expect(sent.map((r) => r.method)).toEqual(["POST", "GET"]);
    }
  });

  it("answers 'canceled' for an intent cancelled before or unknown; other errors are thrown", async () => {
    const { gateway } = fakeStripe(
      (r) =>
        r.method === "POST"
          ? unexpectedState
          : { id: "pi_1", object: "payment_intent", status: "canceled" },
      (r) => (r.method === "POST" ? 400 : 200),
    );
    expect(await gateway.cancelPayment("pi_1")).toBe("canceled");
    const missing = fakeStripe(
      () => ({
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          message: "No such payment_intent",
        },
      }),
      () => 404,
    );
    expect(await missing.gateway.cancelPayment("pi_missing")).toBe("canceled");
    const broken = fakeStripe(
      () => ({ error: { type: "authentication_error", message: "Invalid API Key provided" } }),
      () => 401,
    );
    await expect(broken.gateway.cancelPayment("pi_1")).rejects.toThrow(/Invalid API Key/);
  });
});

describe("choosing the gateway", () => {
  it("is Stripe when STRIPE_SECRET_KEY is set, the test gateway only when PAYMENTS=test", async () => {
    const { loadConfig } = await import("../context/config.ts");
    const { paymentGateway } = await import("./gateway.server.ts");
    expect(paymentGateway(loadConfig({ PAYMENTS: "test" })).name).toBe("local");
    expect(paymentGateway(loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).name).toBe("stripe");
    expect(
      paymentGateway(loadConfig({ PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_test_y" })).name,
    ).toBe("stripe");
    // Never a silent fallback to the test gateway: without either setting there is none.
    expect(() => paymentGateway(loadConfig({}))).toThrow(/STRIPE_SECRET_KEY.*PAYMENTS=test/);
  });
});

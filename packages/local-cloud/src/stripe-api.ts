// A tiny Stripe API on this machine (PaymentIntents and refunds) for the shop's Stripe adapter to be
// pointed at (STRIPE_API_BASE): the same idempotency key gives the same intent, as with Stripe.
// Used by the checkout's integration test, the end-to-end tests and the deploy rehearsal.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";

export interface CreatedIntent {
  id: string;
  amount: number;
  currency: string;
  orderId: string;
  idempotencyKey: string;
}

export interface CreatedRefund {
  id: string;
  amount: number;
  paymentIntent: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export async function startFakeStripeApi(): Promise<{
  url: string;
  intents: CreatedIntent[];
  refunds: CreatedRefund[];
  close: () => Promise<void>;
}> {
  const intents: CreatedIntent[] = [];
  const byKey = new Map<string, CreatedIntent>();
  const refunds: CreatedRefund[] = [];
  const refundByKey = new Map<string, CreatedRefund>();
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const reply = (status: number, value: object) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": "req_fake" });
        res.end(JSON.stringify(value));
      };
      if (req.method === "POST" && req.url === "/v1/refunds") {
        // Refunds succeed at once; the same idempotency key gives the same refund.
        const form = new URLSearchParams(body);
        const key = String(req.headers["idempotency-key"] ?? "");
        let refund = refundByKey.get(key);
        if (!refund) {
          const metadata: Record<string, string> = {};
          for (const [name, value] of form) {
            const m = /^metadata\[(.+)\]$/.exec(name);
            if (m?.[1]) metadata[m[1]] = value;
          }
          refund = {
            id: `re_fake_${randomBytes(8).toString("hex")}`,
            amount: Number(form.get("amount") ?? 0),
            paymentIntent: form.get("payment_intent") ?? "",
            metadata,
            idempotencyKey: key,
          };
          refunds.push(refund);
          refundByKey.set(key, refund);
        }
        return reply(200, {
          id: refund.id,
          object: "refund",
          amount: refund.amount,
          currency: "eur",
          payment_intent: refund.paymentIntent,
          metadata: refund.metadata,
          status: "succeeded",
        });
      }
      if (req.method !== "POST" || req.url !== "/v1/payment_intents") {
        return reply(404, { error: { type: "invalid_request_error", message: "Not faked" } });
      }
      const form = new URLSearchParams(body);
      const key = String(req.headers["idempotency-key"] ?? "");
      let intent = byKey.get(key);
      if (!intent) {
        intent = {
          id: `pi_fake_${randomBytes(8).toString("hex")}`,
          amount: Number(form.get("amount")),
          currency: form.get("currency") ?? "",
          orderId: form.get("metadata[orderId]") ?? "",
          idempotencyKey: key,
        };
        intents.push(intent);
        byKey.set(key, intent);
      }
      reply(200, {
        id: intent.id,
        object: "payment_intent",
        amount: intent.amount,
        currency: intent.currency,
        status: "requires_payment_method",
        client_secret: `${intent.id}_secret_fake`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

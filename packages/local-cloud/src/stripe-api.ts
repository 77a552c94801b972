// A tiny Stripe API on this machine (PaymentIntents only) for the shop's Stripe adapter to be
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

export async function startFakeStripeApi(): Promise<{
  url: string;
  intents: CreatedIntent[];
  close: () => Promise<void>;
}> {
  const intents: CreatedIntent[] = [];
  const byKey = new Map<string, CreatedIntent>();
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

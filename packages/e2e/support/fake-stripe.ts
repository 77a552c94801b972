// Offline stand-ins for Stripe in end-to-end tests: a tiny Stripe API (PaymentIntents only) the
// shop's Stripe adapter is pointed at (STRIPE_API_BASE), and a fake Stripe.js served in place of
// js.stripe.com whose Payment Element is one "Fake card" field. Card numbers ending in 0002 are
// declined (a card_error), 9999 fail with an api_error, anything else of 4+ digits succeeds.
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

/** Served for https://js.stripe.com/…/stripe.js; records what the page asks of it. */
export const FAKE_STRIPE_JS = `
(() => {
  const calls = (window.__fakeStripe = { elementsOptions: null, submits: 0, confirms: [] });
  function Stripe(key) {
    let card = "";
    const elements = {
      create(type) {
        const handlers = {};
        const emit = (name, event) => (handlers[name] || []).forEach((h) => h(event));
        const element = {
          mount(node) {
            const target = typeof node === "string" ? document.querySelector(node) : node;
            const input = document.createElement("input");
            input.setAttribute("aria-label", "Fake card");
            input.addEventListener("input", () => {
              card = input.value;
              emit("change", { elementType: type, empty: card === "", complete: card.length >= 4 });
            });
            target.appendChild(input);
            setTimeout(() => emit("ready", { elementType: type }), 0);
          },
          on(name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
          off(name, handler) { handlers[name] = (handlers[name] || []).filter((h) => h !== handler); return element; },
          update() {},
          unmount() {},
          destroy() {},
        };
        return element;
      },
      update(options) { calls.elementsOptions = { ...calls.elementsOptions, ...options }; return Promise.resolve(); },
      submit() {
        calls.submits++;
        return Promise.resolve(card.length >= 4
          ? { selectedPaymentMethod: "card" }
          : { error: { type: "validation_error", message: "Your card number is incomplete." } });
      },
      getElement() { return null; },
    };
    return {
      elements(options) { calls.elementsOptions = { ...options }; return elements; },
      createToken() {}, createPaymentMethod() {}, confirmCardPayment() {},
      confirmPayment(options) {
        calls.confirms.push({ clientSecret: options.clientSecret, redirect: options.redirect,
          returnUrl: options.confirmParams && options.confirmParams.return_url, card });
        if (card.endsWith("0002")) return Promise.resolve({ error: { type: "card_error", code: "card_declined", message: "Your card was declined." } });
        if (card.endsWith("9999")) return Promise.resolve({ error: { type: "api_error", message: "Stripe is having a bad day" } });
        return Promise.resolve({ paymentIntent: { id: options.clientSecret.split("_secret")[0], status: "succeeded" } });
      },
    };
  }
  window.Stripe = Stripe;
})();
`;

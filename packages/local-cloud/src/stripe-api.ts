// A tiny Stripe API on this machine (PaymentIntents, refunds and webhook endpoints) for the shop's
// Stripe adapter to be pointed at (STRIPE_API_BASE): the same idempotency key gives the same
// intent, as with Stripe. Used by the checkout's integration test, the end-to-end tests, the
// deploy rehearsal and `npm run stripe:webhook`'s test (scripts/stripe-webhook.ts). Its intents
// and refunds are written by core's builders (core/src/payments/stripe-events.server.ts), as the
// events that confirm them are.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { paymentIntentObject, refundObject } from "@shop/core/server/payments";

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

/** A refund as Stripe answers it, and sends it in its refund.* events: refunds succeed at once. */
export function refundAsStripe(refund: CreatedRefund) {
  return refundObject({
    id: refund.id,
    paymentId: refund.paymentIntent,
    amountCents: refund.amount,
    metadata: refund.metadata,
    status: "succeeded",
  });
}

/** A webhook endpoint as Stripe answers it; its signing secret is answered only when created. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  enabled_events: string[];
  api_version: string | null;
  description: string | null;
  metadata: Record<string, string>;
  status: "enabled" | "disabled";
  secret: string;
}

/** A form's `name[0]=…&name[1]=…` (Stripe's encoding of a list), or undefined when absent. */
function formList(form: URLSearchParams, name: string): string[] | undefined {
  const items = [...form].filter(([key]) => key.startsWith(`${name}[`)).map(([, value]) => value);
  return items.length > 0 ? items : undefined;
}

function formMetadata(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const m = /^metadata\[(.+)\]$/.exec(name);
    if (m?.[1]) metadata[m[1]] = value;
  }
  return metadata;
}

export async function startFakeStripeApi(): Promise<{
  url: string;
  intents: CreatedIntent[];
  refunds: CreatedRefund[];
  /** The account's webhook endpoints (a test may add one, as an operator would have by hand). */
  webhookEndpoints: WebhookEndpoint[];
  /** The secret key of every call, in order (a test checks which key a command used). */
  keys: string[];
  /**
   * The next `count` calls are answered 429 rate_limit, as Stripe's API does past its rate
   * (about 100 writes a second in live mode); nothing is created by them.
   */
  rateLimitNext(count: number): void;
  /** Calls answered 429 so far. */
  readonly rateLimited: number;
  close: () => Promise<void>;
}> {
  let limitLeft = 0;
  let rateLimited = 0;
  const webhookEndpoints: WebhookEndpoint[] = [];
  const keys: string[] = [];
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
      keys.push(String(req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (limitLeft > 0) {
        limitLeft--;
        rateLimited++;
        return reply(429, {
          error: {
            type: "invalid_request_error",
            code: "rate_limit",
            message: "Too many requests hit the API too quickly.",
          },
        });
      }
      const path = (req.url ?? "").split("?")[0];
      if (path === "/v1/webhook_endpoints" || path?.startsWith("/v1/webhook_endpoints/")) {
        const answer = (endpoint: WebhookEndpoint, withSecret: boolean) => {
          const { secret, ...rest } = endpoint;
          return { object: "webhook_endpoint", ...rest, ...(withSecret ? { secret } : {}) };
        };
        const form = new URLSearchParams(body);
        if (req.method === "GET" && path === "/v1/webhook_endpoints") {
          return reply(200, {
            object: "list",
            url: "/v1/webhook_endpoints",
            has_more: false,
            data: webhookEndpoints.map((e) => answer(e, false)),
          });
        }
        if (req.method === "POST" && path === "/v1/webhook_endpoints") {
          const enabled = formList(form, "enabled_events");
          const url = form.get("url");
          if (!url || !enabled) {
            return reply(400, {
              error: {
                type: "invalid_request_error",
                message: "url and enabled_events are required",
              },
            });
          }
          const endpoint: WebhookEndpoint = {
            id: `we_fake_${randomBytes(8).toString("hex")}`,
            url,
            enabled_events: enabled,
            api_version: form.get("api_version"),
            description: form.get("description"),
            metadata: formMetadata(form),
            status: "enabled",
            secret: `whsec_fake${randomBytes(16).toString("hex")}`,
          };
          webhookEndpoints.push(endpoint);
          return reply(200, answer(endpoint, true));
        }
        const endpoint = webhookEndpoints.find((e) => path === `/v1/webhook_endpoints/${e.id}`);
        if (req.method === "POST" && endpoint) {
          endpoint.enabled_events = formList(form, "enabled_events") ?? endpoint.enabled_events;
          endpoint.url = form.get("url") ?? endpoint.url;
          endpoint.description = form.get("description") ?? endpoint.description;
          endpoint.metadata = { ...endpoint.metadata, ...formMetadata(form) };
          return reply(200, answer(endpoint, false));
        }
        return reply(404, {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: "No such webhook endpoint",
          },
        });
      }
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
        return reply(200, refundAsStripe(refund));
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
        ...paymentIntentObject({
          id: intent.id,
          amountCents: intent.amount,
          currency: intent.currency,
          orderId: intent.orderId,
          status: "requires_payment_method",
        }),
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
    webhookEndpoints,
    keys,
    rateLimitNext(count) {
      limitLeft = count;
    },
    get rateLimited() {
      return rateLimited;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// Lambda (function URL): Stripe's webhook → core. The raw body and the stripe-signature header
// are verified and dispatched in core (handleWebhook: the orders' payments and the returns'
// refunds, docs/decisions/012-payment-flow.md): 200 when handled or ignored, 400
// for a bad signature. A failure to reach the table throws, so Stripe retries the delivery.
import { getContext, loadBoundSecrets } from "@shop/core/server/context";
import { handleWebhook } from "@shop/core/server/returns";
import { instrumented } from "./lambda/observability.ts";

export interface FunctionUrlEvent {
  body?: string;
  isBase64Encoded?: boolean;
  headers?: Record<string, string | undefined>;
}

export const handler = instrumented("stripeWebhook", async (event: FunctionUrlEvent) => {
  await loadBoundSecrets();
  const raw = event.body ?? "";
  const body = event.isBase64Encoded ? Buffer.from(raw, "base64").toString("utf8") : raw;
  const signature = event.headers?.["stripe-signature"] ?? event.headers?.["Stripe-Signature"];
  const answer = await handleWebhook(getContext(), body, signature);
  return {
    statusCode: answer.status,
    headers: { "content-type": "text/plain" },
    body: answer.body,
  };
});

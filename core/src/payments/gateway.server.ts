// Chooses the payment adapter from the configuration, here and nowhere else: Stripe when
// STRIPE_SECRET_KEY is set, otherwise the local test gateway (no network).
import type { Config } from "../context/config.ts";
import { createLocalGateway } from "./local-gateway.server.ts";
import type { PaymentGateway } from "./port.ts";
import { createStripeGateway } from "./stripe-gateway.server.ts";

/** The gateway for this configuration: the one place the adapter is chosen. */
export function paymentGateway(config: Config): PaymentGateway {
  cached ??= new Map();
  const key = [config.stripeSecretKey, config.stripeWebhookSecret, config.stripeApiBase].join("\n");
  let gateway = cached.get(key);
  if (!gateway) {
    gateway = config.stripeSecretKey
      ? createStripeGateway({
          secretKey: config.stripeSecretKey,
          webhookSecret: config.stripeWebhookSecret,
          ...(config.stripeApiBase ? { apiBase: config.stripeApiBase } : {}),
        })
      : createLocalGateway({ webhookSecret: config.stripeWebhookSecret });
    cached.set(key, gateway);
  }
  return gateway;
}
let cached: Map<string, PaymentGateway> | undefined;

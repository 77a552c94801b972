// Chooses the payment adapter from the configuration, here and nowhere else: Stripe when
// payments are "stripe" (PAYMENTS=stripe, or STRIPE_SECRET_KEY set), the local test gateway (no
// network) only when a setting turns it on (PAYMENTS=test; refused on production stages by
// ../context/settings.ts). Without either there is no gateway, and taking a payment says so.
import type { Config } from "../context/config.ts";
import { createLocalGateway, type LocalGateway } from "./local-gateway.server.ts";
import type { CardCharger, PaymentGateway } from "./port.ts";
import { createStripeGateway } from "./stripe-gateway.server.ts";

/** The gateway for this configuration: the one place the adapter is chosen. */
export function paymentGateway(config: Config): PaymentGateway {
  cached ??= new Map();
  const key = [
    config.payments,
    config.stripeSecretKey,
    config.stripeWebhookSecret,
    config.stripeApiBase,
  ].join("\n");
  let gateway = cached.get(key);
  if (!gateway) {
    if (config.payments === "stripe") {
      if (!config.stripeSecretKey) throw new Error("PAYMENTS=stripe needs STRIPE_SECRET_KEY");
      gateway = createStripeGateway({
        secretKey: config.stripeSecretKey,
        webhookSecret: config.stripeWebhookSecret,
        ...(config.stripeApiBase ? { apiBase: config.stripeApiBase } : {}),
      });
    } else if (config.payments === "test") {
      gateway = createLocalGateway({ webhookSecret: config.stripeWebhookSecret });
    } else {
      throw new Error(
        "No payment gateway is configured: set STRIPE_SECRET_KEY (Stripe) or PAYMENTS=test (the local test gateway)",
      );
    }
    cached.set(key, gateway);
  }
  return gateway;
}
let cached: Map<string, PaymentGateway> | undefined;

/**
 * The card charger when the card is typed into the shop's own form (the local test gateway), or
 * null when the browser confirms the payment itself (Stripe's Payment Element).
 */
export function cardCharger(config: Config): CardCharger | null {
  if (config.payments !== "test") return null;
  return (paymentGateway(config) as LocalGateway).chargeCard;
}

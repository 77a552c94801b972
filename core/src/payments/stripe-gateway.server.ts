// The Stripe adapter (used when STRIPE_SECRET_KEY is set): a PaymentIntent for the server's
// total in EUR, keyed by the order id for idempotency and carrying it in metadata; refunds.
// The browser confirms the payment with the Payment Element: no card data comes to the server.
// An abandoned payment is cancelled (cancelPayment) so that it cannot succeed after its order
// expired; an intent that already succeeded or is processing is left to its webhook.
// Stripe's SDK is imported on the gateway's first call (loadStripe), not when the module loads:
// pages that take no payment never read it (docs/decisions/022-lean-bundles.md).
import type Stripe from "stripe";
import { lazy } from "../common/lazy.ts";
import { retryWhileBusy } from "../context/busy.server.ts";
import { POLICIES, stripeClientOptions } from "../context/deadlines.ts";
import { unanswered } from "../context/dependency-calls.server.ts";
import type { PaymentGateway } from "./port.ts";
import { loadStripe, verifyStripeWebhook } from "./signature.server.ts";

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** For tests: Stripe.createFetchHttpClient(fakeFetch), so no request leaves the machine. */
  httpClient?: Stripe.HttpClient;
  /** Tests only: a Stripe API on this machine (http://127.0.0.1:PORT); see Config.stripeApiBase. */
  apiBase?: string;
}

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const local = options.apiBase ? new URL(options.apiBase) : undefined;
  /** The SDK's class (for its error classes) and the client, made on the first call. */
  const sdk = lazy(async () => {
    const StripeSdk = await loadStripe();
    // Its deadline and retries (core/src/context/deadlines.ts); every call below sends an
    // idempotency key or is a read, so a retry is never a second charge.
    const stripe = new StripeSdk(options.secretKey, {
      ...stripeClientOptions(),
      ...(local
        ? { host: local.hostname, port: Number(local.port), protocol: "http" as const }
        : {}),
      ...(options.httpClient ? { httpClient: options.httpClient } : {}),
    });
    return { errors: StripeSdk.errors, stripe };
  });

  /**
   * Runs one call to Stripe's API: a call that got no answer within its deadline and retries (a
   * StripeConnectionError: a timeout, a refused or cut connection) becomes a
   * DependencyUnavailable, logged as one structured line naming Stripe and the operation, like
   * the AWS clients' calls. A 429 (Stripe's rate limit, which its SDK does not retry) is tried
   * again, with the same idempotency key, within the request's deadline, then answers busy
   * (core/src/context/busy.server.ts).
   */
  async function call<T>(operation: string, run: (stripe: Stripe) => Promise<T>): Promise<T> {
    const { errors, stripe } = await sdk();
    try {
      return await retryWhileBusy(
        { dependency: "stripe", operation },
        () => run(stripe),
        (error) => (error instanceof errors.StripeRateLimitError ? "RateLimit" : undefined),
      );
    } catch (error) {
      if (!(error instanceof errors.StripeConnectionError)) throw error;
      throw unanswered({
        dependency: "stripe",
        operation,
        attempts: POLICIES.stripe.maxAttempts,
        error,
      });
    }
  }

  return {
    name: "stripe",
    async createPayment(input) {
      const intent = await call("paymentIntents.create", (stripe) =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            automatic_payment_methods: { enabled: true },
            receipt_email: input.customerEmail,
            metadata: { orderId: input.orderId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new Error("Stripe returned no client secret");
      return { paymentId: intent.id, clientSecret: intent.client_secret };
    },
    async refund(paymentId, idempotencyKey, options = {}) {
      const refund = await call("refunds.create", (stripe) =>
        stripe.refunds.create(
          {
            payment_intent: paymentId,
            ...(options.amountCents !== undefined ? { amount: options.amountCents } : {}),
            ...(options.metadata ? { metadata: options.metadata } : {}),
          },
          { idempotencyKey },
        ),
      );
      return { refundId: refund.id };
    },
    async cancelPayment(paymentId) {
      try {
        await call("paymentIntents.cancel", (stripe) =>
          stripe.paymentIntents.cancel(
            paymentId,
            { cancellation_reason: "abandoned" },
            { idempotencyKey: `cancel-${paymentId}` },
          ),
        );
        return "canceled";
      } catch (error) {
        // An intent in a state that cannot be cancelled is answered from its status;
        // anything else (network, auth) throws and the sweep tries again next time.
        const { errors } = await sdk();
        if (!(error instanceof errors.StripeInvalidRequestError)) throw error;
        // An intent Stripe does not know can never succeed.
        if (error.code === "resource_missing") return "canceled";
        if (error.code !== "payment_intent_unexpected_state") throw error;
        const intent = await call("paymentIntents.retrieve", (stripe) =>
          stripe.paymentIntents.retrieve(paymentId),
        );
        return intent.status === "canceled" ? "canceled" : "paid";
      }
    },
    async verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeWebhook(rawBody, signatureHeader, options.webhookSecret);
    },
  };
}

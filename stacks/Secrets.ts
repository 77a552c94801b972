// Secrets live in SST Config (SSM Parameter Store, encrypted), never in code or in plain
// environment variables: `npx sst secrets set STRIPE_SECRET_KEY sk_live_… --stage prod`.
import { Config, type StackContext } from "sst/constructs";

export function Secrets({ stack }: StackContext) {
  return {
    sessionSecret: new Config.Secret(stack, "SESSION_SECRET"),
    stripeSecretKey: new Config.Secret(stack, "STRIPE_SECRET_KEY"),
    stripeWebhookSecret: new Config.Secret(stack, "STRIPE_WEBHOOK_SECRET"),
  };
}

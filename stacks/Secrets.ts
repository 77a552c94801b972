// Secrets live in SST Config (SSM Parameter Store, encrypted), never in code or in plain
// environment variables: `npx sst secrets set STRIPE_SECRET_KEY sk_live_… --stage prod`. One
// secret per setting whose source is "secret" in core/src/context/settings.ts.

import { BOUND_SECRETS } from "@shop/core/server/context";
import { Config, type StackContext } from "sst/constructs";

export function Secrets({ stack }: StackContext) {
  return Object.fromEntries(
    BOUND_SECRETS.map((name) => [name, new Config.Secret(stack, name)]),
  ) as Record<string, Config.Secret>;
}

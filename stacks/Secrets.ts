// Secrets live in SST Config (SSM Parameter Store, encrypted), never in code or in plain
// environment variables: `npx sst secrets set STRIPE_SECRET_KEY sk_live_… --stage prod`. One
// secret per setting whose source is "secret" in core/src/context/settings.ts.
import { Config, type StackContext } from "sst/constructs";
import { SECRET_NAMES } from "./stage.ts";

export function Secrets({ stack }: StackContext) {
  return Object.fromEntries(
    SECRET_NAMES.map((name) => [name, new Config.Secret(stack, name)]),
  ) as Record<(typeof SECRET_NAMES)[number], Config.Secret>;
}

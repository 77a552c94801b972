// On AWS, the secrets (SESSION_SECRET, Stripe keys) are SST Config secrets bound to each function
// and to the site: SSM holds them, and `sst/node/config` fetches them when it is imported. This
// copies them into the environment that loadConfig reads, once, before the first request.
// Locally (no SST_APP) it does nothing: the environment already says everything.
import { SETTINGS } from "./settings.ts";

/** The settings that are SST secrets (./settings.ts). */
export const BOUND_SECRETS = Object.entries(SETTINGS)
  .filter(([, setting]) => setting.source === "secret")
  .map(([name]) => name);

let loading: Promise<void> | undefined;

export function loadBoundSecrets(
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  loading ??= (async () => {
    if (!env.SST_APP) return;
    const { Config } = (await import("sst/node/config")) as unknown as {
      Config: Record<string, string | undefined>;
    };
    for (const name of BOUND_SECRETS) {
      try {
        env[name] ??= Config[name];
      } catch {
        // Not bound to this function (it does not need that secret).
      }
    }
  })();
  return loading;
}

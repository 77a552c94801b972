// On AWS, the secrets (SESSION_SECRET, Stripe keys) are SST Config secrets bound to each function
// and to the site: SSM holds them, and SST marks each in the environment as
// SST_Secret_value_<NAME>=__FETCH_FROM_SSM__. This fetches them, once, before the first request,
// into the environment that loadConfig reads. It reads SSM itself, as `sst/node/config` would,
// but with the shop's deadline and retry budget for SSM (deadlines.ts): SST's own client has the
// SDK's defaults, no timeout at all, so a stalled SSM would hold a cold start until the
// function's timeout. Locally (no SST_APP) it does nothing: the environment says everything.
// In the same call it reads the settings the stacks name a parameter for (<NAME>_PARAMETER):
// the guarded origin's secret, a Secrets Manager secret read through Parameter Store's reference
// (/aws/reference/secretsmanager/…), so that it costs the cold start no client and no call more.
//
// The reading itself is Powertools' Parameters (SSMProvider.getParametersByName: every name
// decrypted, so one GetParameters call per ten names), over the shop's own SSM client: the
// deadline and the single failure line are the client's (guardCalls), not the provider's.
import { SSMProvider } from "@aws-lambda-powertools/parameters/ssm";
import { SSMClient } from "@aws-sdk/client-ssm";
import { awsClientOptions } from "./deadlines.ts";
import { guardCalls } from "./dependency-calls.server.ts";
import { SETTINGS } from "./settings.ts";

/** The settings that are SST secrets (./settings.ts). */
export const BOUND_SECRETS = Object.entries(SETTINGS)
  .filter(([, setting]) => setting.source === "secret")
  .map(([name]) => name);

const FETCH_FROM_SSM = "__FETCH_FROM_SSM__";

/** Settings read from the parameter the stacks name in <NAME>_PARAMETER (./settings.ts). */
export const PARAMETER_SETTINGS = ["ORIGIN_SECRET"] as const;

type Env = Record<string, string | undefined>;

/** Where SST keeps a secret for this stage, and the app-wide fallback (`sst secrets set --fallback`). */
export function secretParameterPaths(name: string, env: Env): { stage: string; fallback: string } {
  return {
    stage: `${env.SST_SSM_PREFIX ?? ""}Secret/${name}/value`,
    fallback: `/sst/${env.SST_APP}/.fallback/Secret/${name}/value`,
  };
}

/** The values of the parameters that exist among `names` (GetParameters, decrypted). */
async function getParameters(ssm: SSMClient, names: string[]): Promise<Map<string, string>> {
  // A provider per read: nothing cached between cold starts' retries (a failed read is read again).
  const provider = new SSMProvider({ awsSdkV3Client: ssm });
  // throwOnError false: a name that does not exist is listed under `_errors`, not thrown (the
  // caller looks for it under SST's fallback path, then names what is set nowhere).
  const found = await provider.getParametersByName<string>(
    Object.fromEntries(names.map((name) => [name, {}])),
    { decrypt: true, throwOnError: false },
  );
  return new Map(
    Object.entries(found).filter(
      (entry): entry is [string, string] => entry[0] !== "_errors" && typeof entry[1] === "string",
    ),
  );
}

/** Fills `env` with the bound secrets' values; throws DependencyUnavailable if SSM does not answer. */
export async function fetchBoundSecrets(env: Env, ssm: SSMClient): Promise<void> {
  const named = new Map<string, string>();
  for (const name of PARAMETER_SETTINGS) {
    const parameter = env[`${name}_PARAMETER`];
    if (parameter && env[name] === undefined) named.set(name, parameter);
  }
  const wanted = [
    ...BOUND_SECRETS.filter((name) => env[`SST_Secret_value_${name}`] === FETCH_FROM_SSM),
    ...named.keys(),
  ];
  const unset = () => wanted.filter((name) => env[name] === undefined);
  const pathOf = (name: string, which: "stage" | "fallback") =>
    named.get(name) ?? secretParameterPaths(name, env)[which];
  for (const which of ["stage", "fallback"] as const) {
    const names = unset().filter((name) => which === "stage" || !named.has(name));
    const paths = new Map(names.map((name) => [pathOf(name, which), name]));
    if (paths.size === 0) break;
    for (const [path, value] of await getParameters(ssm, [...paths.keys()])) {
      const name = paths.get(path);
      if (name) env[name] = value;
    }
  }
  const missing = unset();
  if (missing.length > 0) {
    throw new Error(`These secrets are not set for this stage: ${missing.join(", ")}`);
  }
}

/** The SSM client for the secrets: SSM's deadline and retry budget, its failures logged. */
export function secretsClient(
  region: string | undefined,
  /** Tests: a stand-in's endpoint and credentials. */
  local?: { endpoint: string; credentials: { accessKeyId: string; secretAccessKey: string } },
): SSMClient {
  return guardCalls(new SSMClient({ region, ...local, ...awsClientOptions("ssm") }), "ssm");
}

let loading: Promise<void> | undefined;

export function loadBoundSecrets(env: Env = process.env): Promise<void> {
  loading ??= (async () => {
    if (!env.SST_APP) return;
    await fetchBoundSecrets(env, secretsClient(env.SST_REGION ?? env.AWS_REGION));
  })().catch((error: unknown) => {
    // Not cached: the next request (or the next cold start) asks again.
    loading = undefined;
    throw error;
  });
  return loading;
}

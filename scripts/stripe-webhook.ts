// npm run stripe:webhook -- --stage <name> [--url URL] [--dry-run]: the stage's Stripe webhook
// endpoint, subscribed to exactly the event types the shop's webhook handles
// (STRIPE_WEBHOOK_EVENTS, core/src/payments/webhook-events.ts). It lists the account's endpoints
// and updates the one for the stage's webhook URL, else creates it; a new endpoint's signing
// secret is printed with the command that gives it to the stage (README "Payments with Stripe").
//
// The URL is the stage's `StripeWebhookUrl` output (the webhook's function URL, stacks/functions.ts),
// read with the AWS CLI from the stage's Events stack, or given with --url. The Stripe secret key
// is STRIPE_SECRET_KEY, else the stage's SST secret of that name (SSM, as the functions read it).
// --dry-run says what it would do and calls nothing at Stripe.
import { spawnSync } from "node:child_process";
import { STRIPE_WEBHOOK_EVENTS } from "@shop/core/payments";
import {
  deployedValueProblem,
  fetchBoundSecrets,
  secretsClient,
  stripeClientOptions,
} from "@shop/core/server/context";
import { loadStripe } from "@shop/core/server/payments";
import type Stripe from "stripe";

/** The SST app's name (sst.config.ts): stacks are `<stage>-threadline-<Stack>`. */
export const APP_NAME = "threadline";
/** The stack whose output is the webhook's URL (the function URL of functions/src/registry.ts). */
const URL_OUTPUT = { stack: "Events", output: "StripeWebhookUrl" } as const;
const USAGE = "npm run stripe:webhook -- --stage <name> [--url <webhook URL>] [--dry-run]";

export class UsageError extends Error {}

export interface Options {
  stage: string;
  url?: string;
  dryRun: boolean;
}

/** SST's stage names: a letter, then letters, digits and hyphens. */
const STAGE_NAME = /^[A-Za-z][A-Za-z0-9-]{0,63}$/;

export function parseArgs(argv: readonly string[]): Options {
  const options: Partial<Options> & { dryRun: boolean } = { dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith("--")) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === "--stage") options.stage = value();
    else if (arg === "--url") options.url = value();
    else if (arg === "--dry-run") options.dryRun = true;
    else throw new UsageError(`unknown argument ${arg}`);
  }
  const { stage } = options;
  if (!stage) throw new UsageError("name the stage (--stage)");
  if (!STAGE_NAME.test(stage)) {
    throw new UsageError(
      `--stage: "${stage}" is not a stage name (a letter, then letters, digits, -)`,
    );
  }
  if (stage === "local") {
    throw new UsageError(
      '--stage: the "local" stage takes no Stripe webhook (npm start uses the local test gateway)',
    );
  }
  return { ...options, stage };
}

const LOCAL_HOST =
  /^(localhost|.*\.localhost|127(\.\d+){3}|0\.0\.0\.0|10(\.\d+){3}|192\.168(\.\d+){2}|172\.(1[6-9]|2\d|3[01])(\.\d+){2}|169\.254(\.\d+){2}|\[.*\])$/i;

/** The webhook URL as Stripe gets it: https, a public host, no credentials, query or fragment. */
export function checkWebhookUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`the webhook URL "${value}" is not a URL`);
  }
  const problem =
    url.protocol !== "https:"
      ? "is not https"
      : LOCAL_HOST.test(url.hostname)
        ? "is not a public address (Stripe cannot reach this machine or a private network)"
        : url.username || url.password
          ? "carries credentials"
          : url.search || url.hash
            ? "carries a query or a fragment"
            : undefined;
  if (problem) throw new UsageError(`the webhook URL ${url.href} ${problem}`);
  return url.href;
}

/** What the endpoint is made of: the stage's URL and exactly the events the webhook handles. */
export function endpointParams(stage: string, url: string) {
  return {
    url,
    enabled_events: [...STRIPE_WEBHOOK_EVENTS],
    description: `Threadline, stage ${stage} (npm run stripe:webhook)`,
  };
}

/** The same address, however written (an endpoint made by hand may lack the final slash). */
function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

export type Outcome =
  | { action: "created"; id: string; secret: string }
  | { action: "updated"; id: string; before: string[] };

/**
 * Updates the account's endpoint for `url` to exactly the shop's events, or creates it. Two
 * endpoints for the same URL would deliver every event twice: refused, naming them.
 */
export async function syncWebhookEndpoint(
  stripe: Stripe,
  stage: string,
  url: string,
): Promise<Outcome> {
  const params = endpointParams(stage, url);
  const matching: Stripe.WebhookEndpoint[] = [];
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) {
    if (sameUrl(endpoint.url, url)) matching.push(endpoint);
  }
  if (matching.length > 1) {
    throw new Error(
      `${matching.length} Stripe webhook endpoints deliver to ${url} (${matching.map((e) => e.id).join(", ")}): delete all but one in Stripe's dashboard, then run this again`,
    );
  }
  const [existing] = matching;
  if (existing) {
    await stripe.webhookEndpoints.update(existing.id, {
      enabled_events: params.enabled_events,
      description: params.description,
    });
    return { action: "updated", id: existing.id, before: existing.enabled_events };
  }
  const created = await stripe.webhookEndpoints.create({
    ...params,
    // Events shaped as the SDK the webhook decodes them with expects.
    api_version: (await loadStripe()).API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
  });
  if (!created.secret) throw new Error(`Stripe created ${created.id} without a signing secret`);
  return { action: "created", id: created.id, secret: created.secret };
}

/** What the operator reads after the call. */
export function report(stage: string, url: string, outcome: Outcome): string[] {
  const events = STRIPE_WEBHOOK_EVENTS.join(", ");
  if (outcome.action === "updated") {
    const dropped = outcome.before.filter(
      (e) => !(STRIPE_WEBHOOK_EVENTS as readonly string[]).includes(e),
    );
    return [
      `Updated the Stripe webhook endpoint ${outcome.id} for ${url}: its events are now ${events}.`,
      ...(dropped.length > 0 ? [`No longer subscribed: ${dropped.join(", ")}.`] : []),
      `Its signing secret is unchanged: STRIPE_WEBHOOK_SECRET of the stage "${stage}" stays as it is.`,
    ];
  }
  return [
    `Created the Stripe webhook endpoint ${outcome.id} for ${url}, subscribed to ${events}.`,
    "Next, give the stage its signing secret (Stripe shows it only now; SST restarts the functions",
    'bound to it, so the webhook verifies with it from then on: README "Payments with Stripe"):',
    `  npx sst secrets set STRIPE_WEBHOOK_SECRET ${outcome.secret} --stage ${stage}`,
  ];
}

type Env = Record<string, string | undefined>;

/** The webhook's URL: --url, else the stage's stack output, read with the AWS CLI. */
function stageWebhookUrl(options: Options, env: Env): string {
  if (options.url) return checkWebhookUrl(options.url);
  const stackName = `${options.stage}-${APP_NAME}-${URL_OUTPUT.stack}`;
  const region = env.AWS_REGION || "eu-west-1";
  const args = [
    "cloudformation",
    "describe-stacks",
    "--region",
    region,
    "--stack-name",
    stackName,
    "--query",
    `Stacks[0].Outputs[?OutputKey=='${URL_OUTPUT.output}'].OutputValue`,
    "--output",
    "text",
  ];
  const result = spawnSync("aws", args, { encoding: "utf8", env: { ...process.env, ...env } });
  const found = result.status === 0 ? result.stdout.trim() : "";
  if (!found || found === "None") {
    throw new UsageError(
      `no ${URL_OUTPUT.output} output found on ${stackName} in ${region} (${(result.stderr || result.error?.message || "deploy the stage first").trim()}); give the URL with --url`,
    );
  }
  return checkWebhookUrl(found);
}

/** STRIPE_SECRET_KEY, else the stage's SST secret (SSM, in the stage's region). */
async function stripeSecretKey(stage: string, env: Env): Promise<string> {
  let key = env.STRIPE_SECRET_KEY;
  if (!key) {
    const sst: Env = {
      SST_APP: APP_NAME,
      SST_SSM_PREFIX: `/sst/${APP_NAME}/${stage}/`,
      SST_Secret_value_STRIPE_SECRET_KEY: "__FETCH_FROM_SSM__",
    };
    await fetchBoundSecrets(sst, secretsClient(env.AWS_REGION || "eu-west-1"));
    key = sst.STRIPE_SECRET_KEY as string;
  }
  const problem = deployedValueProblem("STRIPE_SECRET_KEY", key);
  if (problem) throw new UsageError(`STRIPE_SECRET_KEY ${problem}`);
  return key;
}

/** Tests only: Stripe's API on this machine (STRIPE_API_BASE, http://127.0.0.1:PORT). */
function localApi(env: Env): Stripe.StripeConfig {
  if (!env.STRIPE_API_BASE) return {};
  const url = new URL(env.STRIPE_API_BASE);
  if (url.protocol !== "http:" || url.hostname !== "127.0.0.1") {
    throw new UsageError(
      "STRIPE_API_BASE: only a Stripe API on this machine (http://127.0.0.1:PORT)",
    );
  }
  return { host: url.hostname, port: Number(url.port), protocol: "http" };
}

/** The command: its exit status (0 done, 1 Stripe or AWS failed, 2 a wrong argument). */
export async function run(
  argv: readonly string[],
  env: Env,
  print: (line: string) => void,
): Promise<number> {
  try {
    const options = parseArgs(argv);
    const url = stageWebhookUrl(options, env);
    if (options.dryRun) {
      print(`Dry run: nothing is sent to Stripe. For the stage "${options.stage}" it would:`);
      print(`  list the account's webhook endpoints and look for ${url};`);
      print(
        `  update it, or else create it, with exactly these events: ${STRIPE_WEBHOOK_EVENTS.join(", ")};`,
      );
      print(
        "  print the signing secret's next step if it created one (an update keeps the secret).",
      );
      return 0;
    }
    const key = await stripeSecretKey(options.stage, env);
    const StripeSdk = await loadStripe();
    const stripe = new StripeSdk(key, { ...stripeClientOptions(), ...localApi(env) });
    const outcome = await syncWebhookEndpoint(stripe, options.stage, url);
    for (const line of report(options.stage, url, outcome)) print(line);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      print(`${error.message}\nUsage: ${USAGE}`);
      return 2;
    }
    print(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await run(process.argv.slice(2), process.env, (line) => console.log(line));
}

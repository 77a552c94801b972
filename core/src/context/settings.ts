// Every setting the shop reads, in one schema: where its value comes from on AWS (a deploy
// setting the stacks copy into plain environment, an SST secret fetched from SSM at start, a
// stack's own resource, or Lambda itself), which functions read it, and what a deployed stage
// refuses. loadConfig (./config.ts) checks a deployed function's settings against it before the
// first request; stacks/ and its infrastructure test use it to prove that the templates supply
// every setting each function reads. README.md "Configuration" documents the same list.
import * as v from "valibot";

/** The shop's functions on AWS: the site's server and the Lambda functions of stacks/Events.ts. */
export const FUNCTION_ROLES = [
  "site",
  "dispatcher",
  "invoice",
  "mailer",
  "newsletterFanout",
  "stripeWebhook",
  "expireAbandonedOrders",
  "imageVariants",
  "edgePurge",
  // The deploy's data migrations and search index (core/src/migrations, stacks/migrations.ts).
  "migrations",
] as const;
export type FunctionRole = (typeof FUNCTION_ROLES)[number];

/**
 * Where a setting's value comes from on AWS:
 * - `deploy`: the operator's environment at deploy time (e.g. `DOMAIN=… npx sst deploy`),
 *   copied by the stacks into the functions' plain environment;
 * - `secret`: an SST Config secret (`npx sst secrets set NAME …`), fetched from SSM at start;
 * - `stack`: a name or URL of the stage's own resources (table, buckets, queues), or the stage;
 * - `lambda`: set by Lambda itself.
 */
export type SettingSource = "deploy" | "secret" | "stack" | "lambda";

export interface Setting {
  source: SettingSource;
  /** The functions that read it. */
  readBy: readonly FunctionRole[];
  /** Needed only when payments go through Stripe (PAYMENTS=stripe). */
  stripeOnly?: boolean;
  /** Has a safe default everywhere: a deployed stage may leave it unset. */
  optional?: boolean;
  /** What a deployed stage's value must satisfy (beyond being set). */
  deployed?: v.GenericSchema<string, string>;
}

/** The local session secret: fine on a laptop, refused on any deployed stage. */
export const LOCAL_SESSION_SECRET = "local-development-secret-change-me";
/** The local test gateway's webhook secret: public, so refused on any deployed stage. */
export const LOCAL_WEBHOOK_SECRET = "whsec_local_test_gateway";

/** The functions that work on the table (the dispatcher and the edge purge read none of it). */
const SHOP: readonly FunctionRole[] = FUNCTION_ROLES.filter(
  (role) => role !== "dispatcher" && role !== "edgePurge",
);
const PAYING: readonly FunctionRole[] = ["site", "stripeWebhook", "expireAbandonedOrders"];

const notLocal = (value: string) => {
  try {
    const host = new URL(value).hostname;
    return !["localhost", "127.0.0.1", "[::1]", "0.0.0.0"].includes(host);
  } catch {
    return false;
  }
};

/** An IANA time zone name this runtime knows ("Europe/Madrid", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return value.trim() !== "";
  } catch {
    return false;
  }
}

export const SETTINGS = {
  STAGE: { source: "stack", readBy: [...SHOP, "edgePurge"] },
  NODE_ENV: { source: "stack", readBy: [...SHOP, "edgePurge"] },
  AWS_REGION: { source: "lambda", readBy: FUNCTION_ROLES },
  // The edge purge reads the catalogue to publish its search index (docs/decisions/021-search.md).
  TABLE_NAME: { source: "stack", readBy: [...SHOP, "edgePurge"] },
  INVOICES_BUCKET: { source: "stack", readBy: ["site", "invoice", "mailer"] },
  // The migrations copy old photos onto themselves, for their variants (core/src/migrations).
  IMAGES_BUCKET: { source: "stack", readBy: ["site", "imageVariants", "migrations"] },
  IMAGES_BASE_URL: { source: "stack", readBy: ["site"] },
  SEARCH_BUCKET: { source: "stack", readBy: ["site", "edgePurge", "migrations"] },
  QUEUE_URL_MAIL: { source: "stack", readBy: ["dispatcher"] },
  QUEUE_URL_NEWSLETTER: { source: "stack", readBy: ["dispatcher"] },
  // The storefront's CloudFront distribution, which the edge purge invalidates (stacks/Web.ts).
  SITE_DISTRIBUTION_ID: { source: "stack", readBy: ["edgePurge"] },
  APP_URL: {
    source: "deploy",
    readBy: ["site", "invoice", "newsletterFanout"],
    deployed: v.pipe(
      v.string(),
      v.url("must be a URL such as https://shop.example.com"),
      v.check(notLocal, "points at this machine; set the shop's public URL (or DOMAIN)"),
    ),
  },
  MAIL_FROM: { source: "deploy", readBy: ["site", "mailer"] },
  SUPPORT_EMAIL: { source: "deploy", readBy: ["site"] },
  PAYMENTS: {
    source: "deploy",
    readBy: PAYING,
    deployed: v.pipe(
      v.string(),
      v.check((s) => s === "stripe" || s === "test", 'must be "stripe" or "test"'),
    ),
  },
  SESSION_SECRET: {
    source: "secret",
    readBy: ["site", "newsletterFanout"],
    deployed: v.pipe(
      v.string(),
      v.check((s) => s !== LOCAL_SESSION_SECRET, "is the local default"),
      v.minLength(32, "must be at least 32 characters (openssl rand -base64 48)"),
    ),
  },
  STRIPE_SECRET_KEY: {
    source: "secret",
    readBy: PAYING,
    stripeOnly: true,
    deployed: v.pipe(
      v.string(),
      v.regex(/^(sk|rk)_(live|test)_\w+$/, "is not a Stripe secret key (sk_live_…)"),
    ),
  },
  STRIPE_PUBLISHABLE_KEY: {
    source: "secret",
    readBy: ["site"],
    stripeOnly: true,
    deployed: v.pipe(
      v.string(),
      v.regex(/^pk_(live|test)_\w+$/, "is not a Stripe publishable key (pk_live_…)"),
    ),
  },
  STRIPE_WEBHOOK_SECRET: {
    source: "secret",
    readBy: PAYING,
    deployed: v.pipe(
      v.string(),
      v.check((s) => s !== LOCAL_WEBHOOK_SECRET, "is the public local default"),
      v.regex(/^whsec_\w{16,}$/, "is not a webhook signing secret (whsec_…)"),
    ),
  },
  TRUST_PROXY: { source: "stack", readBy: ["site"], optional: true },
  // The guarded origin's secret (web/server/origin-guard.ts): the values CloudFront's origin
  // header may carry. On AWS the stacks give the site ORIGIN_SECRET_PARAMETER, Parameter Store's
  // name for the stage's Secrets Manager secret, read with the SST secrets at start
  // (./sst-secrets.server.ts); a site without it refuses every request. Locally, TRUST_PROXY=1
  // needs ORIGIN_SECRET itself.
  ORIGIN_SECRET: { source: "stack", readBy: ["site"], optional: true },
  ORIGIN_SECRET_PARAMETER: { source: "stack", readBy: ["site"], optional: true },
  SIGNIN_MAX_FAILURES: { source: "deploy", readBy: ["site"], optional: true },
  SIGNIN_LOCK_MINUTES: { source: "deploy", readBy: ["site"], optional: true },
  SIGNIN_MAX_FAILURES_PER_EMAIL_PER_HOUR: { source: "deploy", readBy: ["site"], optional: true },
  SIGNUP_MAX_PER_HOUR: { source: "deploy", readBy: ["site"], optional: true },
  RESET_MAX_PER_EMAIL_PER_HOUR: { source: "deploy", readBy: ["site"], optional: true },
  RESET_MAX_PER_ADDRESS_PER_HOUR: { source: "deploy", readBy: ["site"], optional: true },
  // The return window in days after delivery (core/src/returns).
  RETURN_DAYS: { source: "deploy", readBy: ["site"], optional: true },
  // "Only N left" at or under this many units (core/src/inventory).
  LOW_STOCK_THRESHOLD: {
    source: "deploy",
    readBy: ["site", "edgePurge", "migrations"],
    optional: true,
  },
  // The shop's day for its sales figures (core/src/insights): the site shows them, the invoice
  // function counts them (and the deploy's migrations rebuild them); all must read the same zone.
  SHOP_TIME_ZONE: {
    source: "deploy",
    readBy: ["site", "invoice", "migrations"],
    optional: true,
    deployed: v.pipe(
      v.string(),
      v.check(isTimeZone, "is not an IANA time zone such as Europe/Madrid"),
    ),
  },
  // Body limits of the site's forms (web/app/lib/form.server.ts).
  FORM_MAX_BYTES: { source: "deploy", readBy: ["site"], optional: true },
  LONG_FORM_MAX_BYTES: { source: "deploy", readBy: ["site"], optional: true },
  UPLOAD_MAX_BYTES: { source: "deploy", readBy: ["site"], optional: true },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

/** A production stage holds real customers' data (and refuses the test gateway). */
export const isProductionStage = (stage: string) => ["prod", "production"].includes(stage);

/** Does this environment run a deployed stage (on AWS or rehearsing it), not a laptop? */
export const isDeployed = (env: Record<string, string | undefined>) =>
  env.NODE_ENV === "production" && (env.STAGE || "local") !== "local";

/** How payments are taken: Stripe, the local test gateway, or not configured. */
export function paymentsMode(env: Record<string, string | undefined>): "stripe" | "test" | null {
  if (env.PAYMENTS === "stripe" || env.PAYMENTS === "test") return env.PAYMENTS;
  if (env.PAYMENTS) return null;
  return env.STRIPE_SECRET_KEY ? "stripe" : null;
}

/** The settings a function reads with the stage's payment mode (Stripe's keys only with Stripe). */
export function settingsReadBy(role: FunctionRole, payments: "stripe" | "test" | null) {
  return (Object.entries(SETTINGS) as Array<[SettingName, Setting]>).filter(
    ([, s]) => s.readBy.includes(role) && (!s.stripeOnly || payments === "stripe"),
  );
}

/**
 * What a deployed stage's function would refuse to start with: one line per setting, naming it
 * and why. Empty when everything is in order.
 */
export function deployedSettingProblems(
  env: Record<string, string | undefined>,
  role: FunctionRole,
): string[] {
  const stage = env.STAGE || "local";
  const payments = paymentsMode(env);
  // A production stage can only take payments through Stripe: without a choice, name its keys.
  const required = payments ?? (isProductionStage(stage) ? "stripe" : null);
  const problems: string[] = [];
  for (const [name, setting] of settingsReadBy(role, required)) {
    if (setting.source === "lambda" || setting.optional) continue;
    const value = env[name];
    if (name === "PAYMENTS" && !value) {
      if (required === null) {
        problems.push("PAYMENTS: not set; set STRIPE_SECRET_KEY (Stripe) or PAYMENTS=test");
      }
      continue;
    }
    if (!value) {
      problems.push(`${name}: missing (${HOW_TO_SET[setting.source](name)})`);
      continue;
    }
    const problem = deployedValueProblem(name, value);
    if (problem) problems.push(`${name}: ${problem}`);
  }
  if (payments === "test" && isProductionStage(stage)) {
    problems.push(`PAYMENTS: the local test gateway is refused on the production stage "${stage}"`);
  }
  return problems;
}

/** Why a deployed stage refuses this value of the setting, or null when it is fine. */
export function deployedValueProblem(name: SettingName, value: string): string | null {
  const schema = (SETTINGS[name] as Setting).deployed;
  const checked = schema ? v.safeParse(schema, value) : undefined;
  return checked && !checked.success ? checked.issues[0].message : null;
}

const HOW_TO_SET: Record<SettingSource, (name: string) => string> = {
  deploy: (name) => `set ${name} when deploying`,
  secret: (name) => `npx sst secrets set ${name} … --stage <stage>`,
  stack: () => "the stacks set it",
  lambda: () => "Lambda sets it",
};

/** A deployed stage's settings are missing or unsafe: the message has one line per setting. */
export class SettingsError extends Error {
  constructor(
    readonly role: FunctionRole,
    readonly problems: string[],
  ) {
    super(
      `Refusing to start the ${role} on a deployed stage; fix these settings:\n${problems
        .map((p) => `  - ${p}`)
        .join("\n")}`,
    );
    this.name = "SettingsError";
  }
}

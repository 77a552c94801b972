// Every setting the shop reads, in one schema: where its value comes from on AWS (a deploy
// setting the stacks copy into plain environment, an SST secret fetched from SSM at start, a
// stack's own resource, or Lambda itself), and what a deployed stage refuses. Which settings the
// site reads is SITE_SETTINGS; which each Lambda function reads, its entry in the functions'
// registry (functions/src/registry.ts), which the stacks pass on to the function (SHOP_SETTINGS).
// loadConfig (./config.ts) checks a deployed function's settings against it before the first
// request; stacks/ and its infrastructure test use it to prove that the templates supply every
// setting each function reads. README.md "Configuration" documents the same list.
import * as v from "valibot";

/**
 * The site's own role. The Lambda functions are named, with the settings each reads, in their
 * registry (functions/src/registry.ts, which core does not import): the stacks give each function
 * its name (SHOP_FUNCTION) and the names of the settings it reads (SHOP_SETTINGS), so a deployed
 * function checks exactly those before its first request.
 */
export const SITE_ROLE = "site";
/** Which of the shop's functions a process is: the site, or a function of the registry. */
export type FunctionRole = string;

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
  STAGE: { source: "stack" },
  NODE_ENV: { source: "stack" },
  AWS_REGION: { source: "lambda" },
  TABLE_NAME: { source: "stack" },
  INVOICES_BUCKET: { source: "stack" },
  IMAGES_BUCKET: { source: "stack" },
  IMAGES_BASE_URL: { source: "stack" },
  SEARCH_BUCKET: { source: "stack" },
  // The storefront's CloudFront distribution, which the edge purge invalidates (stacks/Web.ts).
  SITE_DISTRIBUTION_ID: { source: "stack" },
  APP_URL: {
    source: "deploy",
    deployed: v.pipe(
      v.string(),
      v.url("must be a URL such as https://shop.example.com"),
      v.check(notLocal, "points at this machine; set the shop's public URL (or DOMAIN)"),
    ),
  },
  MAIL_FROM: { source: "deploy" },
  SUPPORT_EMAIL: { source: "deploy" },
  // The SES configuration sets of transactional mail and of the newsletter (stacks/Events.ts),
  // named by the mailer (docs/decisions/037-mail-reputation.md).
  MAIL_CONFIGURATION_SET: { source: "stack" },
  NEWSLETTER_CONFIGURATION_SET: { source: "stack" },
  PAYMENTS: {
    source: "deploy",
    deployed: v.pipe(
      v.string(),
      v.check((s) => s === "stripe" || s === "test", 'must be "stripe" or "test"'),
    ),
  },
  SESSION_SECRET: {
    source: "secret",
    deployed: v.pipe(
      v.string(),
      v.check((s) => s !== LOCAL_SESSION_SECRET, "is the local default"),
      v.minLength(32, "must be at least 32 characters (openssl rand -base64 48)"),
    ),
  },
  STRIPE_SECRET_KEY: {
    source: "secret",
    stripeOnly: true,
    deployed: v.pipe(
      v.string(),
      v.regex(/^(sk|rk)_(live|test)_\w+$/, "is not a Stripe secret key (sk_live_…)"),
    ),
  },
  STRIPE_PUBLISHABLE_KEY: {
    source: "secret",
    stripeOnly: true,
    deployed: v.pipe(
      v.string(),
      v.regex(/^pk_(live|test)_\w+$/, "is not a Stripe publishable key (pk_live_…)"),
    ),
  },
  STRIPE_WEBHOOK_SECRET: {
    source: "secret",
    deployed: v.pipe(
      v.string(),
      v.check((s) => s !== LOCAL_WEBHOOK_SECRET, "is the public local default"),
      v.regex(/^whsec_\w{16,}$/, "is not a webhook signing secret (whsec_…)"),
    ),
  },
  TRUST_PROXY: { source: "stack", optional: true },
  // The guarded origin's secret (web/server/origin-guard.ts): the values CloudFront's origin
  // header may carry. On AWS the stacks give the site ORIGIN_SECRET_PARAMETER, Parameter Store's
  // name for the stage's Secrets Manager secret, read with the SST secrets at start
  // (./sst-secrets.server.ts); a site without it refuses every request. Locally, TRUST_PROXY=1
  // needs ORIGIN_SECRET itself.
  ORIGIN_SECRET: { source: "stack", optional: true },
  ORIGIN_SECRET_PARAMETER: { source: "stack", optional: true },
  SIGNIN_MAX_FAILURES: { source: "deploy", optional: true },
  SIGNIN_LOCK_MINUTES: { source: "deploy", optional: true },
  SIGNIN_MAX_FAILURES_PER_EMAIL_PER_HOUR: { source: "deploy", optional: true },
  SIGNUP_MAX_PER_HOUR: { source: "deploy", optional: true },
  RESET_MAX_PER_EMAIL_PER_HOUR: { source: "deploy", optional: true },
  RESET_MAX_PER_ADDRESS_PER_HOUR: { source: "deploy", optional: true },
  // The return window in days after delivery (core/src/returns).
  RETURN_DAYS: { source: "deploy", optional: true },
  // "Only N left" at or under this many units (core/src/inventory).
  LOW_STOCK_THRESHOLD: { source: "deploy", optional: true },
  // The stage's SES sending rate (mails a second), shared by the mailers (core/src/mail/pace.ts).
  MAIL_RATE_PER_SECOND: { source: "deploy", optional: true },
  // The shop's day for its sales figures (core/src/insights): the site shows them, the order
  // reactions count them (and the deploy's migrations rebuild them); all must read the same zone.
  SHOP_TIME_ZONE: {
    source: "deploy",
    optional: true,
    deployed: v.pipe(
      v.string(),
      v.check(isTimeZone, "is not an IANA time zone such as Europe/Madrid"),
    ),
  },
  // Body limits of the site's forms (web/app/lib/form.server.ts).
  FORM_MAX_BYTES: { source: "deploy", optional: true },
  LONG_FORM_MAX_BYTES: { source: "deploy", optional: true },
  UPLOAD_MAX_BYTES: { source: "deploy", optional: true },
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

/** What the site reads (the functions' lists are in their registry, functions/src/registry.ts). */
export const SITE_SETTINGS = [
  "STAGE",
  "NODE_ENV",
  "TABLE_NAME",
  "INVOICES_BUCKET",
  "IMAGES_BUCKET",
  "IMAGES_BASE_URL",
  "SEARCH_BUCKET",
  "APP_URL",
  "MAIL_FROM",
  "SUPPORT_EMAIL",
  "PAYMENTS",
  "SESSION_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "TRUST_PROXY",
  "ORIGIN_SECRET",
  "ORIGIN_SECRET_PARAMETER",
  "SIGNIN_MAX_FAILURES",
  "SIGNIN_LOCK_MINUTES",
  "SIGNIN_MAX_FAILURES_PER_EMAIL_PER_HOUR",
  "SIGNUP_MAX_PER_HOUR",
  "RESET_MAX_PER_EMAIL_PER_HOUR",
  "RESET_MAX_PER_ADDRESS_PER_HOUR",
  "RETURN_DAYS",
  "LOW_STOCK_THRESHOLD",
  "SHOP_TIME_ZONE",
  "FORM_MAX_BYTES",
  "LONG_FORM_MAX_BYTES",
  "UPLOAD_MAX_BYTES",
] as const satisfies readonly SettingName[];

/** Settings every function reads without being given them: those Lambda sets. */
const FROM_LAMBDA = (Object.keys(SETTINGS) as SettingName[]).filter(
  (name) => SETTINGS[name].source === "lambda",
);

/**
 * `names` (a function's settings) with their schema, with the stage's payment mode: Stripe's keys
 * only with Stripe. What Lambda itself sets is read by every function.
 */
export function settingsOf(names: readonly SettingName[], payments: "stripe" | "test" | null) {
  return [...new Set([...names, ...FROM_LAMBDA])]
    .map((name) => [name, SETTINGS[name] as Setting] as [SettingName, Setting])
    .filter(([, s]) => !s.stripeOnly || payments === "stripe");
}

/** The environment variable in which the stacks give a function the names of its settings. */
export const SETTINGS_VARIABLE = "SHOP_SETTINGS";

/** The settings a process reads: the site's, or those the stacks name for a function. */
export function settingsNamed(env: Record<string, string | undefined>): {
  names: SettingName[];
  problems: string[];
} {
  const role = env.SHOP_FUNCTION || SITE_ROLE;
  if (role === SITE_ROLE) return { names: [...SITE_SETTINGS], problems: [] };
  const listed = env[SETTINGS_VARIABLE];
  if (listed === undefined) {
    return { names: [], problems: [`${SETTINGS_VARIABLE}: missing (the stacks set it)`] };
  }
  const given = listed.split(",").filter(Boolean);
  const unknown = given.filter((name) => !(name in SETTINGS));
  return {
    names: given.filter((name): name is SettingName => name in SETTINGS),
    problems: unknown.map((name) => `${SETTINGS_VARIABLE}: "${name}" is no setting of the shop`),
  };
}

/**
 * What a deployed stage's function would refuse to start with: one line per setting, naming it
 * and why. Empty when everything is in order.
 */
export function deployedSettingProblems(env: Record<string, string | undefined>): string[] {
  const stage = env.STAGE || "local";
  const payments = paymentsMode(env);
  // A production stage can only take payments through Stripe: without a choice, name its keys.
  const required = payments ?? (isProductionStage(stage) ? "stripe" : null);
  const named = settingsNamed(env);
  const problems: string[] = [...named.problems];
  for (const [name, setting] of settingsOf(named.names, required)) {
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
  // The test clock moves "now" for the promotions' dates and orders: a local shop's only.
  if (env.TEST_CLOCK_FILE) {
    problems.push("TEST_CLOCK_FILE: a test clock is refused on a deployed stage; unset it");
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

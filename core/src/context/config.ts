// Configuration of the shop, read once from the environment. Every variable has a local
// default, so `npm start` needs none; README.md lists them all (keep the two in step). Which
// settings each function reads, and what a deployed stage refuses, is ./settings.ts: a deployed
// function whose settings are missing or unsafe refuses to start (SettingsError), naming each.
import {
  deployedSettingProblems,
  type FunctionRole,
  isDeployed,
  isTimeZone,
  LOCAL_SESSION_SECRET,
  LOCAL_WEBHOOK_SECRET,
  paymentsMode,
  SettingsError,
  SITE_ROLE,
} from "./settings.ts";

export interface Config {
  stage: string;
  region: string;
  tableName: string;
  /** Endpoints of the local stand-ins; undefined on AWS (the SDK's defaults apply). */
  dynamodbEndpoint?: string;
  s3Endpoint?: string;
  sesEndpoint?: string;
  /**
   * DEPENDENCY_DEADLINES=aws: AWS's deadlines even against the local stand-ins (the fault tests);
   * otherwise stand-ins get lenient ones (core/src/context/deadlines.ts).
   */
  awsDeadlines: boolean;
  imagesBucket: string;
  invoicesBucket: string;
  /** The bucket of the catalogue's published search index (docs/decisions/021-search.md). */
  searchBucket: string;
  /** Public base URL under which product images are served (CloudFront on AWS). */
  imagesBaseUrl: string;
  /** Public URL of the shop, for links in e-mails. */
  appUrl: string;
  mailFrom: string;
  supportEmail: string;
  /**
   * The SES configuration sets mail names, by kind (MAIL_CONFIGURATION_SET,
   * NEWSLETTER_CONFIGURATION_SET: set by the stacks; none locally). Their event destinations
   * deliver bounces and complaints (docs/decisions/037-mail-reputation.md).
   */
  mailConfigurationSets: { transactional?: string; newsletter?: string };
  /** Signs cookies and unsubscribe links (throws in a deployed function that is not given it). */
  readonly sessionSecret: string;
  /** How payments are taken: Stripe, the local test gateway, or not configured (null). */
  payments: "stripe" | "test" | null;
  stripeSecretKey?: string;
  stripePublishableKey?: string;
  /** Verifies (and for the test gateway, signs) payment events; throws like sessionSecret. */
  readonly stripeWebhookSecret: string;
  /**
   * Tests only: Stripe's API on this machine (STRIPE_API_BASE, e.g. http://127.0.0.1:9000), so
   * the Stripe adapter can be exercised offline. Any other host is ignored: the secret key is
   * never sent anywhere but Stripe or localhost.
   */
  stripeApiBase?: string;
  /** A deployed stage (NODE_ENV=production, STAGE not "local"): secure cookies, strict settings. */
  production: boolean;
  /** Which of the shop's functions this process is (SHOP_FUNCTION; the site by default). */
  role: FunctionRole;
  /** A size is "low" (the product page says "Only N left") at or under this many units. */
  lowStockThreshold: number;
  /** SES's sending rate for the stage, shared by the mailers (MAIL_RATE_PER_SECOND, 14 by default). */
  mailRatePerSecond: number;
  /** The shop's time zone (IANA): its days for the sales figures (SHOP_TIME_ZONE, UTC by default). */
  timeZone: string;
  /** Days after delivery an order may be returned in (RETURN_DAYS, 30 by default). */
  returnDays: number;
  /**
   * A local shop's test clock (TEST_CLOCK_FILE): a file whose milliseconds are added to "now"
   * (./clock.server.ts). Never on a deployed stage: left out there, whatever the environment.
   */
  testClockFile?: string;
}

/** The laptop's names for the stage's own resources and its mail addresses (npm start). */
export const LOCAL_DEFAULTS = {
  TABLE_NAME: "shop",
  IMAGES_BUCKET: "shop-images",
  INVOICES_BUCKET: "shop-invoices",
  SEARCH_BUCKET: "shop-search",
  MAIL_FROM: "shop@example.com",
  SUPPORT_EMAIL: "support@example.com",
} as const;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const local = (name: string, fallback: string) => env[name] || fallback;
  const stage = local("STAGE", "local");
  const production = isDeployed(env);
  const role = functionRole(env.SHOP_FUNCTION);
  if (production) {
    const problems = deployedSettingProblems(env);
    if (problems.length > 0) throw new SettingsError(role, problems);
  }
  const s3Endpoint = env.S3_ENDPOINT || undefined;
  const imagesBucket = local("IMAGES_BUCKET", LOCAL_DEFAULTS.IMAGES_BUCKET);
  /** A secret: the local default on a laptop; on a deployed stage only what the function is given. */
  const secret = (name: string, localDefault: string) => {
    const value = env[name] || (production ? undefined : localDefault);
    return () => {
      if (value === undefined) throw new Error(`${name} is not given to the ${role} function`);
      return value;
    };
  };
  const sessionSecret = secret("SESSION_SECRET", LOCAL_SESSION_SECRET);
  const webhookSecret = secret("STRIPE_WEBHOOK_SECRET", LOCAL_WEBHOOK_SECRET);
  return {
    stage,
    region: local("AWS_REGION", "eu-west-1"),
    tableName: local("TABLE_NAME", LOCAL_DEFAULTS.TABLE_NAME),
    dynamodbEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    s3Endpoint,
    sesEndpoint: env.SES_ENDPOINT || undefined,
    awsDeadlines: env.DEPENDENCY_DEADLINES === "aws",
    imagesBucket,
    invoicesBucket: local("INVOICES_BUCKET", LOCAL_DEFAULTS.INVOICES_BUCKET),
    searchBucket: local("SEARCH_BUCKET", LOCAL_DEFAULTS.SEARCH_BUCKET),
    imagesBaseUrl: local(
      "IMAGES_BASE_URL",
      s3Endpoint ? `${s3Endpoint}/${imagesBucket}` : `https://${imagesBucket}.s3.amazonaws.com`,
    ).replace(/\/$/, ""),
    appUrl: local("APP_URL", `http://localhost:${local("PORT", "3000")}`).replace(/\/$/, ""),
    mailFrom: local("MAIL_FROM", LOCAL_DEFAULTS.MAIL_FROM),
    supportEmail: local("SUPPORT_EMAIL", LOCAL_DEFAULTS.SUPPORT_EMAIL),
    mailConfigurationSets: {
      ...(env.MAIL_CONFIGURATION_SET ? { transactional: env.MAIL_CONFIGURATION_SET } : {}),
      ...(env.NEWSLETTER_CONFIGURATION_SET ? { newsletter: env.NEWSLETTER_CONFIGURATION_SET } : {}),
    },
    get sessionSecret() {
      return sessionSecret();
    },
    payments: paymentsMode(env),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    get stripeWebhookSecret() {
      return webhookSecret();
    },
    stripeApiBase: localApiBase(env.STRIPE_API_BASE),
    production,
    role,
    lowStockThreshold: wholeNumber(env.LOW_STOCK_THRESHOLD, DEFAULT_LOW_STOCK_THRESHOLD),
    mailRatePerSecond: Math.max(1, wholeNumber(env.MAIL_RATE_PER_SECOND, DEFAULT_MAIL_RATE)),
    timeZone: timeZone(env.SHOP_TIME_ZONE),
    returnDays: Math.max(1, wholeNumber(env.RETURN_DAYS, DEFAULT_RETURN_DAYS)),
    ...(!production && env.TEST_CLOCK_FILE ? { testClockFile: env.TEST_CLOCK_FILE } : {}),
  };
}

/** The Returns page's 30 days (docs/product.md §4 "Returns and exchanges"). */
const DEFAULT_RETURN_DAYS = 30;

/** SES's default sending rate once out of the sandbox (README "Deploy to AWS"). */
const DEFAULT_MAIL_RATE = 14;

/** "Only N left" from 5 units down, unless LOW_STOCK_THRESHOLD says otherwise. */
const DEFAULT_LOW_STOCK_THRESHOLD = 5;

function wholeNumber(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return n;
}

function timeZone(value: string | undefined): string {
  if (!value?.trim()) return "UTC";
  if (!isTimeZone(value.trim())) throw new Error(`SHOP_TIME_ZONE: unknown time zone "${value}"`);
  return value.trim();
}

function functionRole(value: string | undefined): FunctionRole {
  if (!value) return SITE_ROLE;
  if (!/^[a-z][A-Za-z0-9]*$/.test(value))
    throw new Error(`SHOP_FUNCTION: not a function's name "${value}"`);
  return value;
}

function localApiBase(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    const local = url.hostname === "127.0.0.1" || url.hostname === "localhost";
    return local && url.protocol === "http:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

// Configuration of the shop, read once from the environment. Every variable has a local
// default, so `npm start` needs none; README.md lists them all (keep the two in step).
export interface Config {
  stage: string;
  region: string;
  tableName: string;
  /** Endpoints of the local stand-ins; undefined on AWS (the SDK's defaults apply). */
  dynamodbEndpoint?: string;
  s3Endpoint?: string;
  sesEndpoint?: string;
  imagesBucket: string;
  invoicesBucket: string;
  /** Public base URL under which product images are served (CloudFront on AWS). */
  imagesBaseUrl: string;
  /** Public URL of the shop, for links in e-mails. */
  appUrl: string;
  mailFrom: string;
  supportEmail: string;
  sessionSecret: string;
  stripeSecretKey?: string;
  stripePublishableKey?: string;
  stripeWebhookSecret: string;
  /**
   * Tests only: Stripe's API on this machine (STRIPE_API_BASE, e.g. http://127.0.0.1:9000), so
   * the Stripe adapter can be exercised offline. Any other host is ignored: the secret key is
   * never sent anywhere but Stripe or localhost.
   */
  stripeApiBase?: string;
  production: boolean;
}

const LOCAL_SECRET = "local-development-secret-change-me";

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const local = (name: string, fallback: string) => env[name] || fallback;
  const stage = local("STAGE", "local");
  const production = env.NODE_ENV === "production" && stage !== "local";
  const s3Endpoint = env.S3_ENDPOINT || undefined;
  const imagesBucket = local("IMAGES_BUCKET", "shop-images");
  const sessionSecret = local("SESSION_SECRET", LOCAL_SECRET);
  if (production && sessionSecret === LOCAL_SECRET) {
    throw new Error("SESSION_SECRET must be set in production stages");
  }
  return {
    stage,
    region: local("AWS_REGION", "eu-west-1"),
    tableName: local("TABLE_NAME", "shop"),
    dynamodbEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    s3Endpoint,
    sesEndpoint: env.SES_ENDPOINT || undefined,
    imagesBucket,
    invoicesBucket: local("INVOICES_BUCKET", "shop-invoices"),
    imagesBaseUrl: local(
      "IMAGES_BASE_URL",
      s3Endpoint ? `${s3Endpoint}/${imagesBucket}` : `https://${imagesBucket}.s3.amazonaws.com`,
    ).replace(/\/$/, ""),
    appUrl: local("APP_URL", `http://localhost:${local("PORT", "3000")}`).replace(/\/$/, ""),
    mailFrom: local("MAIL_FROM", "shop@example.com"),
    supportEmail: local("SUPPORT_EMAIL", "support@example.com"),
    sessionSecret,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: local("STRIPE_WEBHOOK_SECRET", "whsec_local_test_gateway"),
    stripeApiBase: localApiBase(env.STRIPE_API_BASE),
    production,
  };
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

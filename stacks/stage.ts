// Stage rules shared by the stacks: the deploy settings read from the operator's environment at
// deploy time, and which SST secrets each function is bound to. Both follow the one schema of
// settings (core/src/context/settings.ts), so a function is given exactly the secrets it reads,
// and a stage that could not run is refused here, at synthesis, rather than on first request.

import { fileURLToPath } from "node:url";
import { emailField } from "@shop/core/common";
import {
  deployedValueProblem,
  isProductionStage,
  type SettingName,
  settingsOf,
} from "@shop/core/server/context";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import type { App, Config } from "sst/constructs";
import { stageKind } from "./stage-names.ts";

export * from "./stage-names.ts";

/**
 * The Lambda runtime of every function and of the site: the latest Node.js that Lambda offers
 * (supported until April 2028; AWS's rule packs ask for the latest). Bundles target the same Node
 * version; the code still runs on Node 20 locally.
 */
export const RUNTIME = "nodejs24.x";
export const BUNDLE_TARGET = "node24";

/**
 * The module bundled in place of the AWS SDK's default credential chain: the role's credentials
 * from the environment, where Lambda puts them (functions/src/lambda/env-credentials.ts).
 */
export const ENV_CREDENTIALS = fileURLToPath(
  new URL("../functions/src/lambda/env-credentials.ts", import.meta.url),
);

/**
 * How every function is bundled (docs/decisions/022-lean-bundles.md): minified (a smaller bundle
 * parses faster on a cold start; source maps stay separate); with NODE_ENV fixed to production,
 * so that libraries that choose a build by it (React, under the e-mail templates) ship their
 * production build only; split into chunks, so that a cold start parses only what its first
 * request needs (the budgets: packages/rehearsal/src/budgets.ts); and with the SDK clients' credentials read from the environment
 * (ENV_CREDENTIALS instead of `@aws-sdk/credential-provider-node`, whose SSO, SSO-OIDC and STS
 * clients Lambda never uses).
 */
export const BUNDLE = {
  minify: true,
  // ES modules split at every dynamic import(): what only some requests use (Stripe, S3, SES,
  // the mail templates and their renderer…) is its own chunk, read when first imported.
  format: "esm" as const,
  splitting: true,
  esbuild: {
    target: BUNDLE_TARGET,
    define: { "process.env.NODE_ENV": '"production"' },
    alias: { "@aws-sdk/credential-provider-node": ENV_CREDENTIALS },
  },
};

/** Stages that hold real customers' data: retained on removal, protected from deletion. */
export const isProduction = (app: App) => isProductionStage(app.stage);

/**
 * Stages that face real shoppers, whatever they are called: the production stage, a stage on a
 * domain of its own (DOMAIN), or one that takes real payments (PAYMENTS=stripe, the default).
 * They keep access logs, WAF logs and the blocked-requests alarm, and need an alert address
 * (ALERT_EMAIL); retention on removal and the table's deletion protection stay for production only
 * (isProduction). A preview stage (stacks/stage-names.ts) never is: deploySettings refuses it a
 * domain and real payments.
 */
export const isProductionLike = (app: App, settings: Pick<DeploySettings, "domain" | "payments">) =>
  stageKind(app.stage) !== "preview" &&
  (isProduction(app) || Boolean(settings.domain) || settings.payments === "stripe");

/**
 * Settings a staging or production deploy must name (README "Deploy to AWS"): their defaults are
 * guesses about the business (the sales figures' day, where customers write), so a deploy that
 * left one out, the workflow's included, would silently reset what the operator chose.
 */
export const STABLE_STAGE_SETTINGS = ["SHOP_TIME_ZONE", "SUPPORT_EMAIL"] as const;

/**
 * Which part of a stage a deploy builds (DEPLOY_PART): the shop's stacks in the stage's region
 * (unset), or `edge`, the web firewall of CloudFront, which AWS keeps in us-east-1
 * (stacks/Firewall.ts). SST v2 deploys every stack of an app in the app's one region, so the
 * edge part is its own deploy of the same app (docs/decisions/019-web-firewall.md).
 */
export type DeployPart = "shop" | "edge";
export function deployPart(env: Record<string, string | undefined> = process.env): DeployPart {
  const part = env.DEPLOY_PART || "shop";
  if (part !== "shop" && part !== "edge") {
    throw new Error(`DEPLOY_PART: "${part}" must be "edge" or unset (the shop)`);
  }
  return part;
}

/** The oldest TLS a viewer may use on a distribution with the shop's own certificate. */
export const VIEWER_TLS = cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021;

/** CloudFront's web ACLs, their logs and their metrics live in us-east-1 only. */
export const EDGE_REGION = "us-east-1";

/** The stage's own region (AWS_REGION, eu-west-1 by default): the shop's stacks live there. */
export const shopRegion = (env: Record<string, string | undefined> = process.env) =>
  env.AWS_REGION || "eu-west-1";

/** The region of the part being deployed (sst.config.ts). */
export const deployRegion = (env: Record<string, string | undefined> = process.env) =>
  deployPart(env) === "edge" ? EDGE_REGION : shopRegion(env);

/**
 * The SSM parameter, in the shop's region, that holds the ARN of the stage's web ACL: written by
 * the edge part (stacks/Firewall.ts), read by CloudFormation when the shop's distributions are
 * deployed (a `{{resolve:ssm:…}}` dynamic reference).
 */
export const webAclParameterName = (app: Pick<App, "name" | "stage">) =>
  `/${app.name}/${app.stage}/firewall/web-acl-arn`;

/**
 * The edge part's alerts topic, in us-east-1 (stacks/Firewall.ts): the alarms on CloudFront's
 * metrics, which live there, notify it (stacks/dashboard.ts). Named, so the shop's part can name
 * it without a look-up.
 */
export const edgeAlertsTopicName = (app: Pick<App, "name" | "stage">) =>
  `${app.name}-${app.stage}-edge-alerts`;

export interface DeploySettings {
  /** Custom domain of the site and SES sending domain, if any. */
  domain?: string;
  appUrl: string;
  mailFrom: string;
  supportEmail: string;
  /** Stripe, or the local test gateway (PAYMENTS=test, never on a production stage). */
  payments: "stripe" | "test";
  /** The shop's time zone for its sales figures (SHOP_TIME_ZONE, UTC by default). */
  timeZone: string;
  /**
   * The stage's SES sending rate (MAIL_RATE_PER_SECOND, mails a second, 14 by default: SES's
   * rate after the sandbox), shared by the mailers (docs/decisions/038-newsletter-fan-out.md).
   */
  mailRatePerSecond: number;
  /**
   * The version of the origin secret CloudFront sends (ORIGIN_SECRET_VERSION, a Secrets Manager
   * version id), set when rotating it (README "Rotating the origin secret"); unset, the secret's
   * current version (CloudFormation resolves the reference again only when its text changes).
   */
  originSecretVersion?: string;
  /**
   * What the web firewall does with what its rules match (WAF_MODE): `block` (the default), or
   * `count` for a first deploy, to read in its logs what it would have blocked.
   */
  wafMode: "block" | "count";
  /**
   * The address the stage's alarms notify (ALERT_EMAIL), subscribed by e-mail to the alerts
   * topics (stacks/alarms.ts); required on a production-like stage, whose alarms must reach
   * someone. SNS mails it a confirmation first: nothing is delivered until it is confirmed.
   */
  alertEmail?: string;
  /**
   * The table a restore made (RESTORED_TABLE_STREAM_ARN, its stream's ARN: `npm run restore`
   * prints it), imported by the stacks instead of the table they would create
   * (docs/decisions/036-restore.md); unset, the stage's own table.
   */
  restoredTable?: RestoredTable;
}

export interface RestoredTable {
  tableName: string;
  streamArn: string;
}

const STREAM_ARN =
  /^arn:aws[a-z-]*:dynamodb:([a-z0-9-]+):\d{12}:table\/([A-Za-z0-9_.-]{3,255})\/stream\/[0-9T:.-]+$/;

/**
 * The restored table named by RESTORED_TABLE_STREAM_ARN, or a problem: the ARN of a table's
 * stream (DynamoDB's LatestStreamArn) in the stage's region.
 */
export function restoredTableOf(
  value: string | undefined,
  region: string,
): RestoredTable | { problem: string } | undefined {
  if (!value) return undefined;
  const match = STREAM_ARN.exec(value);
  if (!match) {
    return {
      problem: `RESTORED_TABLE_STREAM_ARN: "${value}" is not a DynamoDB table's stream ARN (arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>, as npm run restore prints it)`,
    };
  }
  if (match[1] !== region) {
    return {
      problem: `RESTORED_TABLE_STREAM_ARN: the table is in ${match[1]}, the stage in ${region}`,
    };
  }
  return { tableName: match[2] as string, streamArn: value };
}

/** Why `value` is not an e-mail address (core's one rule for them), or undefined. */
function emailProblem(value: string): string | undefined {
  const checked = emailField()["~standard"].validate(value);
  if (checked instanceof Promise) throw new Error("core's emailField is synchronous");
  return checked.issues?.[0]?.message;
}

/** The deploy settings (README "Deploy to AWS"), refused with a clear message when unusable. */
export function deploySettings(
  app: App,
  env: Record<string, string | undefined> = process.env,
): DeploySettings {
  const domain = env.DOMAIN || undefined;
  const mailFrom = env.MAIL_FROM || (domain ? `shop@${domain}` : "shop@example.com");
  const appUrl = env.APP_URL || (domain ? `https://${domain}` : "");
  const problems: string[] = [];
  const kind = stageKind(app.stage);
  if (kind === "staging" || kind === "production") {
    for (const name of STABLE_STAGE_SETTINGS) {
      if (!env[name]?.trim()) {
        problems.push(
          `${name}: required on the ${kind} stage (set it where the deploy runs: the GitHub environment "${kind}"'s variables for the Deploy workflow)`,
        );
      }
    }
  }
  if (!appUrl) {
    problems.push(
      "APP_URL: set DOMAIN (the shop's domain) or APP_URL (its public URL, for e-mails)",
    );
  } else {
    // The rule a deployed function applies at start (core/src/context/settings.ts), and https.
    if (deployedValueProblem("APP_URL", appUrl) || !appUrl.startsWith("https://")) {
      problems.push(`APP_URL: "${appUrl}" must be the shop's public https URL`);
    }
  }
  const payments = env.PAYMENTS || "stripe";
  if (payments !== "stripe" && payments !== "test") {
    problems.push(`PAYMENTS: "${payments}" must be "stripe" or "test"`);
  } else if (payments === "test" && isProduction(app)) {
    problems.push(
      `PAYMENTS: the local test gateway is refused on the production stage "${app.stage}"`,
    );
  } else if (payments !== "test" && kind === "preview") {
    problems.push(
      `PAYMENTS: the preview stage "${app.stage}" takes no real payments; set PAYMENTS=test`,
    );
  }
  if (domain && kind === "preview") {
    problems.push(
      `DOMAIN: the preview stage "${app.stage}" has no domain of its own (it is served on its CloudFront URL: set APP_URL)`,
    );
  }
  const timeZone = env.SHOP_TIME_ZONE || "UTC";
  const zoneProblem = deployedValueProblem("SHOP_TIME_ZONE", timeZone);
  if (zoneProblem) problems.push(`SHOP_TIME_ZONE: "${timeZone}" ${zoneProblem}`);
  const mailRate = env.MAIL_RATE_PER_SECOND?.trim() || "14";
  if (!/^[1-9]\d{0,5}$/.test(mailRate)) {
    problems.push(
      `MAIL_RATE_PER_SECOND: "${mailRate}" must be a whole number of mails a second, 1 or more (the stage's SES sending rate)`,
    );
  }
  const originSecretVersion = env.ORIGIN_SECRET_VERSION || undefined;
  if (originSecretVersion && !/^[A-Za-z0-9-]{32,64}$/.test(originSecretVersion)) {
    problems.push(
      `ORIGIN_SECRET_VERSION: "${originSecretVersion}" is not a Secrets Manager version id (the VersionId put-secret-value printed)`,
    );
  }
  const wafMode = env.WAF_MODE || "block";
  if (wafMode !== "block" && wafMode !== "count") {
    problems.push(`WAF_MODE: "${wafMode}" must be "block" or "count"`);
  }
  const supportEmail = env.SUPPORT_EMAIL?.trim() || undefined;
  const supportProblem = supportEmail && emailProblem(supportEmail);
  if (supportProblem) problems.push(`SUPPORT_EMAIL: "${supportEmail}": ${supportProblem}`);
  const alertEmail = env.ALERT_EMAIL?.trim() || undefined;
  if (!alertEmail) {
    if (isProductionLike(app, { domain, payments: payments as DeploySettings["payments"] })) {
      problems.push(
        `ALERT_EMAIL: required on the production-like stage "${app.stage}" (its alarms notify that address; confirm the subscription e-mail SNS sends)`,
      );
    }
  } else {
    const problem = emailProblem(alertEmail);
    if (problem) problems.push(`ALERT_EMAIL: "${alertEmail}": ${problem}`);
  }
  const restoredTable = restoredTableOf(env.RESTORED_TABLE_STREAM_ARN, shopRegion(env));
  if (restoredTable && "problem" in restoredTable) problems.push(restoredTable.problem);
  if (problems.length > 0) {
    throw new Error(`Cannot deploy the stage "${app.stage}":\n  - ${problems.join("\n  - ")}`);
  }
  return {
    domain,
    appUrl,
    mailFrom,
    supportEmail: supportEmail || mailFrom,
    payments: payments as DeploySettings["payments"],
    timeZone,
    mailRatePerSecond: Number(mailRate),
    originSecretVersion,
    wafMode: wafMode as DeploySettings["wafMode"],
    alertEmail,
    ...(restoredTable && !("problem" in restoredTable) ? { restoredTable } : {}),
  };
}

/** The SST secrets among `settings` (with this payment mode): what it is bound to, nothing more. */
export function secretsFor(
  settings: readonly SettingName[],
  secrets: Record<string, Config.Secret>,
  payments: DeploySettings["payments"],
): Config.Secret[] {
  return settingsOf(settings, payments)
    .filter(([, setting]) => setting.source === "secret")
    .map(([name]) => {
      const secret = secrets[name];
      if (!secret) throw new Error(`stacks/Secrets.ts defines no secret ${name}`);
      return secret;
    });
}

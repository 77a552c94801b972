// The Remix storefront on Lambda behind CloudFront (SST's RemixSite), answering only requests
// that came through its own distribution (the guarded origin, docs/decisions/020-guarded-origin.md),
// with the environment and
// the permissions its loaders and actions use: the table, invoices (download) and product images
// (admins upload them under products/ straight from the page, the site checks each upload and
// deletes photos taken off; CloudFront serves them), and the cache key of the pages CloudFront keeps (docs/decisions/018-edge-cache.md).
// It sends no e-mail itself: every mail, password resets included, is queued through the
// table for the mailer. What AWS's rule packs find in the
// constructs SST v2 builds for the site, and we cannot change through its props, is justified
// here (docs/decisions/006-aws-rule-packs.md).

import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { SEARCH_INDEX_KEY } from "@shop/core/catalog";
import { EXPORTS_PREFIX } from "@shop/core/insights";
import {
  CLOUDFRONT_ORIGIN_READ_TIMEOUT_SECONDS,
  SITE_FUNCTION_TIMEOUT_SECONDS,
} from "@shop/core/server/context";
import {
  ENTRIES,
  eventsOf,
  FUNCTIONS,
  type FunctionName,
  readsTheStream,
  type Trigger,
} from "@shop/functions/registry";
import { ArnFormat, Duration, RemovalPolicy, SecretValue, Stack } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import type * as s3 from "aws-cdk-lib/aws-s3";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import { RemixSite, type StackContext, use } from "sst/constructs";
import { PERSONAL_COOKIES } from "../web/app/lib/http.ts";
import { CLOUDFRONT_CROSS_ORIGIN_GUARD } from "../web/server/cross-origin.ts";
import { CLOUDFRONT_QUERY_NORMALISER } from "../web/server/edge-query.ts";
import { ORIGIN_HEADER } from "../web/server/origin-guard.ts";
import { HSTS_MAX_AGE_SECONDS, SECURITY_HEADERS } from "../web/server/security-headers.ts";
import { alarmOnAny } from "./alarms.ts";
import { monitorStage } from "./dashboard.ts";
import { Events } from "./Events.ts";
import { buildFunction, builtIn, type Wiring } from "./functions.ts";
import { VARIANTS_PREFIX } from "./image-variants.ts";
import { objectsOf, readObjects, replaceObjectsUnder, tableReadWrite } from "./permissions.ts";
import { justify, justifyCertificateRequestor, justifyFunction } from "./rule-packs.ts";
import {
  ACCESS_LOG_IS_THE_FIREWALLS,
  DEV_STAGE_KEEPS_NO_LOGS,
  justifyDistribution,
  Storage,
  webAclOf,
} from "./Storage.ts";
import { ASSET_WRITES, SITE_CONSTRUCT } from "./site-role.ts";
import { BUNDLE, isProduction, RUNTIME, VIEWER_TLS } from "./stage.ts";

/** Where product images live in the images bucket (the seed and the admin's uploads). */
export const PRODUCT_IMAGES_PREFIX = "products/";

/** The oldest TLS a viewer may use on a distribution with the shop's own certificate. */
export { VIEWER_TLS };

/**
 * CloudFront's managed origin request policy that SST gives the site's server behaviour
 * (AllViewerExceptHostHeader): every viewer header but Host, every cookie and query string, and
 * CloudFront's own headers, among them CloudFront-Viewer-Address, the only client address the
 * site trusts behind CloudFront (TRUST_PROXY=1, web/app/lib/security.server.ts).
 */
export const SERVER_ORIGIN_REQUEST_POLICY_ID = "b689b0a8-53d0-40ab-baf2-68738e2966ac";

/**
 * The site's Lambda handler: the Remix build (build/server/index.js) answered on Node's own fetch
 * classes (web/server/lambda-handler.ts, in place of SST's wrapper and its polyfill) behind the
 * guarded origin's check (web/server/origin-guard.ts), each request it lets through timed by kind
 * of page (web/server/server-time.ts), bundled by SST as its own handler would be.
 */
export const GUARDED_HANDLER = `// Written by stacks/Web.ts at synthesis: the Remix build's handler behind the guarded origin, timed.
import * as build from "./server/index.js";
import { createLambdaHandler } from "../server/lambda-handler.ts";
import { guardHandler } from "../server/origin-guard.ts";
import { timedHandler } from "../server/server-time.ts";
export const handler = guardHandler(timedHandler(createLambdaHandler(build), build));
`;

/**
 * SST's RemixSite, with two injections of the shop's in the viewer-request CloudFront Function
 * (after SST's own line that copies Host into X-Forwarded-Host): the cross-site write guard (a
 * cross-site POST is answered 403 at the edge, as web/server.ts answers it locally, instead of
 * Remix's bare 500), then the query-string normaliser of the cache key (web/server/edge-query.ts);
 * and with its server's handler replaced by the shop's, behind the guarded origin's check
 * (GUARDED_HANDLER).
 * Exported for packages/rehearsal/src/site-bundle.ts, which bundles the site's server alone.
 */
export class ShopSite extends RemixSite {
  protected override plan() {
    const plan = super.plan();
    const server = plan.cloudFrontFunctions?.serverCfFunction;
    if (!server) throw new Error("SST's RemixSite has no server CloudFront Function any more");
    server.injections.push(CLOUDFRONT_CROSS_ORIGIN_GUARD, CLOUDFRONT_QUERY_NORMALISER);
    const fn = plan.origins.regionalServer?.function;
    if (!fn?.handler.endsWith("server.handler")) {
      throw new Error(
        "SST's RemixSite has no regional server handler build/server.handler any more",
      );
    }
    const dir = dirname(fn.handler);
    writeFileSync(join(dir, "guarded-server.js"), GUARDED_HANDLER);
    fn.handler = join(dir, "guarded-server.handler");
    // Not SST's polyfill (@remix-run/node's installGlobals): the handler answers on Node's own
    // fetch classes.
    if (!fn.nodejs?.esbuild?.inject) {
      throw new Error("SST's RemixSite no longer injects its polyfill into the server's bundle");
    }
    fn.nodejs.esbuild.inject = [];
    return plan;
  }
}

/**
 * The site's server behaviour caches what the site says a shared cache may keep, for as long as
 * it says (s-maxage; nothing without it), keyed (docs/decisions/018-edge-cache.md) on:
 * - every query string, which the viewer-request function has already cut down to what the page
 *   reads, sorted (web/server/edge-query.ts);
 * - the `sid` and `toast` cookies (PERSONAL_COOKIES, web/app/lib/http.ts), so a signed-in
 *   visitor or one with a toast never shares an entry with anonymous visitors (whose requests
 *   carry neither); no other cookie, no header.
 * It replaces SST's (the same without the cookies). The origin request policy stays
 * SERVER_ORIGIN_REQUEST_POLICY_ID: every cookie still reaches the site.
 */
function serverCachePolicy(stack: StackContext["stack"]) {
  return new cloudfront.CachePolicy(stack, "SiteServerCache", {
    comment: "The shop's pages: query strings and the sid and toast cookies (stacks/Web.ts)",
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
    cookieBehavior: cloudfront.CacheCookieBehavior.allowList(...PERSONAL_COOKIES),
    headerBehavior: cloudfront.CacheHeaderBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: Duration.days(365),
  });
}

/**
 * The security headers (web/server/security-headers.ts) on every response CloudFront sends:
 * pages, data, files and errors; HSTS on production stages. The Content-Security-Policy is the
 * site's own (a page's has its nonce), so CloudFront adds none: a policy added to a 304 would
 * replace the one the browser's copy came with.
 */
function securityHeadersPolicy(stack: StackContext["stack"], production: boolean) {
  return new cloudfront.ResponseHeadersPolicy(stack, "SecurityHeaders", {
    comment: "The shop's security headers (web/server/security-headers.ts)",
    securityHeadersBehavior: {
      contentTypeOptions: { override: true },
      frameOptions: {
        frameOption: SECURITY_HEADERS["X-Frame-Options"] as cloudfront.HeadersFrameOption,
        override: true,
      },
      referrerPolicy: {
        referrerPolicy: SECURITY_HEADERS["Referrer-Policy"] as cloudfront.HeadersReferrerPolicy,
        override: true,
      },
      ...(production
        ? {
            strictTransportSecurity: {
              accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
              includeSubdomains: true,
              override: true,
            },
          }
        : {}),
    },
    customHeadersBehavior: {
      customHeaders: [
        {
          header: "Permissions-Policy",
          value: SECURITY_HEADERS["Permissions-Policy"],
          override: true,
        },
      ],
    },
  });
}

export function Web({ stack, app }: StackContext) {
  const { table, invoices, images, search, logs } = use(Storage);
  const { shopFunction, settings, alerts } = use(Events);
  const { domain } = settings;
  const { environment, bind } = shopFunction("site");
  const origin = originSecret(stack, app.name, settings.originSecretVersion);

  const site = new ShopSite(stack, SITE_CONSTRUCT, {
    path: "web",
    buildCommand: "npm run build",
    runtime: RUNTIME,
    // Above the longest budget of its work (a card charge), below CloudFront's wait for it.
    timeout: SITE_FUNCTION_TIMEOUT_SECONDS,
    nodejs: BUNDLE,
    environment: {
      ...environment,
      SEARCH_BUCKET: search.bucketName,
      TRUST_PROXY: "1",
      ORIGIN_SECRET_PARAMETER: origin.parameterName,
      // A rotation's deploy changes it, so the site's instances start afresh and read both values
      // before CloudFront sends the new one (README "Rotating the origin secret").
      ...(settings.originSecretVersion
        ? { ORIGIN_SECRET_VERSION: settings.originSecretVersion }
        : {}),
    },
    bind,
    customDomain: domain ? { domainName: domain, domainAlias: `www.${domain}` } : undefined,
    cdk: {
      responseHeadersPolicy: securityHeadersPolicy(stack, isProduction(app)),
      serverCachePolicy: serverCachePolicy(stack),
      distribution: {
        // Applies with the custom domain's certificate (the default one has a fixed policy).
        minimumProtocolVersion: VIEWER_TLS,
        // The stage's web firewall (stacks/Firewall.ts).
        webAclId: webAclOf(app),
        // No CloudFront standard logs: they would keep the tokens of the mailed links' query
        // strings; the firewall's log is the site's access log (docs/decisions/032-no-secrets-in-logs.md).
      },
      bucket: logs ? { serverAccessLogsBucket: logs, serverAccessLogsPrefix: "s3/site/" } : {},
      // Active tracing: a slow page shows which call (table, S3, Stripe) took the time.
      // SST passes these props on to the function; its type names only a few of them.
      server: { tracing: lambda.Tracing.ACTIVE } as { architecture?: lambda.Architecture },
    },
  });
  removeIdleWarmer(site);
  waitLongerThanTheSite(site);
  sendTheOriginSecret(site, origin.headerValue);
  const server = site.cdk?.function;
  if (server) {
    server.addToRolePolicy(origin.read);
    server.addToRolePolicy(origin.readThroughParameterStore);
    server.addToRolePolicy(tableReadWrite(table));
    server.addToRolePolicy(readObjects(invoices));
    // An admin's order export is written under exports/ (docs/decisions/030-exports-past-lambda-limits.md);
    // its download link is signed by the site, so the read above lets it through.
    server.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["s3:PutObject"],
        resources: [`${invoices.bucketArn}/${EXPORTS_PREFIX}*`],
      }),
    );
    // The published search index, loaded at start and checked every few seconds.
    server.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["s3:GetObject"],
        resources: [`${search.bucketArn}/${SEARCH_INDEX_KEY}`],
      }),
    );
    // The admin's photos: the site presigns each browser upload under products/ (signed with
    // this role, so S3 evaluates the upload as the role's s3:PutObject), reads its size and first
    // bytes before recording it, and deletes a refused or replaced one
    // (docs/decisions/031-direct-photo-uploads.md).
    server.addToRolePolicy(replaceObjectsUnder(images, PRODUCT_IMAGES_PREFIX));
    server.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["s3:GetObject"],
        resources: [`${images.bucketArn}/${PRODUCT_IMAGES_PREFIX}*`],
      }),
    );
    // A photo taken off a product goes with its variants (the image-variants function wrote them).
    server.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["s3:DeleteObject"],
        resources: [`${images.bucketArn}/${VARIANTS_PREFIX}*`],
      }),
    );
    // SST grants the server read and write on the site's assets bucket (grantReadWrite); the
    // server only serves what the deploy uploaded, so every write that grant allows is denied.
    // No journey uses either statement, nor SST's invalidation grant: stacks/site-role.ts.
    server.addToRolePolicy(denyWritesTo(site.cdk?.bucket));
    alarmOnAny(stack, "SiteErrorsAlarm", server.metricErrors(), alerts);
  }
  justifySite(site, { custom: Boolean(domain), logged: Boolean(logs) });
  if (domain) hardenWwwRedirect(site, logs, webAclOf(app));
  justify(
    server,
    `AwsSolutions-IAM5[${objectsOf(invoices)}]`,
    "reads any invoice PDF of the shop's own invoices bucket (one object per order, keyed by the order's id): a signed-in customer downloads the invoice of an order the loader has checked is theirs; an admin downloads an order export through a link the site signs",
  );
  justify(
    server,
    `AwsSolutions-IAM5[${objectsOf(invoices, EXPORTS_PREFIX)}]`,
    "writes an admin's order exports under exports/ of the invoices bucket only, each under a random name; a lifecycle rule removes them a day later",
  );
  justify(
    server,
    `AwsSolutions-IAM5[${objectsOf(images, PRODUCT_IMAGES_PREFIX)}]`,
    "puts (a presigned browser upload), reads (the upload's check) and deletes product photos under products/ of the images bucket only: an admin uploads and replaces a product's photos, named by the product and a random name",
  );
  justify(
    server,
    `AwsSolutions-IAM5[${objectsOf(images, VARIANTS_PREFIX)}]`,
    "deletes the variants of a photo an admin takes off a product (or of a deleted product's photos) under variants/ of the images bucket, named by the photo's random name; it writes none",
  );

  // The functions of the registry that need the site's distribution (the edge purge):
  // stacks/functions.ts, as in Events. This stack uses Events, so CloudFormation deploys it after
  // the deploy's migrations there have finished (stacks/Events.ts).
  const events = use(Events);
  const distribution = site.cdk?.distribution;
  if (!server || !distribution) throw new Error("SST's RemixSite built no server or distribution");
  const wiring: Wiring = {
    ...events.wiring,
    stack,
    values: { ...events.values, SITE_DISTRIBUTION_ID: distribution.distributionId },
    distribution,
    alarmOn: (id, metric, threshold) => {
      alarmOnAny(stack, id, metric, alerts, threshold);
    },
  };
  const here = {} as Record<FunctionName, lambda.IFunction>;
  for (const [name, entry] of ENTRIES) {
    if (builtIn(entry) !== "web") continue;
    const events = entry.trigger.kind === "stream" ? eventsOrNone(name) : undefined;
    here[name] = buildFunction(name, entry, wiring, events ? { events } : {}).fn;
  }
  const functions = { ...events.functions, ...here };

  // The stage's dashboard and the alarms on what it shows (stacks/dashboard.ts).
  monitorStage(stack, {
    app: { name: app.name, stage: app.stage },
    alerts,
    site: server,
    distribution,
    functions: { ...functions, site: server },
    streamReaders: Object.fromEntries(
      ENTRIES.filter(([, entry]) => readsTheStream(entry)).map(([name]) => [name, functions[name]]),
    ),
    table,
    queues: events.queues,
    deadLetterQueues: events.deadLetterQueues,
  });

  stack.addOutputs({
    SiteUrl: site.customDomainUrl || site.url || "",
    OriginSecretArn: origin.secret.secretArn,
    // What a restore invalidates (scripts/restore.ts).
    SiteDistributionId: distribution.distributionId,
  });
  return { site, functions: here };
}

/** A stream entry's event types, or none for any other entry (the edge purge polls a queue). */
function eventsOrNone(name: FunctionName) {
  const trigger = FUNCTIONS[name].trigger as Trigger;
  return trigger.kind === "stream" && "events" in trigger ? eventsOf(name) : undefined;
}

function denyWritesTo(bucket: s3.IBucket | undefined) {
  if (!bucket) throw new Error("SST's RemixSite built no assets bucket");
  return new iam.PolicyStatement({
    effect: iam.Effect.DENY,
    actions: ASSET_WRITES,
    resources: [bucket.arnForObjects("*")],
  });
}

/**
 * The guarded origin's secret (docs/decisions/020-guarded-origin.md): generated by Secrets Manager
 * at the stage's first deploy (so it is in no repository and no template), as
 * `{"current": "…", "previous": ""}`. CloudFront sends `current` (a dynamic reference that
 * CloudFormation resolves at deploy time: the template holds only the reference, pinned to
 * `version` when one is given); the site reads the whole secret at start through Parameter
 * Store's reference to it, with its other secrets, and accepts both values.
 */
function originSecret(stack: StackContext["stack"], app: string, version: string | undefined) {
  const secretName = `${app}/${stack.stage}/origin-secret`;
  const secret = new secretsmanager.Secret(stack, "OriginSecret", {
    secretName,
    description:
      "The header CloudFront sends to the site's function URL (current) and the one before it (previous): stacks/Web.ts",
    generateSecretString: {
      secretStringTemplate: JSON.stringify({ previous: "" }),
      generateStringKey: "current",
      excludePunctuation: true,
      passwordLength: 48,
    },
    // Nothing depends on a value once the stage is gone; a new stage makes its own.
    removalPolicy: RemovalPolicy.DESTROY,
  });
  justify(
    secret,
    "AwsSolutions-SMG4",
    'rotated by the operator in two steps (README "Rotating the origin secret"): a new value is put beside the previous one, which the site keeps accepting, then a deploy points CloudFront at it; a rotation function would have to update CloudFront\'s origin itself, outside CloudFormation',
  );
  const parameterName = `/aws/reference/secretsmanager/${secretName}`;
  return {
    secret,
    parameterName,
    headerValue: SecretValue.secretsManager(secret.secretArn, {
      jsonField: "current",
      ...(version ? { versionId: version } : {}),
    }).unsafeUnwrap(),
    read: new iam.PolicyStatement({
      actions: ["secretsmanager:GetSecretValue"],
      resources: [secret.secretArn],
    }),
    readThroughParameterStore: new iam.PolicyStatement({
      actions: ["ssm:GetParameters"],
      resources: [
        stack.formatArn({
          service: "ssm",
          resource: "parameter",
          resourceName: parameterName.slice(1),
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      ],
    }),
  };
}

/**
 * The site's origin (its function URL) gets the origin secret as a custom header: CloudFront
 * adds it to every request it sends there, over any header of that name the viewer sent.
 */
function sendTheOriginSecret(site: RemixSite, value: string) {
  const { cfn, indices } = functionUrlOrigins(site);
  if (indices.length !== 1) {
    throw new Error(`expected one function URL origin, found ${indices.length}`);
  }
  for (const index of indices) {
    cfn.addPropertyOverride(`DistributionConfig.Origins.${index}.OriginCustomHeaders`, [
      { HeaderName: ORIGIN_HEADER, HeaderValue: value },
    ]);
  }
}

/** The site's distribution, and the indices of its custom origins (the function URL's). */
function functionUrlOrigins(site: RemixSite) {
  const cfn = site.cdk?.distribution?.node.defaultChild as cloudfront.CfnDistribution | undefined;
  if (!cfn) throw new Error("SST's RemixSite has no distribution any more");
  const config = Stack.of(site).resolve(cfn.distributionConfig) as {
    Origins?: Array<{ CustomOriginConfig?: unknown }>;
    origins?: Array<{ customOriginConfig?: unknown }>;
  };
  const origins: object[] = config.Origins ?? config.origins ?? [];
  const indices = origins.flatMap((origin, index) =>
    "CustomOriginConfig" in origin || "customOriginConfig" in origin ? [index] : [],
  );
  return { cfn, indices };
}

/**
 * SST v2 always adds a warmer (a function, its 5-minute rule and a deploy-time invocation), even
 * when `warm` is unset and it has nothing to warm; the shop does not warm its server, so the idle
 * warmer is removed rather than left running every 5 minutes for nothing.
 */
function removeIdleWarmer(site: RemixSite) {
  for (const id of ["WarmerFunction", "WarmerRule", "PrewarmerPolicy", "Prewarmer"]) {
    if (!site.node.tryRemoveChild(id)) throw new Error(`SST's RemixSite has no ${id} any more`);
  }
}

/**
 * With a custom domain, SST v2 also sends www.<domain> to the domain: a certificate requested at
 * deploy time, and an S3 website bucket (no objects, one redirect rule) behind a distribution of
 * its own. That distribution gets the same TLS minimum as the site's, and like the site's no
 * CloudFront standard logs (set on its CloudFormation properties: SST's construct takes no props
 * for them; docs/decisions/032-no-secrets-in-logs.md); the rest is justified.
 */
/**
 * SST makes CloudFront wait for the site exactly as long as the site may run: a site that uses
 * all of it would be cut off by CloudFront's bare 504 instead of answering with its own page.
 * Every custom origin (the site's function URL) waits CLOUDFRONT_ORIGIN_READ_TIMEOUT_SECONDS.
 */
function waitLongerThanTheSite(site: RemixSite) {
  const { cfn, indices } = functionUrlOrigins(site);
  for (const index of indices) {
    cfn.addPropertyOverride(
      `DistributionConfig.Origins.${index}.CustomOriginConfig.OriginReadTimeout`,
      CLOUDFRONT_ORIGIN_READ_TIMEOUT_SECONDS,
    );
  }
}

function hardenWwwRedirect(site: RemixSite, logs: s3.IBucket | undefined, webAclId: string) {
  const redirect = site.node.findChild("Redirect");
  const distribution = redirect.node.findChild("RedirectDistribution");
  const cfn = distribution.node.findChild("CFDistribution") as cloudfront.CfnDistribution;
  const config = cfn.distributionConfig as cloudfront.CfnDistribution.DistributionConfigProperty;
  cfn.distributionConfig = {
    ...config,
    viewerCertificate: {
      ...(config.viewerCertificate as cloudfront.CfnDistribution.ViewerCertificateProperty),
      minimumProtocolVersion: VIEWER_TLS,
    },
    webAclId,
  };
  const bucket = redirect.node.findChild("RedirectBucket");
  if (logs) {
    (bucket.node.defaultChild as s3.CfnBucket).loggingConfiguration = {
      destinationBucketName: logs.bucketName,
      logFilePrefix: "s3/www/",
    };
  }
  justifyDistribution(distribution, logs ? ACCESS_LOG_IS_THE_FIREWALLS : false);
  const websiteOnly =
    "SST v2's www redirect: an S3 website endpoint, which speaks HTTP only and holds no object, just a rule that answers every request with a redirect to https://<domain>";
  justify(distribution, "AwsSolutions-CFR5", `reaches ${websiteOnly}`);
  justify(
    bucket,
    ["AwsSolutions-S10", "AwsSolutions-S5"],
    `is ${websiteOnly}; CloudFront reads it over HTTP and it has nothing to grant or protect`,
  );
  if (!logs) justify(bucket, "AwsSolutions-S1", DEV_STAGE_KEEPS_NO_LOGS);
  for (const certificate of [
    site.node.tryFindChild("Certificate"),
    redirect.node.tryFindChild("RedirectCertificate"),
  ]) {
    justifyCertificateRequestor(certificate);
  }
}

/** The findings on what SST v2's RemixSite builds, each with why it stays. */
function justifySite(site: RemixSite, { custom, logged }: { custom: boolean; logged: boolean }) {
  const distribution = site.cdk?.distribution as cloudfront.Distribution | undefined;
  if (!distribution) throw new Error("SST's RemixSite built no distribution");
  justifyDistribution(distribution, logged ? ACCESS_LOG_IS_THE_FIREWALLS : false);
  if (!logged) justify(site.cdk?.bucket, "AwsSolutions-S1", DEV_STAGE_KEEPS_NO_LOGS);
  if (!custom) {
    justify(
      distribution,
      "AwsSolutions-CFR4",
      "no DOMAIN is set for this stage, so viewers reach the site on its *.cloudfront.net name, whose default certificate keeps CloudFront's fixed TLSv1 policy; with DOMAIN set, the shop's certificate requires TLS 1.2 (VIEWER_TLS)",
    );
  }
  justify(
    distribution,
    "AwsSolutions-CFR7",
    "SST v2's RemixSite builds its asset origin with CDK's S3Origin, which supports only an origin access identity (its cdk.s3Origin prop takes S3OriginProps); the assets bucket blocks all public access and only that identity may read it",
  );
  const server = site.cdk?.function;
  justifyFunction(
    server,
    "serves CloudFront through its function URL (a synchronous invocation); a failed request is answered with an error page",
  );
  justify(
    server,
    [
      "AwsSolutions-IAM5[Action::s3:Abort*]",
      "AwsSolutions-IAM5[Action::s3:DeleteObject*]",
      "AwsSolutions-IAM5[Action::s3:GetBucket*]",
      "AwsSolutions-IAM5[Action::s3:GetObject*]",
      "AwsSolutions-IAM5[Action::s3:List*]",
      `AwsSolutions-IAM5[${objectsOf(site.cdk?.bucket)}]`,
    ],
    "SST v2's RemixSite grants its server function read and write on the site's own assets bucket (bucket.grantReadWrite in SsrSite), which holds only the built static assets; an explicit Deny of the role (ASSET_WRITES) takes back every write and delete of that grant, so the server may only read there",
  );
}

// The one table (its shape comes from core/src/db/table.ts, the single source of truth), the
// private invoices and search-index buckets and the product images bucket served through CloudFront (on
// images.<domain> with the shop's domain), behind the stage's web firewall (stacks/Firewall.ts).
// A production-like stage also keeps access logs (who fetched what, for after an incident) in a
// log bucket of their own; other stages keep none, so they stay cheap
// (docs/decisions/006-aws-rule-packs.md).
import { TABLE } from "@shop/core/db";
import { EXPORTS_PREFIX } from "@shop/core/insights";
import {
  CfnDynamicReference,
  CfnDynamicReferenceService,
  Duration,
  RemovalPolicy,
} from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import * as dynamodb from "aws-cdk-lib/aws-dynamodb";
import * as route53 from "aws-cdk-lib/aws-route53";
import * as targets from "aws-cdk-lib/aws-route53-targets";
import * as s3 from "aws-cdk-lib/aws-s3";
import type { IConstruct } from "constructs";
import { Bucket, type StackContext, Table } from "sst/constructs";
import { DnsValidatedCertificate } from "sst/constructs/cdk/dns-validated-certificate.js";
import { justify, justifyCertificateRequestor } from "./rule-packs.ts";
import {
  deploySettings,
  EDGE_REGION,
  isProduction,
  isProductionLike,
  VIEWER_TLS,
  webAclParameterName,
} from "./stage.ts";

/** How long an order export stays in the invoices bucket: S3's shortest expiry, a day. */
export const EXPORTS_KEPT_DAYS = 1;

/**
 * How long a replaced or deleted object's old version is kept, so that an operator can bring it
 * back: an invoice is an accounting document, kept ten years; a product photo, a month.
 */
export const OLD_VERSIONS_KEPT_DAYS = { invoices: 3650, images: 30 } as const;

/** How long access logs are kept: long enough to investigate an incident, no longer (they hold IPs). */
export const ACCESS_LOG_RETENTION_DAYS = 90;

/**
 * The stage's web ACL (stacks/Firewall.ts), as every distribution names it: CloudFormation reads
 * its ARN from the SSM parameter the edge part wrote in this region, when it deploys the stack.
 */
export const webAclOf = (app: StackContext["app"]) =>
  new CfnDynamicReference(CfnDynamicReferenceService.SSM, webAclParameterName(app)).toString();

export function Storage({ stack, app }: StackContext) {
  const production = isProduction(app);
  const settings = deploySettings(app);
  const { domain } = settings;
  const removalPolicy = production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

  const keys = [
    TABLE.partitionKey,
    TABLE.sortKey,
    ...Object.values(TABLE.indexes).flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  // After a restore (`npm run restore`, docs/decisions/036-restore.md), the table it made, with
  // the stream, TTL, recovery and protection the restore gave it: imported with its stream's ARN,
  // so that every function, stream reader and setting below names it. The stage's own table is
  // then no longer in the stack: kept on production (RETAIN), removed on the other stages.
  const restored = settings.restoredTable;
  const table = restored
    ? new Table(stack, "Table", {
        cdk: {
          table: dynamodb.Table.fromTableAttributes(stack, "RestoredTable", {
            tableName: restored.tableName,
            tableStreamArn: restored.streamArn,
            globalIndexes: Object.keys(TABLE.indexes),
          }),
        },
      })
    : new Table(stack, "Table", {
        fields: Object.fromEntries(keys.map((k) => [k, "string" as const])),
        primaryIndex: { partitionKey: TABLE.partitionKey, sortKey: TABLE.sortKey },
        globalIndexes: Object.fromEntries(
          Object.entries(TABLE.indexes).map(([name, i]) => [
            name,
            { partitionKey: i.partitionKey, sortKey: i.sortKey, projection: "all" as const },
          ]),
        ),
        timeToLiveAttribute: TABLE.ttlAttribute,
        stream: "new_image",
        cdk: {
          table: {
            // On demand (SST's default billing): pay per request, nothing while idle.
            pointInTimeRecovery: true,
            deletionProtection: production,
            removalPolicy,
          },
        },
      });

  const privateBucket = {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    removalPolicy,
    autoDeleteObjects: !production,
  };
  const logs = isProductionLike(app, settings)
    ? accessLogBucket(stack, removalPolicy, production)
    : undefined;
  /** Where a bucket or a distribution writes its access logs (production-like stages only). */
  const logTo = (prefix: string) =>
    logs ? { serverAccessLogsBucket: logs, serverAccessLogsPrefix: `s3/${prefix}/` } : {};
  // Besides the invoices, the admin's order exports (under exports/, downloaded through a link
  // that works for minutes: docs/decisions/030-exports-past-lambda-limits.md), removed a day
  // later, with any upload of one left unfinished.
  // Both keep versions: a deleted or overwritten invoice or photo can be brought back from its
  // old version for as long as OLD_VERSIONS_KEPT_DAYS says.
  const invoices = new Bucket(stack, "Invoices", {
    cdk: {
      bucket: {
        ...privateBucket,
        ...logTo("invoices"),
        versioned: true,
        lifecycleRules: [
          {
            id: "ExportsExpire",
            prefix: EXPORTS_PREFIX,
            expiration: Duration.days(EXPORTS_KEPT_DAYS),
            noncurrentVersionExpiration: Duration.days(EXPORTS_KEPT_DAYS),
            abortIncompleteMultipartUploadAfter: Duration.days(EXPORTS_KEPT_DAYS),
          },
          // An expired export leaves a delete marker with nothing under it: removed too.
          { id: "ExportsMarkers", prefix: EXPORTS_PREFIX, expiredObjectDeleteMarker: true },
          {
            id: "OldVersionsExpire",
            noncurrentVersionExpiration: Duration.days(OLD_VERSIONS_KEPT_DAYS.invoices),
          },
        ],
      },
    },
  });
  const images = new Bucket(stack, "Images", {
    cdk: {
      bucket: {
        ...privateBucket,
        ...logTo("images"),
        versioned: true,
        lifecycleRules: [
          {
            id: "OldVersionsExpire",
            noncurrentVersionExpiration: Duration.days(OLD_VERSIONS_KEPT_DAYS.images),
          },
        ],
        // The admin's product form POSTs each photo straight to the bucket from the shop's page
        // (a presigned POST: docs/decisions/031-direct-photo-uploads.md); its answer is read by
        // the page's script, so the bucket allows that one origin to POST, nothing else.
        cors: [
          {
            allowedOrigins: [new URL(settings.appUrl).origin],
            allowedMethods: [s3.HttpMethods.POST],
            allowedHeaders: ["*"],
            maxAge: 3000,
          },
        ],
      },
    },
  });
  // The catalogue's published search index (one object, rebuilt from the table after each
  // product change: docs/decisions/021-search.md).
  const search = new Bucket(stack, "Search", {
    cdk: { bucket: { ...privateBucket, ...logTo("search") } },
  });
  if (!logs) {
    for (const bucket of [invoices, images, search]) {
      justify(bucket.cdk.bucket, "AwsSolutions-S1", DEV_STAGE_KEEPS_NO_LOGS);
    }
  }
  // With the shop's domain, the photos are served from images.<domain> with a certificate of its
  // own, requested in us-east-1 for CloudFront and validated in the domain's hosted zone, the way
  // SST's RemixSite makes the site's (its DnsValidatedCertificate).
  const imagesDomain = domain ? `images.${domain}` : undefined;
  const zone = domain
    ? route53.HostedZone.fromLookup(stack, "ImagesHostedZone", { domainName: domain })
    : undefined;
  const certificate =
    imagesDomain && zone
      ? new DnsValidatedCertificate(stack, "ImagesCertificate", {
          domainName: imagesDomain,
          hostedZone: zone,
          region: EDGE_REGION,
        })
      : undefined;
  const imagesCdn = new cloudfront.Distribution(stack, "ImagesCdn", {
    defaultBehavior: {
      origin: origins.S3BucketOrigin.withOriginAccessControl(images.cdk.bucket),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: new cloudfront.CachePolicy(stack, "ImagesCache", {
        defaultTtl: Duration.days(30),
        maxTtl: Duration.days(365),
      }),
    },
    ...(logs ? { enableLogging: true, logBucket: logs, logFilePrefix: "cloudfront/images/" } : {}),
    ...(imagesDomain && certificate
      ? { domainNames: [imagesDomain], certificate, minimumProtocolVersion: VIEWER_TLS }
      : {}),
    webAclId: webAclOf(app),
  });
  if (imagesDomain && zone) {
    const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(imagesCdn));
    new route53.ARecord(stack, "ImagesAlias", { zone, recordName: imagesDomain, target });
    new route53.AaaaRecord(stack, "ImagesAliasV6", { zone, recordName: imagesDomain, target });
    justifyCertificateRequestor(certificate);
  } else {
    justify(imagesCdn, "AwsSolutions-CFR4", IMAGES_CDN_CERTIFICATE);
  }
  justifyDistribution(imagesCdn, Boolean(logs));

  const imagesBaseUrl = `https://${imagesDomain ?? imagesCdn.domainName}`;
  // The restore (scripts/restore.ts) reads the table's and the search bucket's names here.
  stack.addOutputs({
    TableName: table.tableName,
    SearchBucket: search.bucketName,
    ImagesUrl: imagesBaseUrl,
  });
  return { table, invoices, images, search, logs, imagesBaseUrl };
}

/**
 * The access-log bucket: private, SSL only, emptied of logs older than the retention. CloudFront's
 * standard logs and S3's server access logs are both written with the log-delivery ACL, so the
 * bucket keeps ACLs (object writer owns nothing: the bucket owner is preferred).
 */
function accessLogBucket(
  stack: StackContext["stack"],
  removalPolicy: RemovalPolicy,
  production: boolean,
) {
  const logs = new s3.Bucket(stack, "AccessLogs", {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
    accessControl: s3.BucketAccessControl.LOG_DELIVERY_WRITE,
    lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_RETENTION_DAYS) }],
    removalPolicy,
    // A production-like stage that is not production is removed whole, its logs with it.
    autoDeleteObjects: !production,
  });
  return logs;
}

export const DEV_STAGE_KEEPS_NO_LOGS =
  "dev stage: access logs are kept on production-like stages only (the production stage, or one with DOMAIN set or real payments: isProductionLike in stacks/stage.ts); a stage with neither takes no real order, holds no customer's data and pays for no log storage";

const IMAGES_CDN_CERTIFICATE =
  "no DOMAIN is set for this stage, so the product photos are served on the distribution's own *.cloudfront.net name, whose default certificate keeps CloudFront's fixed TLSv1 policy (a minimum protocol applies only to a custom certificate); with DOMAIN set they are served from images.<domain> with TLS 1.2 (VIEWER_TLS)";

/**
 * Why the site's and the www redirect's distributions keep no CloudFront standard logs on a
 * production-like stage: those logs always hold the query string, where the shop's mailed links
 * carry their tokens (docs/decisions/032-no-secrets-in-logs.md).
 */
export const ACCESS_LOG_IS_THE_FIREWALLS =
  "CloudFront's standard logs always record the query string (cs-uri-query), and this distribution's URLs carry password-reset, e-mail-confirmation and unsubscribe tokens there; its access log is the stage's web firewall log instead (every request, with the query string, cookie, authorization and referer redacted: stacks/Firewall.ts, docs/decisions/032-no-secrets-in-logs.md)";

/**
 * The findings every distribution of the shop answers the same way (CloudFront's rules):
 * `logged` false on a dev stage, or a reason why a production-like stage logs it otherwise.
 */
export function justifyDistribution(distribution: IConstruct, logged: boolean | string) {
  if (logged !== true) {
    justify(distribution, "AwsSolutions-CFR3", logged || DEV_STAGE_KEEPS_NO_LOGS);
  }
  justify(
    distribution,
    "AwsSolutions-CFR1",
    "the shop ships to any country (an address's country is free text, docs/product.md §3 and §5), so no viewer's country is refused at the edge",
  );
}

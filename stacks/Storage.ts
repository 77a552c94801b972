// The one table (its shape comes from core/src/db/table.ts, the single source of truth), the
// private invoices bucket and the product images bucket served through CloudFront. A production
// stage also keeps access logs (who fetched what, for after an incident) in a log bucket of their
// own; dev stages keep none, so they stay cheap (docs/decisions/006-aws-rule-packs.md).
import { TABLE } from "@shop/core/db";
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import * as s3 from "aws-cdk-lib/aws-s3";
import type { IConstruct } from "constructs";
import { Bucket, type StackContext, Table } from "sst/constructs";
import { justify } from "./rule-packs.ts";
import { isProduction } from "./stage.ts";

/** How long access logs are kept: long enough to investigate an incident, no longer (they hold IPs). */
export const ACCESS_LOG_RETENTION_DAYS = 90;

export function Storage({ stack, app }: StackContext) {
  const production = isProduction(app);
  const removalPolicy = production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

  const keys = [
    TABLE.partitionKey,
    TABLE.sortKey,
    ...Object.values(TABLE.indexes).flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  const table = new Table(stack, "Table", {
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
  const logs = production ? accessLogBucket(stack, removalPolicy) : undefined;
  /** Where a bucket or a distribution writes its access logs (production only). */
  const logTo = (prefix: string) =>
    logs ? { serverAccessLogsBucket: logs, serverAccessLogsPrefix: `s3/${prefix}/` } : {};
  const invoices = new Bucket(stack, "Invoices", {
    cdk: { bucket: { ...privateBucket, ...logTo("invoices") } },
  });
  const images = new Bucket(stack, "Images", {
    cdk: { bucket: { ...privateBucket, ...logTo("images") } },
  });
  if (!logs) {
    for (const bucket of [invoices, images]) {
      justify(bucket.cdk.bucket, "AwsSolutions-S1", DEV_STAGE_KEEPS_NO_LOGS);
    }
  }
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
  });
  justify(imagesCdn, "AwsSolutions-CFR4", IMAGES_CDN_CERTIFICATE);
  justifyDistribution(imagesCdn, Boolean(logs));

  stack.addOutputs({ TableName: table.tableName, ImagesUrl: `https://${imagesCdn.domainName}` });
  return { table, invoices, images, logs, imagesBaseUrl: `https://${imagesCdn.domainName}` };
}

/**
 * The access-log bucket: private, SSL only, emptied of logs older than the retention. CloudFront's
 * standard logs and S3's server access logs are both written with the log-delivery ACL, so the
 * bucket keeps ACLs (object writer owns nothing: the bucket owner is preferred).
 */
function accessLogBucket(stack: StackContext["stack"], removalPolicy: RemovalPolicy) {
  const logs = new s3.Bucket(stack, "AccessLogs", {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
    accessControl: s3.BucketAccessControl.LOG_DELIVERY_WRITE,
    lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_RETENTION_DAYS) }],
    removalPolicy,
  });
  return logs;
}

export const DEV_STAGE_KEEPS_NO_LOGS =
  "dev stage: access logs are kept on production stages only (isProduction in stacks/stage.ts), a dev stage holds no customer's data and pays for no log storage";

const IMAGES_CDN_CERTIFICATE =
  "serves public product photos on its own *.cloudfront.net name, whose default certificate keeps CloudFront's fixed TLSv1 policy (a minimum protocol applies only to a custom certificate); it forwards no cookies and carries nothing private";

/** The findings every distribution of the shop answers the same way (CloudFront and WAF rules). */
export function justifyDistribution(distribution: IConstruct, logged: boolean) {
  if (!logged) justify(distribution, "AwsSolutions-CFR3", DEV_STAGE_KEEPS_NO_LOGS);
  justify(
    distribution,
    "AwsSolutions-CFR1",
    "the shop ships to any country (an address's country is free text, docs/product.md §3 and §5), so no viewer's country is refused at the edge",
  );
  justify(
    distribution,
    "AwsSolutions-CFR2",
    "a CloudFront web ACL must be created in us-east-1 while a stage deploys all its stacks to one region (AWS_REGION, eu-west-1 by default); the site limits sign-in attempts itself, and a web ACL is an open item of docs/decisions/006-aws-rule-packs.md",
  );
}

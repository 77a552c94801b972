// The one table (its shape comes from core/src/db/table.ts, the single source of truth), the
// private invoices bucket and the product images bucket served through CloudFront.
import { TABLE } from "@shop/core/db";
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import * as s3 from "aws-cdk-lib/aws-s3";
import { Bucket, type StackContext, Table } from "sst/constructs";
import { isProduction } from "./stage.ts";

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
  const invoices = new Bucket(stack, "Invoices", { cdk: { bucket: privateBucket } });
  const images = new Bucket(stack, "Images", { cdk: { bucket: privateBucket } });
  const imagesCdn = new cloudfront.Distribution(stack, "ImagesCdn", {
    defaultBehavior: {
      origin: origins.S3BucketOrigin.withOriginAccessControl(images.cdk.bucket),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: new cloudfront.CachePolicy(stack, "ImagesCache", {
        defaultTtl: Duration.days(30),
        maxTtl: Duration.days(365),
      }),
    },
  });

  stack.addOutputs({ TableName: table.tableName, ImagesUrl: `https://${imagesCdn.domainName}` });
  return { table, invoices, images, imagesBaseUrl: `https://${imagesCdn.domainName}` };
}

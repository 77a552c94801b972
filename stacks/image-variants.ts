// The image-variants function (functions/src/image-variants.ts, docs/architecture.md §14): S3
// notifies it of every object created under products/ of the images bucket (an asynchronous
// invocation: two retries, then its dead-letter queue, under an alarm); it reads the upload and
// writes AVIF and WebP variants under variants/ (outside the notification's prefix, so it never
// triggers itself), then records their state on the product in the table. Nothing else.
//
// sharp is a native module: the bundle leaves it out (esbuild's external) and the function's
// node_modules get the lockfile's sharp with its prebuilt linux-x64 libvips, copied from the
// installed tree, so the function runs on x86_64. (SST's `nodejs.install` would instead run
// `npm install --force sharp@0.32.6` at synthesis: a network call, an older sharp, and binaries
// fetched by an install script.)
import { UPLOAD_CONSUMERS } from "@shop/functions/subscriptions";
import * as iam from "aws-cdk-lib/aws-iam";
import * as s3 from "aws-cdk-lib/aws-s3";
import * as notifications from "aws-cdk-lib/aws-s3-notifications";
import type * as sqs from "aws-cdk-lib/aws-sqs";
import { type Bucket, type Config, Function as Fn, type Stack, type Table } from "sst/constructs";
import { objectsOf } from "./permissions.ts";
import { justify, justifyFunction, SST_DEPLOY_TIME } from "./rule-packs.ts";
import { BUNDLE } from "./stage.ts";

/** The processing's own keys (core/src/catalog/image-variants.ts): uploads in, variants out. */
export const UPLOADS_PREFIX = UPLOAD_CONSUMERS.imageVariants.prefix;
export const VARIANTS_PREFIX = "variants/";

/** sharp and what it loads at run time, copied into the function's node_modules as installed. */
export const SHARP_MODULES = [
  "sharp",
  "@img/sharp-linux-x64",
  "@img/sharp-libvips-linux-x64",
  "@img/colour",
  "detect-libc",
  "semver",
].map((name) => `node_modules/${name}`);

/** Reads an upload under products/, nothing else of the bucket. */
export const readUploads = (bucket: Bucket) =>
  new iam.PolicyStatement({
    actions: ["s3:GetObject"],
    resources: [`${bucket.bucketArn}/${UPLOADS_PREFIX}*`],
  });
/** Writes variants under variants/ only (never under products/, which would notify it again). */
export const writeVariants = (bucket: Bucket) =>
  new iam.PolicyStatement({
    actions: ["s3:PutObject"],
    resources: [`${bucket.bucketArn}/${VARIANTS_PREFIX}*`],
  });
/**
 * Records the outcome: an item in the product's partition and the product's map of states with
 * the catalogue version (a transaction of two updates). Items of products and the version only.
 */
export const recordOutcomes = (table: Table) =>
  new iam.PolicyStatement({
    actions: ["dynamodb:PutItem", "dynamodb:UpdateItem"],
    resources: [table.tableArn],
    conditions: {
      "ForAllValues:StringLike": { "dynamodb:LeadingKeys": ["PRODUCT#*", "CATALOG"] },
    },
  });

export function imageVariantsFunction(
  stack: Stack,
  props: {
    images: Bucket;
    table: Table;
    environment: Record<string, string>;
    bind: Config.Secret[];
    deadLetters: sqs.IQueue;
  },
) {
  const consumer = UPLOAD_CONSUMERS.imageVariants;
  const fn = new Fn(stack, "ImageVariants", {
    handler: consumer.handler,
    environment: props.environment,
    bind: props.bind,
    // The copied sharp binary is linux-x64's (see the header).
    architecture: "x86_64",
    // A 4000-pixel photo to four widths in two formats: a few seconds with two vCPUs.
    memorySize: 2048,
    timeout: 120,
    nodejs: { ...BUNDLE, esbuild: { ...BUNDLE.esbuild, external: ["sharp"] } },
    copyFiles: SHARP_MODULES.map((from) => ({ from, to: from })),
    // Lambda tries a failed asynchronous invocation twice more, then moves it here.
    deadLetterQueue: props.deadLetters,
  });
  fn.addToRolePolicy(readUploads(props.images));
  fn.addToRolePolicy(writeVariants(props.images));
  fn.addToRolePolicy(recordOutcomes(props.table));

  // The bucket belongs to the Storage stack, which comes first: referenced by name here, the
  // notification is set from this stack (CDK's handler merges it with the bucket's others).
  const bucket = s3.Bucket.fromBucketAttributes(stack, "ImagesNotifying", {
    bucketArn: props.images.bucketArn,
    bucketName: props.images.bucketName,
  });
  bucket.addEventNotification(
    s3.EventType.OBJECT_CREATED,
    new notifications.LambdaDestination(fn),
    { prefix: consumer.prefix },
  );

  justifyFunction(fn);
  justify(
    fn,
    [
      `AwsSolutions-IAM5[${objectsOf(props.images, UPLOADS_PREFIX)}]`,
      `AwsSolutions-IAM5[${objectsOf(props.images, VARIANTS_PREFIX)}]`,
    ],
    "reads the admins' uploads under products/ and writes their variants under variants/ of the shop's own images bucket; each upload has a random name, known only from S3's notification",
  );
  justifyNotificationsHandler(stack);
  return fn;
}

/**
 * CDK's handler that sets the bucket's notification (its inline function, a custom resource run
 * while CloudFormation deploys): of its findings, only its managed log policy stays.
 */
function justifyNotificationsHandler(stack: Stack) {
  justify(
    stack.node.tryFindChild("BucketNotificationsHandler050a0587b7544547bf325f094a3db834"),
    "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
    `AWS's managed policy for the log group of CDK's bucket-notifications handler (logs:CreateLogGroup, CreateLogStream and PutLogEvents, nothing else); it ${SST_DEPLOY_TIME}`,
  );
}

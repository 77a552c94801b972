// S3's notification of uploads (an upload entry of functions/src/registry.ts: the image-variants
// function, docs/architecture.md §14): S3 notifies it of every object created under products/ of
// the images bucket (an asynchronous invocation: two retries, then its dead-letter queue, under an
// alarm); it reads the upload and writes AVIF and WebP variants under variants/ (outside the
// notification's prefix, so it never triggers itself), then records their state on the product in
// the table. Its function and grants are built from its entry (stacks/functions.ts).
//
// sharp is a native module: the bundle leaves it out (esbuild's external) and the function's
// node_modules get the lockfile's sharp with its prebuilt linux-x64 libvips, copied from the
// installed tree, so the function runs on x86_64. (SST's `nodejs.install` would instead run
// `npm install --force sharp@0.32.6` at synthesis: a network call, an older sharp, and binaries
// fetched by an install script.)
import * as s3 from "aws-cdk-lib/aws-s3";
import * as notifications from "aws-cdk-lib/aws-s3-notifications";
import type { Bucket, Function as Fn, Stack } from "sst/constructs";
import { justify, SST_DEPLOY_TIME } from "./rule-packs.ts";

/** Where the processing writes its variants (core/src/catalog/image-variants.ts). */
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

/** S3 notifies `fn` of every object created under `prefix` of `bucket` (an upload entry). */
export function notifyOnUpload(stack: Stack, fn: Fn, bucket: Bucket, prefix: string) {
  // The bucket belongs to the Storage stack, which comes first: referenced by name here, the
  // notification is set from this stack (CDK's handler merges it with the bucket's others).
  const notifying = s3.Bucket.fromBucketAttributes(stack, `${fn.node.id}Notifying`, {
    bucketArn: bucket.bucketArn,
    bucketName: bucket.bucketName,
  });
  notifying.addEventNotification(
    s3.EventType.OBJECT_CREATED,
    new notifications.LambdaDestination(fn),
    { prefix },
  );
  justifyNotificationsHandler(stack);
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

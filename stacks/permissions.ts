// Least-privilege statements, written out instead of CDK's broad grants (which add Scan,
// wildcard actions such as s3:GetObject*, and bucket listing the shop never does).

import { TABLE } from "@shop/core/db";
import { type CfnElement, Stack } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import type * as s3 from "aws-cdk-lib/aws-s3";
import type * as sqs from "aws-cdk-lib/aws-sqs";
import type { Bucket, Table } from "sst/constructs";

/**
 * What core's data access does: keyed reads, queries on the indexes, conditional writes,
 * transactions. The indexes are named one by one (core/src/db/table.ts), not `index/*`.
 */
export const tableReadWrite = (table: Table) =>
  new iam.PolicyStatement({
    actions: [
      "dynamodb:GetItem",
      "dynamodb:BatchGetItem",
      "dynamodb:Query",
      "dynamodb:PutItem",
      "dynamodb:UpdateItem",
      "dynamodb:DeleteItem",
      "dynamodb:BatchWriteItem",
      "dynamodb:ConditionCheckItem",
    ],
    resources: [
      table.tableArn,
      ...Object.keys(TABLE.indexes).map((name) => `${table.tableArn}/index/${name}`),
    ],
  });

export const readObjects = (bucket: Bucket) =>
  new iam.PolicyStatement({ actions: ["s3:GetObject"], resources: [`${bucket.bucketArn}/*`] });

export const writeObjects = (bucket: Bucket) =>
  new iam.PolicyStatement({ actions: ["s3:PutObject"], resources: [`${bucket.bucketArn}/*`] });

/** Put and delete objects under one key prefix (e.g. "products/") of a bucket, nowhere else. */
export const replaceObjectsUnder = (bucket: Bucket, prefix: string) =>
  new iam.PolicyStatement({
    actions: ["s3:PutObject", "s3:DeleteObject"],
    resources: [`${bucket.bucketArn}/${prefix}*`],
  });

/** Send messages (SendMessage and SendMessageBatch) to these queues, nothing else. */
export const sendMessages = (queues: sqs.IQueue[]) =>
  new iam.PolicyStatement({
    actions: ["sqs:SendMessage"],
    resources: queues.map((q) => q.queueArn),
  });

/** How AWS's rule packs name "any object of this bucket" in a finding (stacks/rule-packs.ts). */
export function objectsOf(bucket: Bucket | s3.IBucket | undefined, prefix = "") {
  const cdkBucket = bucket && "cdk" in bucket ? bucket.cdk.bucket : bucket;
  const resource = cdkBucket?.node.defaultChild as CfnElement | undefined;
  if (!resource) throw new Error("objectsOf: a bucket built in this app");
  return `Resource::<${Stack.of(resource).getLogicalId(resource)}.Arn>/${prefix}*`;
}

// Least-privilege statements, written out instead of CDK's broad grants (which add Scan,
// wildcard actions such as s3:GetObject*, and bucket listing the shop never does).

import * as iam from "aws-cdk-lib/aws-iam";
import type * as sqs from "aws-cdk-lib/aws-sqs";
import type { Bucket, Table } from "sst/constructs";

/** What core's data access does: keyed reads, queries on the indexes, conditional writes, transactions. */
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
    resources: [table.tableArn, `${table.tableArn}/index/*`],
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

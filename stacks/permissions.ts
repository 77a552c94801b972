// Least-privilege statements, written out instead of CDK's broad grants (which add Scan,
// wildcard actions such as s3:GetObject*, and bucket listing the shop never does).
import * as iam from "aws-cdk-lib/aws-iam";
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

// The AWS calls of a restore (docs/decisions/036-restore.md), one thin function per step of the
// plan (./restore.ts restorePlan), each on the client it is given: scripts/restore.ts gives them
// the stage's AWS clients; the deploy rehearsal gives the table steps DynamoDB Local's
// (packages/rehearsal), so both walk the same calls as far as the stand-ins allow.
import { type CloudFrontClient, CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  RestoreTableToPointInTimeCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";
import { TABLE } from "@shop/core/db";
import type { RestoreWindow } from "./restore.ts";

/** How long to wait for a table to become active: a restore of a large table takes hours. */
const RESTORE_WAIT_SECONDS = 12 * 3600;
const UPDATE_WAIT_SECONDS = 600;

/** The times `table` can be restored to; refused when its point-in-time recovery is off. */
export async function restoreWindow(db: DynamoDBClient, table: string): Promise<RestoreWindow> {
  const { ContinuousBackupsDescription: backups } = await db.send(
    new DescribeContinuousBackupsCommand({ TableName: table }),
  );
  const recovery = backups?.PointInTimeRecoveryDescription;
  if (
    recovery?.PointInTimeRecoveryStatus !== "ENABLED" ||
    !recovery.EarliestRestorableDateTime ||
    !recovery.LatestRestorableDateTime
  ) {
    throw new Error(`${table} has no point-in-time recovery turned on: it cannot be restored`);
  }
  return {
    earliest: recovery.EarliestRestorableDateTime,
    latest: recovery.LatestRestorableDateTime,
  };
}

/**
 * Step "restore": `table` as it was at `to`, as the new table `restored`; waits until active. A
 * restored table already there (a restore run again after a later step failed) is waited for,
 * not restored twice.
 */
export async function restoreToPointInTime(
  db: DynamoDBClient,
  table: string,
  restored: string,
  to: Date,
): Promise<"restored" | "already there"> {
  if (await exists(db, restored)) {
    await activeTable(db, restored, RESTORE_WAIT_SECONDS);
    return "already there";
  }
  await db.send(
    new RestoreTableToPointInTimeCommand({
      SourceTableName: table,
      TargetTableName: restored,
      RestoreDateTime: to,
      // On demand, like the stage's table (stacks/Storage.ts); its indexes come with it.
      BillingModeOverride: "PAY_PER_REQUEST",
    }),
  );
  await activeTable(db, restored, RESTORE_WAIT_SECONDS);
  return "restored";
}

async function exists(db: DynamoDBClient, table: string): Promise<boolean> {
  try {
    await db.send(new DescribeTableCommand({ TableName: table }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
}

async function activeTable(db: DynamoDBClient, table: string, seconds: number) {
  await waitUntilTableExists(
    { client: db, maxWaitTime: seconds, minDelay: 5, maxDelay: 60 },
    { TableName: table },
  );
}

/** Step "stream": the stream of new images its readers need; answers the stream's ARN. */
export async function turnOnStream(db: DynamoDBClient, table: string): Promise<string> {
  const { Table: before } = await db.send(new DescribeTableCommand({ TableName: table }));
  if (!before?.StreamSpecification?.StreamEnabled) {
    await db.send(
      new UpdateTableCommand({
        TableName: table,
        StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE.streamViewType },
      }),
    );
    await activeTable(db, table, UPDATE_WAIT_SECONDS);
  }
  const { Table: after } = await db.send(new DescribeTableCommand({ TableName: table }));
  const arn = after?.LatestStreamArn;
  if (!arn) throw new Error(`${table} has no stream after turning it on`);
  return arn;
}

/** Step "ttl": the table's time to live, on the attribute the shop writes (core/src/db/table.ts). */
export async function turnOnTtl(db: DynamoDBClient, table: string): Promise<void> {
  const { TimeToLiveDescription: ttl } = await db.send(
    new DescribeTimeToLiveCommand({ TableName: table }),
  );
  // Turning it on twice is refused: a restore run again finds it on.
  if (ttl?.TimeToLiveStatus === "ENABLED" || ttl?.TimeToLiveStatus === "ENABLING") return;
  await db.send(
    new UpdateTimeToLiveCommand({
      TableName: table,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  );
}

/** Step "recovery": point-in-time recovery, so that the restored table can be restored too. */
export async function turnOnRecovery(db: DynamoDBClient, table: string): Promise<void> {
  await db.send(
    new UpdateContinuousBackupsCommand({
      TableName: table,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    }),
  );
}

/** Step "protection": deletion protection, as the production stage's table has it. */
export async function turnOnProtection(db: DynamoDBClient, table: string): Promise<void> {
  await db.send(new UpdateTableCommand({ TableName: table, DeletionProtectionEnabled: true }));
  await activeTable(db, table, UPDATE_WAIT_SECONDS);
}

/** Step "edge": every cached page of the site's distribution is dropped (one path, /*). */
export async function invalidateSite(
  cloudfront: CloudFrontClient,
  distributionId: string,
  reference: string,
): Promise<string | undefined> {
  const { Invalidation } = await cloudfront.send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: { CallerReference: reference, Paths: { Quantity: 1, Items: ["/*"] } },
    }),
  );
  return Invalidation?.Id;
}

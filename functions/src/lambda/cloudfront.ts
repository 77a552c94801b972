// The edge purge on AWS: one CloudFront invalidation per batch of the catalogue's changes
// (docs/decisions/018-edge-cache.md; the dispatcher forwards them to the purge's queue, each with
// its stream sequence number: docs/decisions/042-two-stream-readers.md). The caller reference is
// derived from the batch's sequence numbers, so a batch delivered again as it was sends the same
// invalidation, which CloudFront answers with the one it already has rather
// than a second (billed) one. Locally the same code calls packages/local-cloud/src/cloudfront.ts
// (AWS_ENDPOINT_URL_CLOUDFRONT, read by the SDK itself).
import { createHash, randomUUID } from "node:crypto";
import { CloudFrontClient, CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { type ChangeRecord, pathsToPurge } from "@shop/core/edge-cache";
import { awsClientOptions, guardCalls } from "@shop/core/server/context";
import { logLine } from "./observability.ts";

/** Sends one invalidation of `paths` under `callerReference`. */
export type Invalidate = (paths: string[], callerReference: string) => Promise<void>;

/** A stream record as Lambda gives it (with its sequence number). */
export interface PurgeStreamRecord extends ChangeRecord {
  dynamodb?: ChangeRecord["dynamodb"] & { SequenceNumber?: string };
}

/** CloudFront allows 15 wildcard paths in progress: a busy moment is waited out, a little. */
const IN_PROGRESS_WAITS_MS = [2_000, 5_000, 10_000];

/** An Invalidate over CloudFront's CreateInvalidation on one distribution. */
export function cloudFrontInvalidate(
  distributionId: string,
  client?: CloudFrontClient,
  waitsMs = IN_PROGRESS_WAITS_MS,
): Invalidate {
  let cloudFront = client;
  return async (paths, callerReference) => {
    cloudFront ??= guardCalls(
      new CloudFrontClient({
        ...awsClientOptions("cloudfront", Boolean(process.env.AWS_ENDPOINT_URL_CLOUDFRONT)),
        region: "us-east-1",
      }),
      "cloudfront",
    );
    const command = new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: {
        CallerReference: callerReference,
        Paths: { Quantity: paths.length, Items: paths },
      },
    });
    for (let attempt = 0; ; attempt++) {
      try {
        await cloudFront.send(command);
        return;
      } catch (error) {
        const wait = waitsMs[attempt];
        if ((error as Error).name !== "TooManyInvalidationsInProgress" || wait === undefined) {
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };
}

/** The same reference for the same batch of records (a retry), another for any other batch. */
export function batchReference(records: readonly PurgeStreamRecord[]): string {
  const sequence = records.map((r) => r.dynamodb?.SequenceNumber ?? "");
  if (sequence.some((n) => n === "")) return randomUUID();
  return `batch-${createHash("sha256").update(sequence.join(",")).digest("hex").slice(0, 40)}`;
}

/**
 * The purge function's handler: the paths a batch makes stale (core's rule), one invalidation
 * for all of them, nothing when no cached page changed. A failure throws: every message of the
 * batch comes back (./queues.ts changesHandler), then waits in the queue's dead-letter queue.
 */
export function edgePurgeHandler(invalidate: Invalidate, lowStockThreshold: () => number) {
  return async (event: { Records: PurgeStreamRecord[] }): Promise<void> => {
    const { paths, unresolved } = pathsToPurge(event.Records, {
      lowStockThreshold: lowStockThreshold(),
    });
    if (unresolved.length > 0) {
      logLine("warn", "stock changed without a known page (left to s-maxage)", { unresolved });
    }
    if (paths.length === 0) return;
    await invalidate(paths, batchReference(event.Records));
  };
}

// The local cloud: the AWS services the shop uses, on this machine, speaking the same APIs.
// DynamoDB Local (official jar), s3rver for S3, aws-ses-v2-local for SES (its mailbox is a web
// page), a stream reader that delivers domain events like Lambda would, and a page of the metrics
// the shop emitted (./metrics.ts), as CloudWatch would show them. Used by `npm start`
// (data kept under .data/) and by the tests' global setup (own ports, data in memory/temp).

import { mkdir } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import type { _Record } from "@aws-sdk/client-dynamodb-streams";
import { createTableInput, TABLE } from "@shop/core/db";
import { isPurgeCandidate } from "@shop/core/edge-cache";
import { eventFromStreamRecord } from "@shop/core/server/events";
import sesLocal from "aws-ses-v2-local";
import type { S3Notification } from "s3rver";
import { type CloudFrontStandIn, startCloudFrontStandIn } from "./cloudfront.ts";
import { startDynamoDbLocal } from "./dynamodb.ts";
import { type MetricsStandIn, startMetricsStandIn } from "./metrics.ts";
import { browserUploadsCors, originMatcher, type PostPolicyOptions } from "./s3-post-policy.ts";
import { startLocalS3 } from "./s3-store.ts";
import { type StreamDelivery, startStreamDelivery } from "./stream-delivery.ts";
import { freePort } from "./util.ts";

export {
  type BusyAnswer,
  type BusyRule,
  type BusyTable,
  startBusyTable,
} from "./busy-table.ts";
export {
  type CapacityRecorder,
  type ItemOverlap,
  itemSize,
  type KeyUsage,
  startCapacityRecorder,
} from "./capacity.ts";
export {
  type CloudFrontStandIn,
  type RecordedInvalidation,
  startCloudFrontStandIn,
} from "./cloudfront.ts";
export { ensureDynamoDbLocal, startDynamoDbLocal } from "./dynamodb.ts";
export {
  type MailEventPlayer,
  type MailEventRecord,
  mailEventPlayer,
  playedFor,
  sesEventsFor,
} from "./mail-events.ts";
export {
  type CollectedMetric,
  type MetricsStandIn,
  type MetricsView,
  startMetricsStandIn,
} from "./metrics.ts";
export {
  restoreSnapshot,
  snapshotTable,
  type TableSnapshot,
} from "./point-in-time.ts";
export {
  browserUploadsCors,
  checkPostPolicy,
  enforcePostPolicies,
  LOCAL_UPLOAD_ORIGINS,
  originMatcher,
  type PostPolicyOptions,
  type PostRefusal,
} from "./s3-post-policy.ts";
export { type LocalS3, type LocalS3Options, startLocalS3 } from "./s3-store.ts";
export {
  type SharedCache,
  type SharedCacheOptions,
  type SharedCacheStats,
  startSharedCache,
} from "./shared-cache.ts";
export { type StallProxy, startStallProxy } from "./stall-proxy.ts";
export { type StreamDelivery, startStreamDelivery } from "./stream-delivery.ts";
export {
  type CreatedIntent,
  type CreatedRefund,
  refundAsStripe,
  startFakeStripeApi,
  type WebhookEndpoint,
} from "./stripe-api.ts";
export { freePort, listenOnLoopback, REPO_ROOT, waitFor } from "./util.ts";

export interface LocalCloudOptions {
  /** Folder for DynamoDB and S3 data; kept across restarts. */
  dataDir: string;
  /** Keep DynamoDB in memory (tests). */
  inMemory?: boolean;
  /** Ports; 0 or absent picks a free one. */
  ports?: { dynamodb?: number; s3?: number; ses?: number; metrics?: number };
  tableName?: string;
  imagesBucket?: string;
  invoicesBucket?: string;
  searchBucket?: string;
  log?: (line: string) => void;
}

export interface LocalCloud {
  /** Environment variables that point the shop's code (@shop/core's context) at this cloud. */
  env: Record<string, string>;
  mailboxUrl: string;
  /**
   * The metrics page (its `url`) and where the shop sends its metrics (`ingestUrl`, for
   * LOCAL_METRICS_URL: `npm start` sets it for the site and the functions it runs).
   */
  metrics: MetricsStandIn;
  /**
   * Starts delivering the records the stream's readers take (domain events, and the changes
   * cached pages show: products, slug claims, stock, which the dispatcher forwards to the edge
   * purge's queue) from the table's stream to `deliver`.
   */
  deliverEvents(deliver: (records: _Record[]) => Promise<void>): Promise<StreamDelivery>;
  /** CloudFront's invalidation API (the edge purge's target). */
  cloudFront: CloudFrontStandIn;
  /**
   * Hands S3's notification of each object created in the images bucket to `deliver`, after the
   * upload is stored, as S3 invokes a function on AWS: asynchronously, one at a time, a failure
   * tried twice more (Lambda's retries of an asynchronous invocation), then logged.
   */
  deliverUploads(deliver: (event: S3Notification) => Promise<void>): void;
  stop(): Promise<void>;
}

const REGION = "eu-west-1";
/** The local storefront's distribution, as the edge purge names it. */
export const LOCAL_DISTRIBUTION_ID = "ELOCALSITE";
// aws-ses-v2-local is CommonJS with `exports.default`; under ESM the function is one level down.
const startSes = (sesLocal as unknown as { default?: typeof sesLocal }).default ?? sesLocal;
// s3rver accepts only its own fixed key pair; DynamoDB Local and the local SES accept any.
export const LOCAL_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * Browser uploads to the local S3: signed with s3rver's own pair (core signs with it whenever
 * S3_ENDPOINT is set), from the local site's pages. The deploy rehearsal's S3 stand-in uses them
 * too.
 */
export const localPostPolicyOptions: PostPolicyOptions = {
  secretOf: (accessKeyId) =>
    accessKeyId === LOCAL_CREDENTIALS.accessKeyId ? LOCAL_CREDENTIALS.secretAccessKey : undefined,
  allowsOrigin: originMatcher(),
};

export async function startLocalCloud(opts: LocalCloudOptions): Promise<LocalCloud> {
  const log = opts.log ?? (() => {});
  const tableName = opts.tableName ?? "shop";
  const imagesBucket = opts.imagesBucket ?? "shop-images";
  const invoicesBucket = opts.invoicesBucket ?? "shop-invoices";
  const searchBucket = opts.searchBucket ?? "shop-search";
  const port = async (p?: number) => (p ? p : await freePort());
  const [dynamoPort, sesPort] = await Promise.all([
    port(opts.ports?.dynamodb),
    port(opts.ports?.ses),
  ]);
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {});
    stops.length = 0;
  };

  try {
    await mkdir(opts.dataDir, { recursive: true });
    const dynamo = await startDynamoDbLocal({
      port: dynamoPort,
      dbPath: opts.inMemory ? undefined : join(opts.dataDir, "dynamodb"),
      workDir: opts.dataDir,
      log,
    });
    stops.push(() => dynamo.stop());
    await ensureTable(dynamo.endpoint, tableName);

    const s3 = await startLocalS3({
      port: opts.ports?.s3 ?? 0,
      directory: join(opts.dataDir, "s3"),
      buckets: [
        // The admin's product form POSTs photos straight to the images bucket from the page.
        { name: imagesBucket, configs: [browserUploadsCors()] },
        invoicesBucket,
        searchBucket,
      ],
      postPolicies: localPostPolicyOptions,
    });
    stops.push(() => s3.close());
    let uploads: Promise<void> = Promise.resolve();
    let deliverUpload: ((event: S3Notification) => Promise<void>) | undefined;
    s3.server.on("event", (event) => {
      const created = event.Records.filter(
        (r) => r.s3.bucket.name === imagesBucket && r.eventName.startsWith("ObjectCreated:"),
      );
      const deliver = deliverUpload;
      if (!deliver || created.length === 0) return;
      uploads = uploads.then(() => deliverWithRetries(() => deliver({ Records: created }), log));
    });
    stops.push(() => uploads);

    const ses: Server = await startSes({ host: "127.0.0.1", port: sesPort });
    stops.push(() =>
      new Promise<void>((resolve) => ses.close(() => resolve())).then(() => undefined),
    );

    const cloudFront = await startCloudFrontStandIn();
    stops.push(() => cloudFront.stop());

    const metrics = await startMetricsStandIn(opts.ports?.metrics ?? 0);
    stops.push(() => metrics.stop());

    const s3Endpoint = s3.endpoint;
    const env = {
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3Endpoint,
      SES_ENDPOINT: `http://127.0.0.1:${sesPort}`,
      IMAGES_BUCKET: imagesBucket,
      INVOICES_BUCKET: invoicesBucket,
      SEARCH_BUCKET: searchBucket,
      IMAGES_BASE_URL: `${s3Endpoint}/${imagesBucket}`,
      // Read by the AWS SDK itself (its service-specific endpoint variable).
      AWS_ENDPOINT_URL_CLOUDFRONT: cloudFront.endpoint,
      SITE_DISTRIBUTION_ID: LOCAL_DISTRIBUTION_ID,
    };

    return {
      env,
      mailboxUrl: `http://127.0.0.1:${sesPort}`,
      metrics,
      async deliverEvents(deliver) {
        const delivery = await startStreamDelivery({
          endpoint: dynamo.endpoint,
          region: REGION,
          tableName,
          checkpointFile: join(opts.dataDir, "stream-checkpoint.json"),
          deadLetterFile: join(opts.dataDir, "dead-letters.jsonl"),
          filter: (record) =>
            eventFromStreamRecord(record as never) !== null || isPurgeCandidate(record as never),
          deliver,
          log,
        });
        stops.push(() => delivery.stop());
        return delivery;
      },
      cloudFront,
      deliverUploads(deliver) {
        deliverUpload = deliver;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Lambda tries an asynchronous invocation three times in all; locally a second apart. */
const UPLOAD_ATTEMPTS = 3;
async function deliverWithRetries(deliver: () => Promise<void>, log: (line: string) => void) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deliver();
    } catch (error) {
      if (attempt >= UPLOAD_ATTEMPTS) {
        log(`An upload's processing failed ${UPLOAD_ATTEMPTS} times: ${String(error)}`);
        console.error(error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

/** Creates the table (keys, indexes, stream) and turns on TTL, unless it exists. */
export async function ensureTable(endpoint: string, tableName: string) {
  const client = new DynamoDBClient({ endpoint, region: REGION, credentials: LOCAL_CREDENTIALS });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}

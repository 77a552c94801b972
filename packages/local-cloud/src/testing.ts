// For integration tests: a Context on a table of its own (created fresh in the test run's local
// cloud, so test files never see each other's data), with a counter of table round trips.
import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { isPurgeCandidate } from "@shop/core/edge-cache";
import { type Context, createContext, loadConfig } from "@shop/core/server/context";
import { type DomainEvent, eventFromStreamRecord } from "@shop/core/server/events";
import { inject } from "vitest";
import { type CloudFrontStandIn, startCloudFrontStandIn } from "./cloudfront.ts";
import { ensureTable } from "./index.ts";
import {
  type StreamDelivery,
  type StreamDeliveryOptions,
  startStreamDelivery,
} from "./stream-delivery.ts";

export interface TestContext {
  ctx: Context;
  env: Record<string, string>;
  /** Number of DynamoDB requests sent through ctx.db since the last reset. */
  tableCalls(): number;
  resetTableCalls(): void;
}

export async function createTestContext(): Promise<TestContext> {
  const { env: cloudEnv } = inject("cloud");
  const run = randomUUID().slice(0, 8);
  const tableName = `t-${run}`;
  // A search bucket of its own too: a published search index names its table's catalogue version.
  const searchBucket = `search-${run}`;
  const env: Record<string, string> = {
    ...cloudEnv,
    TABLE_NAME: tableName,
    SEARCH_BUCKET: searchBucket,
    PAYMENTS: "test",
  };
  const dynamodbEndpoint = env.DYNAMODB_ENDPOINT;
  if (!dynamodbEndpoint) throw new Error("the integration global setup did not start a cloud");
  await ensureTable(dynamodbEndpoint, tableName);
  const ctx = createContext(loadConfig(env));
  await (await ctx.s3()).send(new CreateBucketCommand({ Bucket: searchBucket }));
  let calls = 0;
  ctx.db.middlewareStack.add(
    (next) => async (args) => {
      calls++;
      return next(args);
    },
    { step: "initialize", name: "countTableCalls" },
  );
  return {
    ctx,
    env,
    tableCalls: () => calls,
    resetTableCalls: () => {
      calls = 0;
    },
  };
}

/**
 * The names of the table commands sent through the test's ctx.db from now on, as the client
 * names them (QueryCommand, GetItemCommand, ScanCommand…).
 */
export function recordCommands(test: TestContext): string[] {
  const names: string[] = [];
  test.ctx.db.middlewareStack.add(
    (next, context) => async (args) => {
      names.push(String(context.commandName));
      return next(args);
    },
    { step: "initialize", name: `recordCommands${randomUUID()}` },
  );
  return names;
}

/** An e-mail queued through the table (a `mail.requested` event's payload). */
export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The e-mails queued in the test's table (the mail queue's `mail.requested` events), oldest first. */
export async function queuedMails(ctx: Context): Promise<QueuedMail[]> {
  const { Items = [] } = await ctx.db.send(
    new ScanCommand({
      TableName: ctx.tableName,
      FilterExpression: "entity = :event AND #type = :mail",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":event": "event", ":mail": "mail.requested" },
      ConsistentRead: true,
    }),
  );
  return Items.sort((a, b) => String(a.occurredAt).localeCompare(String(b.occurredAt))).map(
    (item) => item.payload as QueuedMail,
  );
}

/**
 * Delivers the domain events written to the test's table to core's reactions, as the local
 * cloud does for `npm start` (and Lambda on AWS). `drain()` waits until everything written so
 * far, and everything those reactions wrote in turn, has been handled.
 */
export async function deliverEventsTo(
  test: TestContext,
  handle: (event: DomainEvent) => Promise<void>,
  /**
   * A batch that throws is tried again this many times in all (as a queue redelivers); 1 by
   * default. `dir`: where the position is checkpointed, for a delivery restarted where another
   * stopped (as a process restarted); a folder of its own by default.
   */
  retries: { maxAttempts?: number; retryDelayMs?: number; dir?: string } = {},
): Promise<StreamDelivery> {
  return deliverTableStream(test, {
    ...retries,
    filter: (record) => eventFromStreamRecord(record as never) !== null,
    deliver: async (records) => {
      for (const record of records)
        await handle(eventFromStreamRecord(record as never) as DomainEvent);
    },
  });
}

/**
 * The test's table stream handed in batches to `deliver` as the local cloud's event source
 * mapping hands it (the records `filter` keeps, polled every 50 ms), with its checkpoint and
 * dead letters in a temporary folder of its own unless `dir` names one. Tried once by default.
 */
export async function deliverTableStream(
  test: TestContext,
  opts: Pick<StreamDeliveryOptions, "filter" | "deliver" | "maxAttempts" | "retryDelayMs"> & {
    dir?: string;
  },
): Promise<StreamDelivery> {
  const dir = opts.dir ?? (await mkdtemp(join(tmpdir(), "stream-")));
  return startStreamDelivery({
    endpoint: test.env.DYNAMODB_ENDPOINT as string,
    tableName: test.ctx.tableName,
    checkpointFile: join(dir, "checkpoint.json"),
    deadLetterFile: join(dir, "dead-letters.jsonl"),
    filter: opts.filter,
    deliver: opts.deliver,
    pollMs: 50,
    maxAttempts: opts.maxAttempts ?? 1,
    ...(opts.retryDelayMs ? { retryDelayMs: opts.retryDelayMs } : {}),
  });
}

/**
 * The catalogue's change reader (functions/src/edge-purge.ts) on the test's table, as the local
 * cloud runs it for `npm start`: the table's stream filtered as its event source mapping filters
 * it, handed to the handler file, which reads its settings from the environment as on Lambda
 * (the test's, with a CloudFront stand-in that records its invalidations). `stop()` ends both.
 */
export async function startChangeReader(test: TestContext): Promise<{
  cloudFront: CloudFrontStandIn;
  delivery: StreamDelivery;
  stop(): Promise<void>;
}> {
  const cloudFront = await startCloudFrontStandIn();
  Object.assign(process.env, test.env, {
    AWS_ENDPOINT_URL_CLOUDFRONT: cloudFront.endpoint,
    SITE_DISTRIBUTION_ID: "ETESTSITE",
  });
  // The stream → the dispatcher's forwarding of the catalogue's changes → the edge purge's
  // queue, here its handler called at once (docs/decisions/042-two-stream-readers.md).
  const { localChangeHandlers } = await import("./functions.ts");
  const purge = await localChangeHandlers();
  const delivery = await deliverTableStream(test, {
    filter: (record) => isPurgeCandidate(record as never),
    deliver: (records) => purge({ Records: records as never }),
  });
  return {
    cloudFront,
    delivery,
    async stop() {
      await delivery.stop();
      await cloudFront.stop();
    },
  };
}

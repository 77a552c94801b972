// Local stand-in for Lambda's DynamoDB stream event source mapping: reads the table's stream,
// keeps only the records the filter lets through, and hands them in order to `deliver`.
// The position in each shard is checkpointed to a file after each successful batch, so a
// restarted process resumes where it stopped: an event is delivered once, also across restarts
// (at least once if the process dies mid-batch, as on AWS; handlers are idempotent).

import { existsSync } from "node:fs";
import { appendFile, readFile, rename, writeFile } from "node:fs/promises";
import { DescribeTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from "@aws-sdk/client-dynamodb-streams";

export interface StreamDeliveryOptions {
  endpoint: string;
  region?: string;
  tableName: string;
  /** JSON file holding the position per shard; created if missing. */
  checkpointFile: string;
  /** Where records that kept failing are written (one JSON line each), like a DLQ. */
  deadLetterFile: string;
  /** Instead of the file: what to do with a batch that kept failing (e.g. send it to an SQS DLQ). */
  onFailure?: (records: _Record[], error: unknown) => Promise<void>;
  /** Keep a record? (the same filter as the AWS event source mapping) */
  filter: (record: _Record) => boolean;
  /** Called with each batch of kept records, in stream order. Throw to retry the batch. */
  deliver: (records: _Record[]) => Promise<void>;
  pollMs?: number;
  maxAttempts?: number;
  /** First retry delay (doubles each attempt); 200 ms by default. */
  retryDelayMs?: number;
  log?: (line: string) => void;
}

interface Checkpoints {
  streamArn?: string;
  /** shard id → last delivered sequence number, or "closed" when the shard is finished */
  shards: Record<string, string>;
}

export interface StreamDelivery {
  /** Resolves when every record written before the call has been delivered. */
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startStreamDelivery(opts: StreamDeliveryOptions): Promise<StreamDelivery> {
  const region = opts.region ?? "eu-west-1";
  const dynamo = new DynamoDBClient({ endpoint: opts.endpoint, region, credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: opts.endpoint, region, credentials });
  const log = opts.log ?? (() => {});
  const pollMs = opts.pollMs ?? 200;
  const maxAttempts = opts.maxAttempts ?? 3;

  const table = await dynamo.send(new DescribeTableCommand({ TableName: opts.tableName }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${opts.tableName} has no stream`);

  let checkpoints: Checkpoints = { streamArn, shards: {} };
  if (existsSync(opts.checkpointFile)) {
    const saved = JSON.parse(await readFile(opts.checkpointFile, "utf8")) as Checkpoints;
    // A re-created table has a new stream: old positions mean nothing there.
    if (saved.streamArn === streamArn) checkpoints = saved;
  }
  const saveCheckpoints = async () => {
    const tmp = `${opts.checkpointFile}.tmp`;
    await writeFile(tmp, JSON.stringify(checkpoints));
    await rename(tmp, opts.checkpointFile);
  };

  const iterators = new Map<string, string>();
  let stopped = false;
  // drain() support: passes are numbered; an idle pass started after the call means caught up.
  let passNo = 0;
  let lastIdlePass = 0;

  async function openIterator(shardId: string): Promise<string | undefined> {
    const after = checkpoints.shards[shardId];
    const res = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ...(after
          ? { ShardIteratorType: "AFTER_SEQUENCE_NUMBER", SequenceNumber: after }
          : { ShardIteratorType: "TRIM_HORIZON" }),
      }),
    );
    return res.ShardIterator;
  }

  async function deliverWithRetry(records: _Record[]) {
    for (let attempt = 1; ; attempt++) {
      try {
        await opts.deliver(records);
        return;
      } catch (error) {
        if (attempt >= maxAttempts && opts.onFailure) {
          await opts.onFailure(records, error);
          return;
        }
        if (attempt >= maxAttempts) {
          log(`event delivery failed ${attempt} times, moved to ${opts.deadLetterFile}: ${error}`);
          const lines = records.map(
            (r) => `${JSON.stringify({ error: String(error), record: r })}\n`,
          );
          await appendFile(opts.deadLetterFile, lines.join(""));
          return;
        }
        await new Promise((r) => setTimeout(r, (opts.retryDelayMs ?? 200) * 2 ** attempt));
      }
    }
  }

  /** One pass over every shard; returns whether anything was read. */
  async function pass(): Promise<boolean> {
    const description = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    let readSomething = false;
    // Parents before children, so records come in order across a shard split.
    for (const shard of description.StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId;
      if (!shardId || checkpoints.shards[shardId] === "closed") continue;
      if (shard.ParentShardId && checkpoints.shards[shard.ParentShardId] !== "closed") {
        const parentKnown = description.StreamDescription?.Shards?.some(
          (s) => s.ShardId === shard.ParentShardId,
        );
        if (parentKnown) continue;
      }
      let iterator = iterators.get(shardId) ?? (await openIterator(shardId));
      while (iterator && !stopped) {
        const res = await streams.send(
          new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }),
        );
        const records = res.Records ?? [];
        const kept = records.filter(opts.filter);
        if (kept.length > 0) await deliverWithRetry(kept);
        const last = records.at(-1)?.dynamodb?.SequenceNumber;
        if (last) {
          checkpoints.shards[shardId] = last;
          readSomething = true;
        }
        iterator = res.NextShardIterator;
        if (!iterator) {
          checkpoints.shards[shardId] = "closed";
          iterators.delete(shardId);
        } else {
          iterators.set(shardId, iterator);
        }
        if (last || !iterator) await saveCheckpoints();
        if (records.length === 0) break;
      }
    }
    return readSomething;
  }

  const loop = (async () => {
    while (!stopped) {
      const n = ++passNo;
      try {
        if (!(await pass())) lastIdlePass = n;
      } catch (error) {
        if (!stopped) log(`stream reader: ${error}`);
        iterators.clear(); // expired or broken iterators are re-opened from the checkpoint
      }
      if (!stopped) await new Promise((r) => setTimeout(r, pollMs));
    }
  })();

  return {
    async drain(timeoutMs = 60_000) {
      const target = passNo + 1;
      const deadline = Date.now() + timeoutMs;
      while (lastIdlePass < target) {
        if (stopped) throw new Error("stream delivery stopped");
        if (Date.now() > deadline) throw new Error("stream drain timed out");
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stop() {
      stopped = true;
      await loop;
      dynamo.destroy();
      streams.destroy();
    },
  };
}

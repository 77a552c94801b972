// Reading a sharded access pattern in order (./shards.ts): the items of several partitions of one
// index, merged by their sort key as if they were one partition, a few at a time. Each partition
// is queried in chunks, all of them side by side; the next item is the first of the partitions'
// heads. A cursor remembers, per partition, the last item taken (or that it is exhausted), so the
// next page starts where this one stopped; items read but not taken are read again then.
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import * as v from "valibot";
import type { Context } from "../context/index.server.ts";

export interface MergedQuerySpec {
  /** The index (undefined: the table) and its key attributes. */
  index?: string;
  partitionKey: string;
  sortKey: string;
  /** The partition key values to merge. */
  partitions: readonly string[];
  /** A condition on the sort key (`#sk` names it), with its values. */
  sortCondition?: { expression: string; values: Record<string, unknown> };
  /** A filter on the items (not the keys), with its names and values. */
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
  ascending: boolean;
  /** Items asked of a partition per Query. */
  chunk: number;
  /** Queries in all before the merge stops early (a filter that matches little); 0 = no limit. */
  maxQueries?: number;
}

/** Per partition: where its next Query starts (absent: its start), or null once exhausted. */
export type MergedCursor = Record<string, Record<string, string> | null>;

type Item = Record<string, unknown>;

interface Source {
  partition: string;
  buffer: Item[];
  /** ExclusiveStartKey of the next Query (undefined: from the start). */
  next: Record<string, string> | undefined;
  /** No Query left: the partition ends with its buffer. */
  last: boolean;
  /** Where a page that stops now resumes: after the last item taken, or `next` once drained. */
  resume: Record<string, string> | undefined;
}

export class MergedQuery {
  private readonly sources: Source[];
  private queries = 0;
  private stopped = false;

  constructor(
    private readonly ctx: Context,
    private readonly spec: MergedQuerySpec,
    start?: MergedCursor,
  ) {
    this.sources = spec.partitions.map((partition) => {
      const from = start?.[partition];
      return {
        partition,
        buffer: [],
        next: from ?? undefined,
        last: from === null,
        resume: from ?? undefined,
      };
    });
  }

  /** The next item in order across the partitions, or undefined when none is left (or stopped). */
  async next(): Promise<Item | undefined> {
    await Promise.all(this.sources.map((source) => this.fill(source)));
    let best: Source | undefined;
    for (const source of this.sources) {
      const head = source.buffer[0];
      if (head === undefined) continue;
      if (!best || this.before(head, best.buffer[0] as Item)) best = source;
    }
    if (!best) return undefined;
    const item = best.buffer.shift() as Item;
    best.resume = this.keyOf(item);
    return item;
  }

  /** Where the next page starts; undefined when every partition is exhausted. */
  cursor(): MergedCursor | undefined {
    const cursor: MergedCursor = {};
    let more = false;
    for (const source of this.sources) {
      const exhausted = source.last && source.buffer.length === 0;
      if (exhausted) {
        cursor[source.partition] = null;
        continue;
      }
      more = true;
      if (source.resume) cursor[source.partition] = source.resume;
    }
    return more ? cursor : undefined;
  }

  /** Queries a partition whose buffer is empty until it holds an item or is exhausted. */
  private async fill(source: Source): Promise<void> {
    while (source.buffer.length === 0 && !source.last && !this.stopped) {
      const max = this.spec.maxQueries ?? 0;
      if (max > 0 && this.queries >= max) {
        this.stopped = true;
        return;
      }
      this.queries++;
      const { Items, LastEvaluatedKey } = await this.ctx.db.send(
        new QueryCommand({
          TableName: this.ctx.tableName,
          ...(this.spec.index ? { IndexName: this.spec.index } : {}),
          KeyConditionExpression: `#pk = :pk${this.spec.sortCondition ? ` AND ${this.spec.sortCondition.expression}` : ""}`,
          ExpressionAttributeNames: {
            "#pk": this.spec.partitionKey,
            ...(this.spec.sortCondition ? { "#sk": this.spec.sortKey } : {}),
            ...this.spec.filter?.names,
          },
          ExpressionAttributeValues: {
            ":pk": source.partition,
            ...this.spec.sortCondition?.values,
            ...this.spec.filter?.values,
          },
          ...(this.spec.filter ? { FilterExpression: this.spec.filter.expression } : {}),
          ScanIndexForward: this.spec.ascending,
          Limit: this.spec.chunk,
          ...(source.next ? { ExclusiveStartKey: source.next } : {}),
        }),
      );
      source.buffer.push(...(Items ?? []));
      source.next = LastEvaluatedKey as Record<string, string> | undefined;
      source.last = !LastEvaluatedKey;
      // Nothing taken from it yet on this page and nothing matched: it may resume past them.
      if (source.buffer.length === 0 && source.next) source.resume = source.next;
    }
  }

  private before(a: Item, b: Item): boolean {
    const x = String(a[this.spec.sortKey]);
    const y = String(b[this.spec.sortKey]);
    return this.spec.ascending ? x < y : x > y;
  }

  /** The item's key as a Query of this index resumes from it. */
  private keyOf(item: Item): Record<string, string> {
    const names = new Set(["pk", "sk", this.spec.partitionKey, this.spec.sortKey]);
    return Object.fromEntries([...names].map((name) => [name, String(item[name])]));
  }
}

const KeySchema = v.record(
  v.picklist(["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk"]),
  v.pipe(v.string(), v.maxLength(400)),
);

/** A merged cursor as text for a URL. */
export function encodeMergedCursor(cursor: MergedCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/**
 * A merged cursor back from the browser: anything but partitions of `partitions` mapped to a key
 * or null is refused (undefined is returned, for the caller's own error).
 */
export function decodeMergedCursor(
  text: unknown,
  partitions: readonly string[],
): MergedCursor | undefined {
  if (typeof text !== "string" || text.length > 8000) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const parsed = v.safeParse(
    v.record(v.picklist(partitions as string[]), v.nullable(KeySchema)),
    value,
  );
  return parsed.success ? (parsed.output as MergedCursor) : undefined;
}

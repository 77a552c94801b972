// Abuse limits (docs/architecture.md §5, §6): counters in the table, one item per key and fixed time window
// (RATE#<scope>#<sha256(subject)> / W#<window>), expiring by TTL. The subject is hashed, so no
// e-mail or client address is stored in a key.
import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { rateLimitKey } from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { sha256 } from "./sessions.server.ts";

export interface Limit {
  /** How many are allowed in one window. */
  max: number;
  windowSeconds: number;
}

const windowOf = (limit: Limit, now: Date) =>
  Math.floor(now.getTime() / 1000 / limit.windowSeconds);

function key(scope: string, subject: string, limit: Limit, now: Date) {
  return rateLimitKey(scope, sha256(subject), windowOf(limit, now));
}

/** Seconds until the current window ends (what a "try again in…" message says). */
export function secondsLeft(limit: Limit, now = new Date()): number {
  const end = (windowOf(limit, now) + 1) * limit.windowSeconds;
  return Math.max(1, end - Math.floor(now.getTime() / 1000));
}

/**
 * Counts one use and tells whether it was allowed: one UpdateItem whose condition refuses the
 * use once `max` were counted in this window (so concurrent requests cannot slip past).
 */
export async function consume(
  ctx: Context,
  scope: string,
  subject: string,
  limit: Limit,
  now = new Date(),
): Promise<boolean> {
  try {
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: key(scope, subject, limit, now),
        UpdateExpression: "ADD #count :one SET #ttl = :ttl, entity = :entity",
        ConditionExpression: "attribute_not_exists(#count) OR #count < :max",
        ExpressionAttributeNames: { "#count": "count", "#ttl": TABLE.ttlAttribute },
        ExpressionAttributeValues: {
          ":one": 1,
          ":max": limit.max,
          ":ttl": (windowOf(limit, now) + 1) * limit.windowSeconds,
          ":entity": "rateLimit",
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Gives back one use counted by `consume` with the same `now` (same window), e.g. a sign-in
 * attempt that turned out not to be a failure. Never takes the count below zero.
 */
export async function release(
  ctx: Context,
  scope: string,
  subject: string,
  limit: Limit,
  now = new Date(),
): Promise<void> {
  try {
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: key(scope, subject, limit, now),
        UpdateExpression: "ADD #count :minusOne",
        ConditionExpression: "#count > :zero",
        ExpressionAttributeNames: { "#count": "count" },
        ExpressionAttributeValues: { ":minusOne": -1, ":zero": 0 },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

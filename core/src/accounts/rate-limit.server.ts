// Abuse limits (docs/architecture.md §5, §6), counted in a sliding window: the rule is
// ./sliding-window.ts (cur + ceil(prev * w) < max, w the previous window's remaining weight), so a
// burst across a window's edge gets at most `max`, never twice that as in fixed windows (the
// exact bound for uses spread over d seconds is in sliding-window.ts).
//
// One item per scope and subject (RATE#<scope>#<sha256(subject)> / RATE), expiring by TTL at the
// end of the window after the last use. Its attributes are the counts of window k (`c<k>`), so the
// current and the previous window live side by side; `w` is the latest window counted. Each use
// removes the count of window k-2, so the item holds two counts (one left from before a gap of two
// windows or more stays until the item is deleted by TTL; it is never read). The subject is
// hashed, so no e-mail or client address is stored in a key. Items of the earlier fixed-window
// layout (sk W#<window>) are no longer read and expire by their TTL.
//
// A check is one UpdateItem, no read before it: the client knows the weight at `now`, so the rule
// is written into the condition as a staircase of (prev, cur) thresholds (sliding-window.ts
// `steps`), and the write counts the use only if the counts stored at that moment allow it. Being
// one conditional write, parallel requests can never get past the limit. A refusal returns the
// old item (ReturnValuesOnConditionCheckFailure, through ../db/conditional.server.ts), so
// "Try again in …" is computed from the real counts.
//
// A request stamped in a window older than the item's latest (a clock behind another's) is
// refused: it would not see the newer window's uses.
import type { Context } from "../context/index.server.ts";
import { conditionalUpdate } from "../db/conditional.server.ts";
import { rateLimitKey } from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { sha256 } from "./sessions.server.ts";
import {
  consumeCondition,
  type Limit,
  retryAfterSeconds,
  windowOf,
  windowStart,
} from "./sliding-window.ts";

export type { Limit } from "./sliding-window.ts";

/** What `consume` answers: counted, or refused with the seconds until a use would be allowed. */
export type Consumed = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const key = (scope: string, subject: string) => rateLimitKey(scope, sha256(subject));
const countName = (k: number) => `c${k}`;

/** Seconds until a use is allowed again, from the counts of the item that refused it. */
function retryAfter(limit: Limit, item: Record<string, unknown> | undefined, now: Date): number {
  if (!item) {
    // No old item came back: the most a refusal can mean (max uses in this window).
    return retryAfterSeconds(limit, { cur: limit.max, prev: limit.max }, now);
  }
  const count = (k: number) => Number(item[countName(k)] ?? 0);
  const latest = Number(item.w ?? Number.NEGATIVE_INFINITY);
  const k = windowOf(limit, now);
  if (latest > k) {
    // Another clock is ahead: wait as seen from the start of its window.
    const start = new Date(windowStart(limit, latest));
    const ahead = Math.ceil((start.getTime() - now.getTime()) / 1000);
    return ahead + retryAfterSeconds(limit, { cur: count(latest), prev: count(latest - 1) }, start);
  }
  return retryAfterSeconds(limit, { cur: count(k), prev: count(k - 1) }, now);
}

/**
 * Counts one use and tells whether it was allowed: one UpdateItem whose condition is the sliding
 * window's rule at `now`, so concurrent requests cannot slip past. Refused: the seconds until the
 * next use would be allowed.
 */
export async function consume(
  ctx: Context,
  scope: string,
  subject: string,
  limit: Limit,
  now = new Date(),
): Promise<Consumed> {
  const k = windowOf(limit, now);
  const condition = consumeCondition(limit, now);
  const written = await conditionalUpdate(ctx, {
    TableName: ctx.tableName,
    Key: key(scope, subject),
    UpdateExpression: "ADD #cur :one SET #latest = :k, #ttl = :ttl, entity = :entity REMOVE #old",
    ConditionExpression: condition.expression,
    ExpressionAttributeNames: {
      "#cur": countName(k),
      "#prev": countName(k - 1),
      "#old": countName(k - 2),
      "#latest": "w",
      "#ttl": TABLE.ttlAttribute,
    },
    ExpressionAttributeValues: {
      ...condition.values,
      ":one": 1,
      ":ttl": windowStart(limit, k + 2) / 1000,
      ":entity": "rateLimit",
    },
    ReturnValuesOnConditionCheckFailure: "ALL_OLD",
  });
  if (written.ok) return { allowed: true };
  return { allowed: false, retryAfterSeconds: retryAfter(limit, written.old, now) };
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
  // At zero already: nothing to give back.
  await conditionalUpdate(ctx, {
    TableName: ctx.tableName,
    Key: key(scope, subject),
    UpdateExpression: "ADD #count :minusOne",
    ConditionExpression: "#count > :zero",
    ExpressionAttributeNames: { "#count": countName(windowOf(limit, now)) },
    ExpressionAttributeValues: { ":minusOne": -1, ":zero": 0 },
  });
}

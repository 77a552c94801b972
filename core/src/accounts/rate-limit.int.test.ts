// The sliding-window counter on DynamoDB Local (core/src/accounts/rate-limit.server.ts): one
// conditional UpdateItem per check, the counts of a refusal read from the old item it returns,
// `release`, and conditions as large as the checkout's 300 quotes an hour.
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { rateLimitKey } from "../db/keys.ts";
import { consume, type Limit, release } from "./rate-limit.server.ts";
import { sha256 } from "./sessions.server.ts";
import { windowStart } from "./sliding-window.ts";

let n = 0;
const subject = () => `subject-${n++}`;
/** `seconds` into the window `windows` after the next one of `limit` (a window of our own). */
const at = (limit: Limit, seconds: number, windows = 0) => {
  const length = limit.windowSeconds * 1000;
  const k = Math.ceil(Date.now() / length) + 1 + windows;
  return new Date(windowStart(limit, k) + seconds * 1000);
};
const allowed = (results: { allowed: boolean }[]) => results.filter((r) => r.allowed).length;

describe("the sliding-window counter", () => {
  it("refuses with the wait computed from the stored counts", async () => {
    const { ctx } = await createTestContext();
    const limit = { max: 3, windowSeconds: 3600 };
    const who = subject();
    // Two uses in the window before; half-way through this one they weigh 1: two more.
    expect(
      allowed(
        await Promise.all([1, 2].map(() => consume(ctx, "t", who, limit, at(limit, 10, -1)))),
      ),
    ).toBe(2);
    const now = at(limit, 1800);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => consume(ctx, "t", who, limit, now)),
    );
    expect(allowed(results)).toBe(2);
    // cur 2, prev 2: this window is full; at the next one's start prev 2 weighs 2, room for 1.
    expect(results.find((r) => !r.allowed)).toEqual({ allowed: false, retryAfterSeconds: 1800 });
    const item = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: rateLimitKey("t", sha256(who)) }),
    );
    expect(Object.keys(item.Item ?? {}).filter((a) => /^c\d+$/.test(a))).toHaveLength(2);
    // One window on, the counts of two windows back are removed: the item stays small.
    await consume(ctx, "t", who, limit, at(limit, 10, 2));
    const later = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: rateLimitKey("t", sha256(who)) }),
    );
    expect(Object.keys(later.Item ?? {}).filter((a) => /^c\d+$/.test(a))).toHaveLength(2);
  });

  it("release gives back one use of the consume's window, never below zero", async () => {
    const { ctx } = await createTestContext();
    const limit = { max: 2, windowSeconds: 60 };
    const who = subject();
    const now = at(limit, 30);
    expect(await consume(ctx, "t", who, limit, now)).toEqual({ allowed: true });
    expect(await consume(ctx, "t", who, limit, now)).toEqual({ allowed: true });
    expect(await consume(ctx, "t", who, limit, now)).toMatchObject({ allowed: false });
    await release(ctx, "t", who, limit, now);
    expect(await consume(ctx, "t", who, limit, now)).toEqual({ allowed: true });
    expect(await consume(ctx, "t", who, limit, now)).toMatchObject({ allowed: false });
    // Given back in the next window, with the first use's `now`: the previous window's count
    // falls (2 → 0), so the next window has its whole room.
    const next = at(limit, 30, 1);
    expect(await consume(ctx, "t", who, limit, next)).toEqual({ allowed: true });
    expect(await consume(ctx, "t", who, limit, next)).toMatchObject({ allowed: false });
    await release(ctx, "t", who, limit, now);
    await release(ctx, "t", who, limit, now);
    await release(ctx, "t", who, limit, now); // already 0: nothing
    expect(await consume(ctx, "t", who, limit, next)).toEqual({ allowed: true });
    expect(await consume(ctx, "t", who, limit, next)).toMatchObject({ allowed: false });
    // Releases beyond the uses do not make room for more than max.
    const fresh = subject();
    for (let i = 0; i < 3; i++) await release(ctx, "t", fresh, limit, now);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => consume(ctx, "t", fresh, limit, now)),
    );
    expect(allowed(results)).toBe(2);
  });

  it("refuses a request stamped in a window older than one already counted (a clock behind)", async () => {
    const { ctx } = await createTestContext();
    const limit = { max: 5, windowSeconds: 900 };
    const who = subject();
    expect(await consume(ctx, "t", who, limit, at(limit, 1, 1))).toEqual({ allowed: true });
    const behind = await consume(ctx, "t", who, limit, at(limit, 899));
    expect(behind).toMatchObject({ allowed: false });
    expect(behind.allowed ? 0 : behind.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it("holds a large limit in one condition (300 an hour), coarsened never past the exact rule", async () => {
    const { ctx } = await createTestContext();
    const limit = { max: 300, windowSeconds: 3600 };
    const now = at(limit, 1); // 1 s after an edge: the window before weighs 3599/3600
    const k = Math.floor(now.getTime() / 3_600_000);
    /** A subject whose previous window counted `prev` uses (written as consume leaves it). */
    const withPrev = async (prev: number) => {
      const who = subject();
      await ctx.db.send(
        new PutCommand({
          TableName: ctx.tableName,
          Item: { ...rateLimitKey("t", sha256(who)), [`c${k - 1}`]: prev, w: k - 1 },
        }),
      );
      return who;
    };
    const burst = async (who: string) =>
      allowed(
        await Promise.all(Array.from({ length: 12 }, () => consume(ctx, "t", who, limit, now))),
      );
    // 295 (a bucket's top) still weigh 295: 5 more, as the exact rule says.
    expect(await burst(await withPrev(295))).toBe(5);
    // 292 is counted as its bucket's top, 295: 5 more, where the exact rule would give 8.
    expect(await burst(await withPrev(292))).toBe(5);
    const huge = { max: 100_000, windowSeconds: 3600 };
    expect(await consume(ctx, "t", subject(), huge, at(huge, 1800))).toEqual({ allowed: true });
  });
});

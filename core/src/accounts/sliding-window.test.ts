// The sliding window's rule, its staircase (what the table's condition says) and the wait until
// the next use, without I/O.
import { describe, expect, it } from "vitest";
import {
  allows,
  bucketSize,
  consumeCondition,
  effectivePrev,
  type Limit,
  MAX_STEPS,
  retryAfterSeconds,
  steps,
  stepsAdmit,
  waitMs,
  windowOf,
  windowStart,
} from "./sliding-window.ts";

const signIn: Limit = { max: 5, windowSeconds: 900 };
const k = 1_000_000;
/** A moment `seconds` into window k of `limit`. */
const at = (limit: Limit, seconds: number) =>
  new Date(windowStart(limit, k) + Math.round(seconds * 1000));

describe("the sliding window's rule", () => {
  it("counts the previous window by its remaining weight, rounded up", () => {
    // 5 uses in the window before; at 1 s in, they still weigh ceil(5 * 899/900) = 5.
    expect(allows(signIn, { cur: 0, prev: 5 }, at(signIn, 1))).toBe(false);
    // A fifth of the way in, they weigh 4: one more.
    expect(allows(signIn, { cur: 0, prev: 5 }, at(signIn, 179.999))).toBe(false);
    expect(allows(signIn, { cur: 0, prev: 5 }, at(signIn, 180))).toBe(true);
    expect(allows(signIn, { cur: 1, prev: 5 }, at(signIn, 180))).toBe(false);
    // ceil, not floor: 5 at the very end of a window and one just after would make 6.
    expect(allows(signIn, { cur: 0, prev: 5 }, at(signIn, 899.999))).toBe(true);
    expect(allows(signIn, { cur: 0, prev: 5 }, at(signIn, 0.001))).toBe(false);
    expect(allows(signIn, { cur: 4, prev: 1 }, at(signIn, 899.999))).toBe(false);
    expect(allows(signIn, { cur: 4, prev: 0 }, at(signIn, 0))).toBe(true);
    expect(allows(signIn, { cur: 5, prev: 0 }, at(signIn, 0))).toBe(false);
  });

  it("gives a burst across an edge at most max, and a stretch of d seconds max + floor(max * d / length)", () => {
    // Greedy attempts every second for four windows: every stretch that crosses an edge holds at
    // most max + floor(max * d / length) uses (the previous window is assumed spread evenly), so
    // at most max when d is short; within one window, at most max.
    for (const limit of [
      { max: 5, windowSeconds: 60 },
      { max: 3, windowSeconds: 40 },
    ]) {
      const counts = new Map<number, number>();
      const taken: number[] = [];
      for (let t = 0; t < 4 * limit.windowSeconds; t += 1) {
        const now = at(limit, t);
        const w = windowOf(limit, now);
        const cur = counts.get(w) ?? 0;
        if (allows(limit, { cur, prev: counts.get(w - 1) ?? 0 }, now)) {
          counts.set(w, cur + 1);
          taken.push(t);
        }
      }
      for (const from of taken) {
        for (let d = 0; d < limit.windowSeconds; d++) {
          const inside = taken.filter((t) => t >= from && t <= from + d).length;
          expect(inside).toBeLessThanOrEqual(
            limit.max + Math.floor((limit.max * d) / limit.windowSeconds),
          );
        }
      }
      // Over four windows, about max a window.
      expect(taken.length).toBeLessThanOrEqual(4 * limit.max + 1);
    }
  });
});

describe("the staircase the condition is built from", () => {
  const moments = [0, 0.001, 1, 100, 299.5, 450, 600, 899, 899.999];

  it("admits exactly what the rule allows, missing counts being 0", () => {
    for (const limit of [
      signIn,
      { max: 1, windowSeconds: 900 },
      { max: 20, windowSeconds: 3600 },
    ]) {
      for (const s of moments) {
        const now = at(limit, (s * limit.windowSeconds) / 900);
        const all = steps(limit, now);
        for (let prev = 0; prev <= limit.max + 2; prev++) {
          for (let cur = 0; cur <= limit.max + 2; cur++) {
            const rule = allows(limit, { cur, prev }, now);
            expect(stepsAdmit(all, cur, prev), `${limit.max} ${s} ${cur} ${prev}`).toBe(rule);
          }
          expect(stepsAdmit(all, undefined, prev)).toBe(allows(limit, { cur: 0, prev }, now));
        }
        for (let cur = 0; cur <= limit.max + 2; cur++) {
          expect(stepsAdmit(all, cur, undefined)).toBe(allows(limit, { cur, prev: 0 }, now));
        }
        expect(stepsAdmit(all, undefined, undefined)).toBe(true);
      }
    }
  });

  it("stays within MAX_STEPS for a large max, never allowing more than the exact rule", () => {
    const quotes: Limit = { max: 300, windowSeconds: 3600 };
    expect(bucketSize(quotes)).toBe(5);
    expect(bucketSize({ max: 50, windowSeconds: 3600 })).toBe(1);
    for (const max of [1, 5, 20, 50, 63, 64, 100, 300, 1000, 100_000]) {
      const limit = { max, windowSeconds: 3600 };
      for (const s of [0, 1, 1800, 3599]) {
        const now = at(limit, s);
        const all = steps(limit, now);
        expect(all.length).toBeLessThanOrEqual(MAX_STEPS);
        expect(all.length).toBeGreaterThan(0);
      }
    }
    // Coarse: prev rounded up to its bucket's top, so never more than the exact rule.
    const exact = (cur: number, prev: number, now: Date) => {
      const w = (windowStart(quotes, k + 1) - now.getTime()) / (quotes.windowSeconds * 1000);
      return cur + Math.ceil(prev * w - 1e-9) < quotes.max;
    };
    for (const s of [0.5, 900, 1800, 3000]) {
      const now = at(quotes, s);
      const all = steps(quotes, now);
      for (let prev = 0; prev <= 302; prev += 1) {
        for (const cur of [0, 1, 50, 150, 295, 299, 300]) {
          if (stepsAdmit(all, cur, prev)) expect(exact(cur, prev, now)).toBe(true);
          expect(stepsAdmit(all, cur, prev)).toBe(allows(quotes, { cur, prev }, now));
        }
      }
    }
    expect(effectivePrev(quotes, 1)).toBe(5);
    expect(effectivePrev(quotes, 5)).toBe(5);
    expect(effectivePrev(quotes, 301)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("the condition written to the table", () => {
  it("fits DynamoDB's limits on an expression (4 KB, 300 operators) at any max", () => {
    for (const max of [1, 5, 50, 63, 64, 300, 1000, 100_000]) {
      const limit = { max, windowSeconds: 3600 };
      for (const s of [0, 1, 1800, 3599.999]) {
        const { expression, values } = consumeCondition(limit, at(limit, s));
        expect(Buffer.byteLength(expression)).toBeLessThan(4096);
        const operators = expression.match(/<=|\bAND\b|\bOR\b|attribute_not_exists/g) ?? [];
        expect(operators.length).toBeLessThan(300);
        // Every value the expression names is given, and only those.
        const named = new Set(expression.match(/:[a-z]\d*/g));
        expect(new Set(Object.keys(values))).toEqual(named);
      }
    }
  });
});

describe("the wait until the next use", () => {
  it("is when the previous window's weight has fallen enough", () => {
    // 5 failures just before the edge, refused 1 s after it: allowed at 180 s (5 * 0.8 = 4).
    expect(waitMs(signIn, { cur: 0, prev: 5 }, at(signIn, 1))).toBe(179_000);
    expect(retryAfterSeconds(signIn, { cur: 0, prev: 5 }, at(signIn, 1))).toBe(179);
    expect(waitMs(signIn, { cur: 2, prev: 5 }, at(signIn, 1))).toBe(539_000); // 5 * 0.4 = 2
  });

  it("runs into the next window once this one's own uses fill it", () => {
    // 3 of 3 used in this window, none before: next window, prev 3 must weigh 2 (a third in).
    const limit: Limit = { max: 3, windowSeconds: 3600 };
    expect(retryAfterSeconds(limit, { cur: 3, prev: 0 }, at(limit, 600))).toBe(3000 + 1200);
    // Both full at max 1: the use is out of the window only when it has fully slid out.
    const one: Limit = { max: 1, windowSeconds: 900 };
    expect(retryAfterSeconds(one, { cur: 1, prev: 0 }, at(one, 100))).toBe(800 + 900);
    // A count above max (the limit was lowered): still a finite, true wait.
    expect(retryAfterSeconds(signIn, { cur: 9, prev: 9 }, at(signIn, 10))).toBe(890 + 900);
  });

  it("agrees with the rule: refused just before, allowed at the end of the wait", () => {
    for (const limit of [
      signIn,
      { max: 20, windowSeconds: 3600 },
      { max: 300, windowSeconds: 3600 },
    ]) {
      for (const s of [0, 1, 300, 899]) {
        for (const [cur, prev] of [
          [limit.max, 0],
          [limit.max - 1, limit.max],
          [0, limit.max],
          [1, Math.ceil(limit.max / 2)],
        ] as const) {
          const now = at(limit, (s * limit.windowSeconds) / 900);
          const wait = waitMs(limit, { cur, prev }, now);
          const then = new Date(now.getTime() + wait);
          // Once the window has turned, its count is the previous one.
          const countsThen = (date: Date) => {
            const moved = windowOf(limit, date) - windowOf(limit, now);
            if (moved === 0) return { cur, prev };
            if (moved === 1) return { cur: 0, prev: cur };
            return { cur: 0, prev: 0 };
          };
          expect(allows(limit, countsThen(then), then)).toBe(true);
          if (wait > 0) {
            const before = new Date(then.getTime() - 1);
            expect(allows(limit, countsThen(before), before)).toBe(false);
          }
        }
      }
    }
  });
});

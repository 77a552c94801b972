// The sliding-window rule of the abuse limits (docs/architecture.md §5), pure: no I/O. The table
// side is rate-limit.server.ts.
//
// Time is cut into fixed windows of `windowSeconds` (window k = floor(t / length)); a limit keeps
// the count of the current window (`cur`) and of the previous one (`prev`). At elapsed fraction e
// of window k the previous window still weighs w = 1 - e, and a use is allowed iff
//
//     cur + ceil(prev * w) < max
//
// (the "sliding window counter"). ceil, not floor: with floor, `max` uses at the very end of one
// window and one just after its edge would give max + 1. A burst across an edge therefore gets at
// most `max`: the uses of the window before are still counted whole right after the edge. The
// rule assumes the previous window's uses were spread evenly, so it is not a strict log: uses
// within d seconds of each other across an edge are at most max + floor(max * d / length) (e.g.
// 5 failed sign-ins at 14:59:59 and a sixth at 15:03, 15-minute window), and with fixed windows
// that was 2 * max for any d. A strict count would need every use's time in the item (a log),
// which one conditional UpdateItem cannot trim and check; this keeps two numbers.
//
// DynamoDB's condition expressions cannot multiply, but the weight is known when the request is
// made, so the rule is handed to the table as a staircase: allowed iff for some step i,
// prev <= prevAtMost_i AND cur <= curAtMost_i (`steps`), plus the cases of a missing count.
// A large `max` (CHECKOUT_QUOTES_PER_HOUR is 300) would need one step per value of prev, past what
// one expression may hold (4 KB, 300 operators): then prev is counted in buckets of `bucketSize`
// uses, each rounded UP to its bucket's top (`effectivePrev`), so the coarse rule never allows
// more than the exact one, at most MAX_STEPS steps; with the defaults only the checkout's quotes
// (300 an hour: buckets of 5, never more than 4 quotes short of the exact rule) are coarsened.

export interface Limit {
  /** How many are allowed in any stretch of one window's length. */
  max: number;
  windowSeconds: number;
}

/** The counts a limit keeps: uses in the current window and in the one before. */
export interface Counts {
  cur: number;
  prev: number;
}

/** At most this many steps in one condition (4 operators each: under DynamoDB's 300). */
export const MAX_STEPS = 64;

const windowMs = (limit: Limit) => limit.windowSeconds * 1000;

/** The window `now` is in. */
export const windowOf = (limit: Limit, now: Date) => Math.floor(now.getTime() / windowMs(limit));

/** When window k starts, in milliseconds since the epoch. */
export const windowStart = (limit: Limit, k: number) => k * windowMs(limit);

/** prev is counted in buckets of this many uses (1: exact). */
export const bucketSize = (limit: Limit) =>
  limit.max < MAX_STEPS ? 1 : Math.ceil(limit.max / (MAX_STEPS - 1));

/** The highest prev the steps can admit (the top of the last bucket). */
const topPrev = (limit: Limit) => bucketSize(limit) * Math.ceil(limit.max / bucketSize(limit));

/** prev as the rule counts it: rounded up to its bucket's top; Infinity past the last bucket. */
export function effectivePrev(limit: Limit, prev: number): number {
  const size = bucketSize(limit);
  const rounded = Math.ceil(Math.max(0, prev) / size) * size;
  return rounded > topPrev(limit) ? Number.POSITIVE_INFINITY : rounded;
}

/** ceil(prev * w) with w = (length - elapsed) / length, in integers (no rounding error). */
function weighted(prev: number, elapsedMs: number, lengthMs: number): number {
  if (prev === 0) return 0;
  if (!Number.isFinite(prev)) return Number.POSITIVE_INFINITY;
  return Math.ceil((prev * (lengthMs - elapsedMs)) / lengthMs);
}

const elapsedMs = (limit: Limit, now: Date) =>
  now.getTime() - windowStart(limit, windowOf(limit, now));

/** The rule itself: may one more use be counted at `now`, given the counts? */
export function allows(limit: Limit, counts: Counts, now: Date): boolean {
  const prev = effectivePrev(limit, counts.prev);
  return counts.cur + weighted(prev, elapsedMs(limit, now), windowMs(limit)) < limit.max;
}

/** One step of the staircase: allowed when prev <= prevAtMost and cur <= curAtMost. */
export interface Step {
  prevAtMost: number;
  curAtMost: number;
}

/**
 * The rule at `now` as steps, by increasing prevAtMost and decreasing curAtMost (each the widest
 * prev with that allowance). Never empty: with prev = 0, max - 1 earlier uses are allowed.
 */
export function steps(limit: Limit, now: Date): Step[] {
  const size = bucketSize(limit);
  const elapsed = elapsedMs(limit, now);
  const out: Step[] = [];
  for (let prev = 0; prev <= topPrev(limit); prev += size) {
    const curAtMost = limit.max - 1 - weighted(prev, elapsed, windowMs(limit));
    if (curAtMost < 0) break;
    const last = out[out.length - 1];
    if (last && last.curAtMost === curAtMost) last.prevAtMost = prev;
    else out.push({ prevAtMost: prev, curAtMost });
  }
  return out;
}

/**
 * What the condition built from `steps` admits, a count being possibly missing (undefined: a
 * comparison with a missing attribute is false in DynamoDB, so those cases have their own
 * clauses). The same logic as the expression rate-limit.server.ts writes; the unit tests check it
 * against `allows`.
 */
export function stepsAdmit(
  all: Step[],
  cur: number | undefined,
  prev: number | undefined,
): boolean {
  const first = all[0];
  const last = all[all.length - 1];
  if (!first || !last) return false;
  if (cur === undefined) return prev === undefined || prev <= last.prevAtMost;
  if (prev === undefined) return cur <= first.curAtMost;
  return all.some((s) => prev <= s.prevAtMost && cur <= s.curAtMost);
}

/**
 * The condition of rate-limit.server.ts's `consume` at `now` (names #cur, #prev, #latest; values :k, :p<i>, :a<i>): the
 * item's latest window is not after this one, and the counts allow one more use (the staircase of
 * `steps`, plus clauses for a missing count, which a comparison would take as false).
 * At most MAX_STEPS steps: under DynamoDB's 4 KB and 300 operators (checked by the unit tests).
 */
export function consumeCondition(limit: Limit, now: Date) {
  const staircase = steps(limit, now);
  const values: Record<string, number> = { ":k": windowOf(limit, now) };
  const clauses = staircase.map((step, i) => {
    values[`:p${i}`] = step.prevAtMost;
    values[`:a${i}`] = step.curAtMost;
    return `(#prev <= :p${i} AND #cur <= :a${i})`;
  });
  // Step 0 allows the most earlier uses (prev = 0); the last step, the widest prev.
  const last = staircase.length - 1;
  clauses.push(
    `(attribute_not_exists(#cur) AND (attribute_not_exists(#prev) OR #prev <= :p${last}))`,
    "(attribute_not_exists(#prev) AND #cur <= :a0)",
  );
  return {
    expression: `(attribute_not_exists(#latest) OR #latest <= :k) AND (${clauses.join(" OR ")})`,
    values,
  };
}

/**
 * Milliseconds from `now` until one more use would be allowed, if nothing else is counted
 * meanwhile (0: allowed now). The weight of prev falls through the window; once the window ends,
 * cur becomes prev and counts for nothing new.
 */
export function waitMs(limit: Limit, counts: Counts, now: Date): number {
  const length = windowMs(limit);
  const k = windowOf(limit, now);
  const elapsed = now.getTime() - windowStart(limit, k);
  // Earliest elapsed time in a window at which cur + ceil(prev * w) < max, or null: not in it.
  const within = (cur: number, rawPrev: number): number | null => {
    const room = limit.max - 1 - cur;
    if (room < 0) return null;
    const prev = effectivePrev(limit, rawPrev);
    if (prev === 0 || prev <= room) return 0;
    if (!Number.isFinite(prev)) return null;
    // prev * (length - t) <= room * length  ⇔  t >= length - room * length / prev
    const t = length - Math.floor((room * length) / prev);
    return t < length ? t : null;
  };
  const here = within(counts.cur, counts.prev);
  if (here !== null) return Math.max(0, here - elapsed);
  const next = within(0, counts.cur);
  const untilNext = length - elapsed;
  if (next !== null) return untilNext + next;
  return untilNext + length; // both windows have passed: nothing is counted any more
}

/** Whole seconds to wait (what "Try again in …" says), at least 1. */
export const retryAfterSeconds = (limit: Limit, counts: Counts, now: Date) =>
  Math.max(1, Math.ceil(waitMs(limit, counts, now) / 1000));

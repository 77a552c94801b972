// "Busy", not "error" (docs/decisions/034-busy-not-error.md): a dependency that answers "too many
// requests" (the table's throttles, a transaction cancelled only by another one on the same item,
// Stripe's 429) is asked again after a full-jitter exponential backoff, for as long as the
// request's deadline leaves time; then the call ends as a DependencyUnavailable marked busy,
// which pages answer with the 503 page (busy wording) and forms with their 503 message, the
// shopper's input and cart kept. Nothing was written by a refused call, so asking again is safe.
//
// The deadline: a request runs within its budget (deadlines.ts: PAGE_BUDGET_MS from the moment
// the site took it, CHARGE_BUDGET_MS for the checkout's "Confirm order"); work outside a request
// (a function's event, a script, a test) gives each series of tries a page budget of its own.
import { AsyncLocalStorage } from "node:async_hooks";
import { DependencyUnavailable } from "../common/errors.ts";
import { DEPENDENCY_DIMENSION, DEPENDENCY_UNAVAILABLE_METRIC } from "../common/metrics-names.ts";
import { type Dependency, PAGE_BUDGET_MS } from "./deadlines.ts";
import { countMetric, logLine } from "./telemetry.ts";

/** The backoff: full jitter on min(cap, base × 2^retry); tries stop `reserveMs` before the deadline. */
export const BUSY_RETRY = {
  baseMs: 25,
  capMs: 1_000,
  /** Left for the rest of the answer (the 503 page, the form's message) once retries stop. */
  reserveMs: 1_000,
} as const;

interface RequestTime {
  startedAt: number;
  deadline: number;
}

const requestTimes = new AsyncLocalStorage<RequestTime>();

/**
 * Runs `work`, one request's answer, with its deadline `budgetMs` after `startedAt` (by default
 * now). Inside a request, a later call measures from the request's own start: the checkout's
 * "Confirm order" widens the page budget to the charge budget, not past it.
 */
export function withDeadline<T>(budgetMs: number, work: () => T, startedAt?: number): T {
  const start = startedAt ?? requestTimes.getStore()?.startedAt ?? Date.now();
  return requestTimes.run({ startedAt: start, deadline: start + budgetMs }, work);
}

/** The current request's deadline (ms since the epoch), if the work runs inside one. */
export function requestDeadline(): number | undefined {
  return requestTimes.getStore()?.deadline;
}

/** The wait before retry `retry` (0 for the first): full jitter, AWS's advice. */
export function busyWaitMs(retry: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(BUSY_RETRY.capMs, BUSY_RETRY.baseMs * 2 ** retry));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A call's try that the dependency refused as busy, and how (for the log line). */
export type BusyReason = string | undefined;

/**
 * Runs `run` until it succeeds, fails otherwise, or is refused as busy (`busyReason` names why)
 * with no time left before the deadline for another wait and try; then throws the busy
 * DependencyUnavailable (logged once as `dependency.busy`; counted in the metric
 * DependencyUnavailable by dependency, which the dashboard and alarms watch).
 */
export async function retryWhileBusy<T>(
  call: { dependency: Dependency; operation: string },
  run: () => Promise<T>,
  busyReason: (error: unknown) => BusyReason,
): Promise<T> {
  const deadline = requestDeadline() ?? Date.now() + PAGE_BUDGET_MS;
  for (let retry = 0; ; retry++) {
    try {
      return await run();
    } catch (error) {
      const reason = busyReason(error);
      if (reason === undefined) throw error;
      const wait = busyWaitMs(retry);
      if (Date.now() + wait + BUSY_RETRY.reserveMs > deadline) {
        throw busy({ ...call, tries: retry + 1, reason, error });
      }
      await sleep(wait);
    }
  }
}

/** Logs and counts a call that stayed busy, and returns the DependencyUnavailable to throw. */
function busy(fields: {
  dependency: Dependency;
  operation: string;
  tries: number;
  reason: string;
  error: unknown;
}): DependencyUnavailable {
  logLine("warn", "dependency.busy", {
    event: "dependency.busy",
    dependency: fields.dependency,
    operation: fields.operation,
    tries: fields.tries,
    reason: fields.reason,
  });
  countMetric(
    DEPENDENCY_UNAVAILABLE_METRIC,
    { operation: fields.operation },
    { [DEPENDENCY_DIMENSION]: fields.dependency },
  );
  return new DependencyUnavailable(fields.dependency, fields.operation, {
    cause: fields.error,
    busy: true,
  });
}

/** The table's "too many requests" answers, after the SDK's own retries. */
const TABLE_THROTTLES = new Set([
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "RequestLimitExceeded",
  // A single write met a transaction in progress on its item.
  "TransactionConflictException",
]);

/**
 * Why the table refused a call as busy: a throttle, or a transaction cancelled only because
 * another one held one of its items (every reason None or TransactionConflict). A transaction
 * whose condition failed is an answer, not busy.
 */
export function tableBusyReason(error: unknown): BusyReason {
  if (!(error instanceof Error)) return undefined;
  if (TABLE_THROTTLES.has(error.name)) return error.name;
  if (error.name !== "TransactionCanceledException") return undefined;
  const reasons = (
    (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []
  ).map((r) => r.Code ?? "None");
  const conflict = reasons.includes("TransactionConflict");
  return conflict && reasons.every((r) => r === "None" || r === "TransactionConflict")
    ? "TransactionConflict"
    : undefined;
}

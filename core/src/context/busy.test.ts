// The busy rule's pieces (docs/decisions/034-busy-not-error.md): which refusals are busy, the
// full-jitter wait, and the request's deadline.
import { describe, expect, it } from "vitest";
import {
  BUSY_RETRY,
  busyWaitMs,
  requestDeadline,
  tableBusyReason,
  withDeadline,
} from "./busy.server.ts";

const named = (name: string, fields: object = {}) =>
  Object.assign(new Error(name), { name, ...fields });
const cancelled = (...codes: string[]) =>
  named("TransactionCanceledException", { CancellationReasons: codes.map((Code) => ({ Code })) });

describe("a busy table", () => {
  it("is a throttle, or a transaction cancelled only by conflicts; a failed condition is an answer", () => {
    expect(tableBusyReason(named("ProvisionedThroughputExceededException"))).toBe(
      "ProvisionedThroughputExceededException",
    );
    expect(tableBusyReason(named("ThrottlingException"))).toBe("ThrottlingException");
    expect(tableBusyReason(cancelled("None", "TransactionConflict"))).toBe("TransactionConflict");
    expect(
      tableBusyReason(cancelled("TransactionConflict", "ConditionalCheckFailed")),
    ).toBeUndefined();
    expect(tableBusyReason(cancelled("None", "ConditionalCheckFailed"))).toBeUndefined();
    expect(tableBusyReason(named("ConditionalCheckFailedException"))).toBeUndefined();
    expect(tableBusyReason(named("InternalServerError"))).toBeUndefined();
    expect(tableBusyReason("not an error")).toBeUndefined();
  });
});

describe("the wait", () => {
  it("is full jitter on an exponential ceiling, capped", () => {
    expect(busyWaitMs(0, () => 0)).toBe(0);
    expect(busyWaitMs(2, () => 0.999_999)).toBe(BUSY_RETRY.baseMs * 4 - 1);
    expect(busyWaitMs(30, () => 0.999_999)).toBe(BUSY_RETRY.capMs - 1);
  });
});

describe("the request's deadline", () => {
  it("is measured from the request's start, also when a later step widens it", () => {
    expect(requestDeadline()).toBeUndefined();
    withDeadline(
      5_000,
      () => {
        expect(requestDeadline()).toBe(1_000 + 5_000);
        withDeadline(15_000, () => expect(requestDeadline()).toBe(1_000 + 15_000));
      },
      1_000,
    );
  });
});

// The decisions of `npm run restore` (./restore.ts): what an operator would see refused, the
// restored table's name and the plan's steps, without AWS.
import { describe, expect, it } from "vitest";
import {
  parseRestoreArgs,
  RestoreUsageError,
  restoredTableName,
  restorePlan,
  restoreTimeProblem,
} from "./restore.ts";

const deployed = (stage: string) => ["staging", "production"].includes(stage);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RestoreUsageError);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
};

describe("parseRestoreArgs", () => {
  it("takes a known stage and a time with its zone", () => {
    expect(
      parseRestoreArgs(["--stage", "staging", "--to", "2026-11-29T15:05:00+01:00"], deployed),
    ).toEqual({ stage: "staging", to: new Date("2026-11-29T14:05:00Z"), dryRun: false });
    expect(
      parseRestoreArgs(
        ["--stage", "production", "--to", "2026-11-29T14:05Z", "--dry-run"],
        deployed,
      ).dryRun,
    ).toBe(true);
  });

  it("refuses a stage that is not deployed", () => {
    expect(
      refusal(() =>
        parseRestoreArgs(["--stage", "prodution", "--to", "2026-11-29T14:05Z"], deployed),
      ),
    ).toMatch(/--stage: "prodution" is not a deployed stage/);
  });

  it("refuses a time without its zone, or not a time", () => {
    for (const to of [
      "2026-11-29T14:05:00",
      "2026-11-29 14:05Z",
      "yesterday",
      "2026-13-40T14:05Z",
    ]) {
      expect(refusal(() => parseRestoreArgs(["--stage", "staging", "--to", to], deployed))).toMatch(
        /--to: .* is not a time in ISO-8601 with its zone/,
      );
    }
  });

  it("refuses missing or unknown arguments", () => {
    expect(refusal(() => parseRestoreArgs(["--to", "2026-11-29T14:05Z"], deployed))).toMatch(
      /Name the stage/,
    );
    expect(refusal(() => parseRestoreArgs(["--stage", "staging"], deployed))).toMatch(
      /Name the time/,
    );
    expect(
      refusal(() => parseRestoreArgs(["--stage", "staging", "--to", "x", "--force"], deployed)),
    ).toMatch(/--force/);
  });
});

describe("restoreTimeProblem", () => {
  const now = new Date("2026-11-29T15:00:00Z");
  const window = {
    earliest: new Date("2026-10-25T15:00:00Z"),
    latest: new Date("2026-11-29T14:55:00Z"),
  };
  it("accepts a time within point-in-time recovery's window", () => {
    expect(restoreTimeProblem(new Date("2026-11-29T14:05:00Z"), now, window)).toBeUndefined();
    expect(restoreTimeProblem(window.earliest, now, window)).toBeUndefined();
    expect(restoreTimeProblem(window.latest, now, window)).toBeUndefined();
  });
  it("refuses a time in the future, before the window or after its latest time", () => {
    expect(restoreTimeProblem(new Date("2026-11-29T15:30:00Z"), now, window)).toMatch(
      /is in the future/,
    );
    expect(restoreTimeProblem(new Date("2026-10-25T14:59:59Z"), now, window)).toMatch(
      /before the earliest time point-in-time recovery can restore, 2026-10-25T15:00:00.000Z/,
    );
    expect(restoreTimeProblem(new Date("2026-11-29T14:58:00Z"), now, window)).toMatch(
      /after the latest restorable time, 2026-11-29T14:55:00.000Z/,
    );
  });
});

describe("restoredTableName", () => {
  const to = new Date("2026-11-29T14:05:00Z");
  it("names the table after the stage's and the time it goes back to", () => {
    expect(restoredTableName("production-threadline-Storage-TableCD117FA1-ABC", to)).toBe(
      "production-threadline-Storage-TableCD117FA1-ABC-restored-20261129t140500z",
    );
  });
  it("does not stack the suffixes of earlier restores", () => {
    const once = restoredTableName("staging-table", new Date("2026-11-20T08:00:00Z"));
    expect(restoredTableName(once, to)).toBe("staging-table-restored-20261129t140500z");
  });
});

describe("restorePlan", () => {
  const input = {
    stage: "staging",
    to: new Date("2026-11-29T14:05:00Z"),
    table: "t",
    restoredTable: "t-restored-20261129t140500z",
    production: false,
  };
  it("on a stage whose deploy deletes the old table, carries the numbers over before the deploy", () => {
    // The old table is read for its order numbers: after this deploy it is gone.
    expect(restorePlan(input).map((s) => s.id)).toEqual([
      "restore",
      "stream",
      "ttl",
      "recovery",
      "order-numbers",
      "deploy",
      "search-index",
      "edge",
    ]);
    expect(restorePlan(input).find((s) => s.id === "deploy")?.what).toMatch(
      /RESTORED_TABLE_STREAM_ARN.*the old table is deleted by this deploy/,
    );
  });
  it("protects a production table from deletion and keeps the old one", () => {
    const plan = restorePlan({ ...input, stage: "production", production: true });
    expect(plan.map((s) => s.id).slice(0, 5)).toEqual([
      "restore",
      "stream",
      "ttl",
      "recovery",
      "protection",
    ]);
    expect(plan.find((s) => s.id === "deploy")?.what).toMatch(/the old table is kept/);
    // The old table stays: its numbers are carried after the switch, up to the very last one.
    expect(plan.map((s) => s.id).slice(5)).toEqual([
      "deploy",
      "order-numbers",
      "search-index",
      "edge",
    ]);
  });
});

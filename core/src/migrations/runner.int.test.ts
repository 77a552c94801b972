// The migrations' runner against DynamoDB Local (docs/decisions/024-migrations-on-deploy.md): a
// migration runs page by page and is recorded (when, how many items, how many pages); a run that
// reaches its deadline stops with its pages recorded and the next one resumes from its cursor; a
// migration done is never run again; a later migration waits for an earlier one; two runs at once
// cannot both record a page.
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import {
  type Cursor,
  defineMigration,
  namedMigrations,
  readMigrationRecord,
  runMigrations,
} from "./runner.server.ts";

/** A migration over `total` numbers, `size` a page, that counts what each number was given. */
function counting(total: number, size: number) {
  const seen = new Map<number, number>();
  const migration = defineMigration({
    description: "counts numbers",
    async page(_ctx, cursor: Cursor | undefined) {
      const from = Number(cursor?.next ?? 0);
      const to = Math.min(total, from + size);
      for (let n = from; n < to; n++) seen.set(n, (seen.get(n) ?? 0) + 1);
      return { touched: to - from, ...(to < total ? { cursor: { next: to } } : {}) };
    },
  });
  return { migration, seen };
}

const at = new Date("2026-11-26T10:00:00.000Z");

describe("the migrations' runner", () => {
  it("applies a migration page by page and records when, how many items and pages", async () => {
    const { ctx } = await createTestContext();
    const { migration, seen } = counting(25, 10);
    const outcomes = await runMigrations(ctx, namedMigrations({ "001-count": migration }), {
      now: () => at,
    });
    expect(outcomes).toEqual([{ id: "001-count", status: "done", touched: 25, pages: 3 }]);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(await readMigrationRecord(ctx, "001-count")).toMatchObject({
      id: "001-count",
      description: "counts numbers",
      state: "done",
      startedAt: at.toISOString(),
      doneAt: at.toISOString(),
      touched: 25,
      pages: 3,
    });
    expect((await readMigrationRecord(ctx, "001-count"))?.cursor).toBeUndefined();
  });

  it("stops at its deadline with its pages recorded, and the next run resumes where it stopped", async () => {
    const { ctx } = await createTestContext();
    const { migration, seen } = counting(50, 10);
    const migrations = namedMigrations({ "001-count": migration });
    // A clock that moves one minute a page: the deadline falls after the second page.
    let clock = 0;
    const timed = namedMigrations({
      "001-count": defineMigration({
        description: migration.description,
        async page(c, cursor) {
          clock += 60_000;
          return migration.page(c, cursor);
        },
      }),
    });
    const stopped = await runMigrations(ctx, timed, { deadline: 120_000, clock: () => clock });
    expect(stopped).toEqual([{ id: "001-count", status: "pending", touched: 20, pages: 2 }]);
    expect(await readMigrationRecord(ctx, "001-count")).toMatchObject({
      state: "running",
      pages: 2,
      touched: 20,
      cursor: { next: 20 },
    });
    const resumed = await runMigrations(ctx, migrations);
    expect(resumed).toEqual([{ id: "001-count", status: "done", touched: 50, pages: 5 }]);
    // Every number once: nothing done twice, nothing skipped.
    expect(seen.size).toBe(50);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });

  it("never runs a migration that is done again, and never runs one past a migration not done", async () => {
    const { ctx } = await createTestContext();
    const a = counting(3, 10);
    const b = counting(3, 10);
    const migrations = namedMigrations({ "001-a": a.migration, "002-b": b.migration });
    await runMigrations(ctx, namedMigrations({ "001-a": a.migration }));
    const outcomes = await runMigrations(ctx, migrations);
    expect(outcomes.map((o) => [o.id, o.status])).toEqual([
      ["001-a", "already"],
      ["002-b", "done"],
    ]);
    expect([...a.seen.values()]).toEqual([1, 1, 1]);

    const failing = defineMigration({
      description: "fails",
      page: async () => {
        throw new Error("the table said no");
      },
    });
    const c = counting(3, 10);
    const { ctx: other } = await createTestContext();
    await expect(
      runMigrations(other, namedMigrations({ "001-fails": failing, "002-c": c.migration })),
    ).rejects.toThrow("the table said no");
    expect(c.seen.size).toBe(0);
    expect(await readMigrationRecord(other, "002-c")).toBeUndefined();
    // The operator finds the error on the migration's item too.
    expect(await readMigrationRecord(other, "001-fails")).toMatchObject({
      lastError: "Error: the table said no",
    });
    expect((await readMigrationRecord(other, "001-fails"))?.state).toBeUndefined();
  });

  it("a run that finds its page recorded by another run stops instead of recording it twice", async () => {
    const { ctx } = await createTestContext();
    const { migration } = counting(30, 10);
    const racing = defineMigration({
      description: "counts numbers",
      async page(c, cursor) {
        const result = await migration.page(c, cursor);
        // Meanwhile, another run recorded this first page.
        if (!cursor) {
          await c.db.send(
            new PutCommand({
              TableName: c.tableName,
              Item: {
                pk: "MIGRATION#001-count",
                sk: "MIGRATION",
                state: "running",
                pages: 1,
                touched: 10,
                cursor: { next: 10 },
              },
            }),
          );
        }
        return result;
      },
    });
    const outcomes = await runMigrations(ctx, namedMigrations({ "001-count": racing }));
    expect(outcomes).toEqual([{ id: "001-count", status: "busy", touched: 0, pages: 0 }]);
    expect(await readMigrationRecord(ctx, "001-count")).toMatchObject({ pages: 1, touched: 10 });
  });
});
